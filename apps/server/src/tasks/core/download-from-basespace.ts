import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { TRANSFER_MSG } from '@atlas/contracts';
import { dataBucket } from '../../config.js';
import { RUN_ID } from '../../domains/runs/index.js';
import { defineTask, parseInput } from '../registry.js';
import { BasespaceAnswerError, createBasespace } from './transfers/basespace.js';
import { ZOutputKey } from './transfers/outputs.js';
import { StorageStopped, writeTo } from './transfers/storage-sink.js';

const ZFileDownload = z.object({
  href: z.string().url('Must be the file address (Href) BaseSpace gives'),
  name: z.string().min(1),
  size: z.number().int().min(0),
  outpath: ZOutputKey,
});
const ZArgs = z.tuple([z.array(ZFileDownload).min(1, 'Must name at least one file').max(1000)]);
const ZKwargs = z.object({
  run_id: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().regex(RUN_ID, "Must be 'D' followed by a 5-digit number").optional(),
  ),
  description: z.string().max(500).optional(),
});

export interface BasespaceDownloadResult {
  files: { outpath: string; size: number }[];
  bytes: number;
  /** How many times a file's transfer resumed after a dropped connection, over all files. */
  resumed: number;
}

/** A dropped transfer of a file is picked up again from the byte reached, this many times per file. */
export const BASESPACE_RESUMES_MAX = 5;

type FileDownload = z.infer<typeof ZFileDownload>;

/** More bytes than listed: the file is not the one listed, and asking again cannot help. */
class SizeError extends Error {}

/**
 * One file into storage through one storage upload. A connection that dies (before the answer, mid-file, or with
 * an end before the listed size) is resumed from the byte reached with a range request on a fresh signed URL, so a flaky network
 * costs the bytes in flight, not the file. The size is checked before the object is committed.
 */
async function downloadFile(
  file: FileDownload,
  basespace: ReturnType<typeof createBasespace>,
  put: (body: PassThrough) => Promise<unknown>,
  onBytes: (n: number) => Promise<void>,
  log: { warn(details: object, message: string): void },
): Promise<number> {
  const out = new PassThrough({ highWaterMark: 1 << 20 });
  const stored = put(out);
  // Observed at once: a storage failure mid-transfer must not be an unhandled rejection.
  stored.catch(() => undefined);
  let received = 0;
  let resumed = 0;
  try {
    for (;;) {
      try {
        const body = await basespace.content(file.href, received);
        for await (const chunk of body as AsyncIterable<Buffer>) {
          received += chunk.length;
          if (received > file.size) throw new SizeError(TRANSFER_MSG.sizeMismatch(file.name, file.size, received));
          await writeTo(out, chunk);
          await onBytes(chunk.length);
        }
      } catch (error) {
        const final = error instanceof SizeError || error instanceof BasespaceAnswerError;
        if (out.destroyed || final || resumed >= BASESPACE_RESUMES_MAX) throw error;
        log.warn({ err: error, file: file.name, received, size: file.size }, 'BaseSpace transfer dropped; resuming');
      }
      if (received >= file.size || resumed >= BASESPACE_RESUMES_MAX) break;
      resumed++;
    }
    if (received !== file.size) throw new Error(TRANSFER_MSG.sizeMismatch(file.name, file.size, received));
    out.end();
    await stored;
    return resumed;
  } catch (error) {
    // The storage upload is abandoned: put() commits nothing from a destroyed body.
    out.destroy(error as Error);
    const storageError = await stored.then(
      () => null,
      (e: unknown) => e,
    );
    throw error instanceof StorageStopped && storageError ? storageError : error;
  }
}

/**
 * core.download_from_basespace_href (spec 03 §2.9, §7): streams the files of a BaseSpace dataset into storage one
 * by one, each resumed from the byte reached when its connection drops and checked against its size before it is
 * committed (nothing partial is ever visible), with progress over the bytes of all of them. Only files of the
 * configured BaseSpace are fetched. Admin only.
 */
export const downloadFromBasespace = defineTask({
  name: 'core.download_from_basespace_href',
  queue: 'atxcloud_core',
  description: 'Copies the files of a BaseSpace dataset into storage.',
  access: 'admin',
  target: 'transfer',
  argSpecs: [
    {
      name: 'file_downloads',
      positional: true,
      value: [],
      type: 'json',
      caption: 'Files',
      description: 'The file_downloads of a dataset from core.list_basespace_datasets: href, name, size, outpath.',
    },
  ],
  parse: (args, kwargs) => ({ files: parseInput(ZArgs, args, 'args')[0], ...parseInput(ZKwargs, kwargs, 'kwargs') }),
  touches: ({ files }, config) => ({ write: files.map((f) => ({ bucket: dataBucket(config), key: f.outpath })) }),
  run: async ({ files }, { deps, progress, log }): Promise<BasespaceDownloadResult> => {
    const basespace = createBasespace(deps.config);
    const foreign = files.find((f) => !basespace.ownsFileHref(f.href));
    if (foreign) throw new Error(TRANSFER_MSG.basespaceForeignHref(foreign.href));
    const total = files.reduce((sum, f) => sum + f.size, 0);
    let done = 0;
    let reportedAt = 0;
    const onBytes = async (n: number) => {
      done += n;
      if (Date.now() - reportedAt < 250 || total === 0) return;
      reportedAt = Date.now();
      await progress((99 * done) / total);
    };
    let resumed = 0;
    for (const file of files) {
      const put = (body: PassThrough) => deps.storage.put(dataBucket(deps.config), file.outpath, body);
      resumed += await downloadFile(file, basespace, put, onBytes, log);
    }
    return { files: files.map((f) => ({ outpath: f.outpath, size: f.size })), bytes: done, resumed };
  },
});
