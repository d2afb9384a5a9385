import { z } from 'zod';
import { TRANSFER_MSG } from '@atlas/contracts';
import { dataBucket } from '../../config.js';
import { RUN_ID } from '../../domains/runs/index.js';
import { defineTask, parseInput, type TaskDeps } from '../registry.js';
import { BasespaceAnswerError, createBasespace } from './transfers/basespace.js';
import { runIdOfPath, ZOutputKey } from './transfers/outputs.js';
import { openStagedTransfer } from './transfers/staged.js';
import { writeTo } from './transfers/storage-sink.js';

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
  /** Bytes received by this run. */
  bytes: number;
  /** How many times a file's transfer resumed after a dropped connection, over all files. */
  resumed: number;
  /** Bytes earlier runs of the same transfer had staged, which this one went on from. */
  carried: number;
}

/** A dropped transfer of a file is picked up again from the byte reached, this many times per file. */
export const BASESPACE_RESUMES_MAX = 5;

type FileDownload = z.infer<typeof ZFileDownload>;

/** More bytes than listed: the file is not the one listed, and asking again cannot help. */
class SizeError extends Error {}

/**
 * What the person who asked reads when a file fails for good: the file and its run, never the API's or the signed
 * URL's address (those go to the server's log).
 */
function fileFailure(file: FileDownload, failure: unknown, received: number): Error {
  if (failure instanceof SizeError) return failure;
  const runId = runIdOfPath(file.outpath);
  if (failure instanceof BasespaceAnswerError)
    return new Error(TRANSFER_MSG.basespaceFileFailed(failure.status, file.name, runId), { cause: failure });
  return new Error(TRANSFER_MSG.basespaceFileUnreachable(file.name, runId, received, file.size), { cause: failure });
}

/**
 * One file into storage through the uploads' staging area (transfers/staged.ts). A connection that dies (before
 * the answer, mid-file, or with an end before the listed size) is resumed from the byte reached with a range
 * request on a fresh signed URL, so a flaky network costs the bytes in flight, not the file; a run cut off for
 * good leaves its bytes staged, and the next run of the same file goes on from them. The size is checked before
 * the object is moved into place.
 */
async function downloadFile(
  file: FileDownload,
  basespace: ReturnType<typeof createBasespace>,
  deps: TaskDeps,
  onBytes: (n: number) => Promise<void>,
  log: { info(details: object, message: string): void; warn(details: object, message: string): void },
): Promise<{ resumed: number; carried: number }> {
  const staged = await openStagedTransfer(deps, { source: file.href, key: file.outpath, size: file.size });
  if (staged.carried > 0) {
    log.info(
      { file: file.name, carried: staged.carried, size: file.size },
      'BaseSpace transfer goes on from an earlier run',
    );
    await onBytes(staged.carried);
  }
  let resumed = 0;
  while (staged.offset < file.size) {
    const failure = await staged.append(async (out) => {
      let received = staged.offset;
      const body = await basespace.content(file.href, received);
      for await (const chunk of body as AsyncIterable<Buffer>) {
        received += chunk.length;
        if (received > file.size) throw new SizeError(TRANSFER_MSG.sizeMismatch(file.name, file.size, received));
        await writeTo(out, chunk);
        await onBytes(chunk.length);
      }
    });
    // Bytes of a file that is not the one listed, or no longer there, are worth nothing to a later run.
    const gone = failure instanceof BasespaceAnswerError && failure.status === 404;
    if (failure instanceof SizeError || gone) await staged.discard();
    const final = failure instanceof SizeError || failure instanceof BasespaceAnswerError;
    if (final || (failure && resumed >= BASESPACE_RESUMES_MAX)) {
      log.warn(
        { err: failure, url: failure instanceof BasespaceAnswerError ? failure.url : file.href, file: file.name },
        'BaseSpace transfer failed',
      );
      throw fileFailure(file, failure, staged.offset);
    }
    // An answer that ends before the listed size without an error is a drop too.
    if (staged.offset >= file.size || resumed >= BASESPACE_RESUMES_MAX) break;
    log.warn(
      { err: failure, file: file.name, received: staged.offset, size: file.size },
      'BaseSpace transfer dropped; resuming',
    );
    resumed++;
  }
  if (staged.offset !== file.size) throw new Error(TRANSFER_MSG.sizeMismatch(file.name, file.size, staged.offset));
  await staged.commit(dataBucket(deps.config), file.outpath);
  return { resumed, carried: staged.carried };
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
    let carried = 0;
    for (const file of files) {
      const outcome = await downloadFile(file, basespace, deps, onBytes, log);
      resumed += outcome.resumed;
      carried += outcome.carried;
    }
    return { files: files.map((f) => ({ outpath: f.outpath, size: f.size })), bytes: done - carried, resumed, carried };
  },
});
