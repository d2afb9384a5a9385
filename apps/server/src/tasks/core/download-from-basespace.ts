import { Transform } from 'node:stream';
import { z } from 'zod';
import { TRANSFER_MSG } from '@atlas/contracts';
import { dataBucket } from '../../config.js';
import { RUN_ID } from '../../domains/runs/index.js';
import { defineTask, parseInput } from '../registry.js';
import { createBasespace } from './transfers/basespace.js';
import { ZOutputKey } from './transfers/outputs.js';

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
}

/** Counts the bytes going through and fails the stream when they are more than expected. */
function counter(name: string, expected: number, onBytes: (n: number) => Promise<void>) {
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > expected) return callback(new Error(TRANSFER_MSG.sizeMismatch(name, expected, bytes)));
      onBytes(chunk.length).then(() => callback(null, chunk), callback);
    },
    flush(callback) {
      callback(bytes === expected ? null : new Error(TRANSFER_MSG.sizeMismatch(name, expected, bytes)));
    },
  });
  return stream;
}

/**
 * core.download_from_basespace_href (spec 03 §2.9, §7): streams the files of a BaseSpace dataset into storage one
 * by one, each checked against its size before it is committed (nothing partial is ever visible), with progress
 * over the bytes of all of them. Only files of the configured BaseSpace are fetched. Admin only.
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
  run: async ({ files }, { deps, progress }): Promise<BasespaceDownloadResult> => {
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
    for (const file of files) {
      const body = await basespace.content(file.href);
      const counted = body.pipe(counter(file.name, file.size, onBytes));
      body.once('error', (error) => counted.destroy(error));
      await deps.storage.put(dataBucket(deps.config), file.outpath, counted);
    }
    return { files: files.map((f) => ({ outpath: f.outpath, size: f.size })), bytes: done };
  },
});
