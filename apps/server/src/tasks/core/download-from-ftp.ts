import { createHash } from 'node:crypto';
import path from 'node:path';
import type { PassThrough } from 'node:stream';
import { Writable } from 'node:stream';
import type { Client } from 'basic-ftp';
import { z } from 'zod';
import { TRANSFER_MSG } from '@atlas/contracts';
import { dataBucket } from '../../config.js';
import { RUN_ID } from '../../domains/runs/index.js';
import { defineTask, parseInput } from '../registry.js';
import { novogeneLoginSpecs } from './list-novogene-batch.js';
import { ftpProblem, isMd5List, openFtp, readMd5Lists, stillThere, watchForStall, ZFtpLogin } from './transfers/ftp.js';
import { ZOutputKey } from './transfers/outputs.js';
import { openStagedTransfer } from './transfers/staged.js';
import { StorageStopped, writeTo } from './transfers/storage-sink.js';

const ZKwargs = ZFtpLogin.extend({
  source: z.string().trim().min(1, 'Must not be empty').max(4096),
  output_key: ZOutputKey,
  // From the listing; without it the task reads the MD5 lists in the file's folder.
  md5: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[0-9a-fA-F]{32}$/, 'Must be 32 hexadecimal digits')
      .optional(),
  ),
  // Job Managment shows these (spec 03 §2.10).
  run_id: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().regex(RUN_ID, "Must be 'D' followed by a 5-digit number").optional(),
  ),
  description: z.string().max(500).optional(),
});

/** A dropped connection is picked up again from the byte reached, this many times per file. */
export const FTP_RESUMES_MAX = 5;
const PROGRESS_EVERY_MS = 250;

export interface FtpDownloadResult {
  output_key: string;
  size: number;
  md5: string;
  md5_verified: boolean;
  /** How many times the transfer resumed after a dropped connection. */
  resumed: number;
  /** Bytes an earlier run of the same transfer had stored, which this one went on from. */
  carried: number;
}

async function md5FromFolder(client: Client, source: string): Promise<string | null> {
  const dir = path.posix.dirname(source);
  const lists = (await client.list(dir))
    .filter((entry) => entry.isFile && isMd5List(entry.name))
    .map((entry) => ({ path: path.posix.join(dir, entry.name), size: entry.size }));
  return (await readMd5Lists(client, lists)).get(path.posix.normalize(source)) ?? null;
}

/**
 * core.download_from_ftp_to_s3 (spec 03 §2.8, §7): streams one file of a Novogene batch from FTP into storage —
 * nothing is held in memory or on local disk beyond stream buffers. The bytes grow in storage's staging area
 * (transfers/staged.ts): a dropped connection is resumed from the byte reached (FTP REST), and a run cut off
 * altogether (worker lost, server restarted) is gone on from by the next run of the same transfer. The size and,
 * when the batch lists one, the MD5 are checked before the object is moved into place, so a wrong or partial file
 * is never visible. Admin only.
 */
