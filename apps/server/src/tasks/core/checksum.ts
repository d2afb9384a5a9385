import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ZObjectKey } from '@atlas/contracts';
import { defineTask, parseInput } from '../registry.js';

const ZKwargs = z.object({
  bucket: z.string().min(1, 'Must not be empty'),
  // The storage rules (no `..`, no leading `/`, …) checked when posting, so a bad key is a 400 and not a FAILURE.
  key: ZObjectKey,
});

export interface ChecksumResult {
  bucket: string;
  key: string;
  sha256: string;
  size: number;
}

/**
 * core.checksum: streams one object through SHA-256, reporting progress by bytes read. It exercises the whole
 * path (storage → worker → progress → result) with real work and constant memory, whatever the object size.
 */
export const checksum = defineTask({
  name: 'core.checksum',
  queue: 'atxcloud_core',
  idempotent: true,
  description: 'Computes the SHA-256 and size of a stored object.',
  argSpecs: [
    { name: 'bucket', value: 'atx-data', type: 'string', caption: 'Bucket', description: 'Bucket holding the object.' },
    {
      name: 'key',
      value: '',
      type: 'string',
      caption: 'Key',
      description: 'Object key, e.g. data/D00001/h5/data.csv.gz.',
    },
  ],
  parse: (_args, kwargs) => parseInput(ZKwargs, kwargs, 'kwargs'),
  touches: ({ bucket, key }) => ({ read: [{ bucket, key }] }),
  run: async ({ bucket, key }, { deps, progress }): Promise<ChecksumResult> => {
    // Only configured buckets: a task must not become a way to probe arbitrary storage.
    if (!deps.config.buckets.includes(bucket)) throw new Error(`Unknown bucket '${bucket}'`);
    const info = await deps.storage.head(bucket, key);
    if (!info) throw new Error(`No object '${key}' in bucket '${bucket}'`);
    const { body } = await deps.storage.get(bucket, key);
    const hash = createHash('sha256');
    let read = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      hash.update(chunk);
      read += chunk.length;
      if (info.size > 0) await progress((100 * read) / info.size);
    }
    return { bucket, key, sha256: hash.digest('hex'), size: read };
  },
});
