import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { MemoryKvStore, type DataStore } from '@tus/utils';
import { dataBucket, type Config } from '../../config.js';
import type { ObjectStore } from '../../infra/storage/index.js';

/** Unfinished uploads older than this are removed with their parts (a lab resumes within days, not weeks). */
export const STAGING_EXPIRY_MS = 7 * 24 * 3600 * 1000;
/** S3 multipart part size: large enough for throughput, small enough that a dropped part costs little to resend. */
const S3_PART_BYTES = 16 * 1024 * 1024;

/**
 * Where uploads grow until they are complete, per storage driver: files under the data folder (tus FileStore), or
 * S3 multipart uploads in a staging bucket beside the data bucket (tus S3Store). The staging area is outside every
 * configured bucket, so no storage route ever serves half an upload; a checked upload is copied into place through
 * the storage port, whose `put` is atomic.
 */
export interface Staging {
  readonly datastore: DataStore;
  /** Makes the staging area exist (the S3 staging bucket); called before the first upload is created. */
  ready(): Promise<void>;
  /** Removes an upload's bytes, parts and info, finished or not; removing what is gone is not an error. */
  discard(id: string): Promise<void>;
  /** A local file holding a completed upload's bytes, for the arrival check and the copy into place. */
  localFile(id: string): Promise<{ path: string; release(): Promise<void> }>;
}

export function createStaging(config: Config, storage: ObjectStore): Staging {
  return config.s3 ? s3Staging(config, storage) : fsStaging(config);
}

function fsStaging(config: Config): Staging {
  const directory = path.join(config.dataDir, 'tmp', 'tus');
  fs.mkdirSync(directory, { recursive: true });
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: STAGING_EXPIRY_MS });
  return {
    datastore,
    ready: async () => {},
    discard: (id) => datastore.remove(id).catch(ignoreMissing),
    // FileStore keeps the bytes in `{directory}/{id}`: checked and copied in place, removed with the upload.
    localFile: async (id) => ({ path: path.join(directory, id), release: async () => {} }),
  };
}

/** The staging bucket of the S3 driver: `{data bucket}-uploads`. */
export const stagingBucketOf = (config: Pick<Config, 'buckets'>) => `${dataBucket(config)}-uploads`;

function s3Staging(config: Config, storage: ObjectStore): Staging {
  const s3 = config.s3!;
  const bucket = stagingBucketOf(config);
  // Our own handle on the store's metadata cache, so that discarding an upload forgets it too.
  const cache = new MemoryKvStore<MetadataValue>();
  const datastore = new S3Store({
    cache,
    partSize: S3_PART_BYTES,
    // Object tags are not offered by every S3-compatible store; expiry then works from the multipart listing.
    useTags: false,
    expirationPeriodInMilliseconds: STAGING_EXPIRY_MS,
    s3ClientConfig: {
      bucket,
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      // As the storage driver does (infra/storage/s3.ts): checksums only where S3 requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
  const checkDir = path.join(config.dataDir, 'tmp', 'tus-check');
  return {
    datastore,
    ready: () => storage.ensureBucket(bucket),
    async discard(id) {
      // S3Store.remove aborts the multipart upload first, which S3 refuses once it is complete (NoSuchUpload), and
      // it leaves the incomplete-part object behind: the objects go through the storage port instead.
      await datastore.remove(id).catch(ignoreMissing);
      for (const key of [id, `${id}.info`, `${id}.part`]) await storage.delete(bucket, key);
      await cache.delete(id);
    },
    async localFile(id) {
      await fsp.mkdir(checkDir, { recursive: true });
      const file = path.join(checkDir, randomUUID());
      const release = () => fsp.rm(file, { force: true });
      try {
        await pipeline(await datastore.read(id), fs.createWriteStream(file));
      } catch (error) {
        await release();
        throw error;
      }
      return { path: file, release };
    },
  };
}

/** tus stores answer a missing upload with their FILE_NOT_FOUND error object (status 404). */
function ignoreMissing(error: unknown): void {
  if ((error as { status_code?: number }).status_code !== 404) throw error;
}
