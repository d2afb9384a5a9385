import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { Upload } from '@tus/utils';
import type { Config } from '../../../config.js';
import { createStaging, stagingBucketOf } from '../../../domains/uploads/index.js';
import type { ObjectStore } from '../../../infra/storage/index.js';

/**
 * A transfer's bytes grow in the uploads' staging area (a tus upload of the storage driver: a file beside the
 * filesystem store, or an S3 multipart upload) under an id made of the source, the destination and the size. A
 * transfer cut off — a dropped connection, a lost worker, a restarted server — goes on from the byte reached the
 * next time it runs, and the object appears in place only once it is complete and checked (a move, as uploads do).
 * Unfinished transfers expire with the uploads' (domains/uploads). Two runs of the same transfer never write it at
 * once: both declare the destination key, and writers of one key run one at a time (tasks/write-leases.ts).
 */
export interface StagedTransfer {
  /** Bytes staged so far. */
  readonly offset: number;
  /** Bytes staged by earlier runs when this one began. */
  readonly carried: number;
  /**
   * Stages what `feed` writes into the stream it is given, after the bytes staged so far. What arrived before a
   * failure of `feed` stays staged, and the failure is the answer (null when `feed` ran to its end); a storage
   * failure is thrown.
   */
  append(feed: (into: PassThrough) => Promise<unknown>): Promise<unknown>;
  /** The MD5 of the staged bytes, read back from storage. */
  md5(): Promise<string>;
  /** Moves the complete bytes to `key` of `bucket` (atomic) and forgets the staged transfer. */
  commit(bucket: string, key: string): Promise<void>;
  /** Drops the staged bytes: the next run starts from the first byte. */
  discard(): Promise<void>;
}

export async function openStagedTransfer(
  deps: { config: Config; storage: ObjectStore },
  transfer: { source: string; key: string; size: number },
): Promise<StagedTransfer> {
  const staging = createStaging(deps.config, deps.storage);
  await staging.ready();
  const { datastore } = staging;
  const id = `transfer-${createHash('sha256')
    .update(JSON.stringify([transfer.source, transfer.key, transfer.size]))
    .digest('hex')
    .slice(0, 40)}`;
  const known = await datastore.getUpload(id).catch(() => null);
  if (!known) await datastore.create(new Upload({ id, size: transfer.size, offset: 0, metadata: { transfer: 'yes' } }));
  const carried = known?.offset ?? 0;
  let offset = carried;

  return {
    carried,
    get offset() {
      return offset;
    },
    async append(feed) {
      const into = new PassThrough({ highWaterMark: 1 << 20 });
      const written = datastore.write(into, id, offset);
      // A storage failure stops the feed (its writes see a destroyed stream) instead of leaving it waiting to drain.
      written.catch((error: unknown) => into.destroy(error as Error));
      const failure = await feed(into).then(
        () => null,
        (error: unknown) => error,
      );
      into.end();
      offset = await written;
      return failure;
    },
    async md5() {
      const hash = createHash('md5');
      const { body } = await deps.storage.get(stagingBucketOf(deps.config), id);
      for await (const chunk of body) hash.update(chunk as Buffer);
      return hash.digest('hex');
    },
    async commit(bucket, key) {
      const staged = await staging.open(id);
      try {
        await staged.commit(bucket, key);
      } finally {
        await staged.release();
      }
      await staging.discard(id);
    },
    discard: () => staging.discard(id),
  };
}