export const downloadFromFtp = defineTask({
  name: 'core.download_from_ftp_to_s3',
  queue: 'atxcloud_core',
  description: 'Copies one file of a Novogene FTP batch into storage, checking its MD5.',
  access: 'admin',
  target: 'transfer',
  argSpecs: [
    ...novogeneLoginSpecs,
    {
      name: 'source',
      value: '',
      type: 'string',
      caption: 'Source file',
      description: 'Path of the file on the FTP server.',
    },
    {
      name: 'output_key',
      value: '',
      type: 'string',
      caption: 'Output key',
      description: 'Where it goes in the data bucket, e.g. data/D00001/fastq/D00001_1.fq.gz.',
    },
  ],
  parse: (_args, kwargs) => parseInput(ZKwargs, kwargs, 'kwargs'),
  touches: (input, config) => ({ write: [{ bucket: dataBucket(config), key: input.output_key }] }),
  run: async (input, { deps, progress, log }): Promise<FtpDownloadResult> => {
    let client = await openFtp(input);
    let size: number;
    let expected: string | null;
    try {
      size = await client.size(input.source);
      expected = input.md5?.toLowerCase() ?? (await md5FromFolder(client, input.source));
    } catch (error) {
      client.close();
      throw new Error(ftpProblem(error), { cause: error });
    }

    const staged = await openStagedTransfer(deps, { source: input.source, key: input.output_key, size });
    // Hashed as the bytes pass; a transfer that goes on from an earlier run's bytes reads them all back at the end.
    const hash = staged.carried === 0 ? createHash('md5') : null;
    let resumed = 0;
    let reportedAt = 0;
    const sink = (out: PassThrough, alive: () => void) => {
      const from = staged.offset;
      let passed = 0;
      return new Writable({
        highWaterMark: 1 << 20,
        write(chunk: Buffer, _encoding, callback) {
          alive();
          // basic-ftp may hand over chunks it still held after downloadTo failed and this append ended: they are
          // not staged, and the resumed read sends them again, so they are not hashed either (CI once saw such a
          // chunk hashed twice: "checksum mismatch" on a resumed transfer whose staged bytes were right).
          if (out.writableEnded || out.destroyed) return callback(new StorageStopped());
          hash?.update(chunk);
          passed += chunk.length;
          const now = Date.now();
          const report = now - reportedAt >= PROGRESS_EVERY_MS && size > 0;
          if (report) reportedAt = now;
          writeTo(out, chunk)
            .then(() => (report ? progress((99 * Math.min(from + passed, size)) / size) : undefined))
            .then(() => callback(), callback);
        },
      });
    };
    // A failure shows the share actually read, as its message does.
    const showReached = () => progress(size > 0 ? Math.floor((100 * staged.offset) / size) : 0);
    const name = path.posix.basename(input.source);
    const stallSeconds = Math.round(deps.config.transferStallMs / 100) / 10;

    if (staged.carried > 0) log.info({ carried: staged.carried, size }, 'FTP transfer goes on from an earlier run');
    while (staged.offset < size) {
      const watch = watchForStall(client, deps.config.transferStallMs);
      let dropped: unknown;
      try {
        dropped = await staged.append((out) => client.downloadTo(sink(out, watch.alive), input.source, staged.offset));
      } finally {
        watch.stop();
        client.close();
      }
      // A server may also end a transfer early without an error: that is a drop too.
      if (staged.offset >= size) break;
      // Whatever stopped it, a file gone from the server ends the transfer, and its bytes are worth nothing.
      client = await openFtp(input);
      const there = await stillThere(client, input.source).catch((error: unknown) => {
        client.close();
        throw error;
      });
      if (!there || resumed >= FTP_RESUMES_MAX) client.close();
      if (!there) {
        await staged.discard();
        await showReached();
        throw new Error(TRANSFER_MSG.ftpFileVanished(name, staged.offset, size), { cause: dropped });
      }
      if (resumed >= FTP_RESUMES_MAX) {
        await showReached();
        if (watch.stalled) throw new Error(TRANSFER_MSG.ftpStalled(name, stallSeconds, staged.offset, size));
        if (dropped) throw new Error(ftpProblem(dropped), { cause: dropped });
        break;
      }
      log.warn(
        { err: dropped, stalled: watch.stalled, received: staged.offset, size },
        'FTP transfer dropped; resuming',
      );
      resumed++;
    }
    if (staged.offset !== size) {
      // More bytes than listed, or fewer after every retry: nothing of it is worth keeping.
      if (staged.offset > size) await staged.discard();
      throw new Error(TRANSFER_MSG.sizeMismatch(input.source, size, staged.offset));
    }
    // Every byte is in: the check below either commits or fails with the whole file read.
    await progress(100);
    const md5 = hash ? hash.digest('hex') : await staged.md5();
    if (expected && md5 !== expected) {
      await staged.discard();
      throw new Error(TRANSFER_MSG.md5Mismatch(name, expected, md5));
    }
    await staged.commit(dataBucket(deps.config), input.output_key);
    return {
      output_key: input.output_key,
      size,
      md5,
      md5_verified: expected !== null,
      resumed,
      carried: staged.carried,
    };
  },
});
