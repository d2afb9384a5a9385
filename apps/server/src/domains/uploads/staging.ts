import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { S3Store, type MetadataValue, type Options as S3StoreOptions } from '@tus/s3-store';
import { MemoryKvStore, type DataStore, type Upload } from '@tus/utils';
import { dataBucket, type Config } from '../../config.js';
import type { ReadAt } from '@atlas/spatial';
import { uploadCheckDir } from '../../infra/temp-files.js';
import { fsBucketFolder, ObjectNotFoundError, type ObjectInfo, type ObjectStore } from '../../infra/storage/index.js';

/** Unfinished uploads older than this are removed with their parts (a lab resumes within days, not weeks). */
export const STAGING_EXPIRY_MS = 7 * 24 * 3600 * 1000;
/** S3 multipart part size: large enough for throughput, small enough that a dropped part costs little to resend. */
const S3_PART_BYTES = 16 * 1024 * 1024;

/**
 * Where uploads grow until they are complete: a staging bucket beside the data bucket (`{data bucket}-uploads`),
 * with tus FileStore files in the filesystem store's folder of that bucket, or tus S3Store multipart uploads in
 * that S3 bucket. The staging bucket is none of the configured buckets, so no storage route ever serves half an
 * upload; a checked upload is moved into place through the storage port (`move`: a rename on the filesystem, so
 * the bytes are written once; a copy inside S3), which is atomic.
 */
export interface Staging {
  readonly datastore: DataStore;
  /** Makes the staging area exist (the S3 staging bucket); called before the first upload is created. */
  ready(): Promise<void>;
  /** Removes an upload's bytes, parts and info, finished or not; removing what is gone is not an error. */
  discard(id: string): Promise<void>;
  /** A completed upload, to check and to put in place; `release` when done with it. */
  open(id: string): Promise<StagedFile>;
}

/** A completed upload as the arrival check and the commit see it. */
export interface StagedFile {
  size: number;
  /** Up to `length` bytes at `offset`, read where the upload lies (header checks need no copy). */
  readAt: ReadAt;
  /** A local file with the bytes (for readers that need a path: HDF5); made once, on first ask. */
  localPath(): Promise<string>;
  /** Moves the bytes to `key` of `bucket` through the storage port (atomic); the staged bytes are gone after. */
  commit(bucket: string, key: string): Promise<ObjectInfo>;
  release(): Promise<void>;
}

/**
 * What the staging area may know of an upload's destination: the content type its object will have there, from the
 * upload's tus metadata (undefined when unknown). The S3 staged object is created with it, so that the move into
 * place keeps the object's metadata instead of rewriting it (see the S3 driver's copy).
 */
export type ContentTypeOf = (metadata: Upload['metadata']) => string | undefined;

export function createStaging(config: Config, storage: ObjectStore, contentTypeOf?: ContentTypeOf): Staging {
  return config.s3 ? s3Staging(config, storage, contentTypeOf) : fsStaging(config, storage);
}

function fsStaging(config: Config, storage: ObjectStore): Staging {
  const bucket = stagingBucketOf(config);
  // The staging bucket's folder in the filesystem store (infra/storage/fs.ts), so that `move` is a rename.
  const directory = fsBucketFolder(config, bucket);
  fs.mkdirSync(directory, { recursive: true });
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: STAGING_EXPIRY_MS });
  return {
    datastore,
    ready: async () => {},
    async discard(id) {
      await datastore.remove(id).catch(ignoreMissing);
      // After a move the bytes are gone and `remove` stops before the upload's info file: remove that too.
      await fsp.rm(path.join(directory, `${id}.json`), { force: true });
    },
    // FileStore keeps the bytes in `{directory}/{id}` (the staging bucket's key `id`): checked where they lie, then
    // renamed into place.
    async open(id) {
      const file = path.join(directory, id);
      const handle = await fsp.open(file, 'r');
      const { size } = await handle.stat();
      return {
        size,
        readAt: async (offset, length) => {
          const buffer = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
          return buffer.subarray(0, bytesRead);
        },
        localPath: async () => file,
        commit: (toBucket, key) => storage.move({ bucket, key: id }, { bucket: toBucket, key }),
        release: () => handle.close(),
      };
    },
  };
}

/** The staging bucket of the S3 driver: `{data bucket}-uploads`. */
export const stagingBucketOf = (config: Pick<Config, 'buckets'>) => `${dataBucket(config)}-uploads`;

/**
 * tus S3Store takes a multipart upload's content type from the upload's `contentType` metadata only: the staged
 * object is given its destination's type by naming it there.
 */
class TypedS3Store extends S3Store {
  constructor(
    options: S3StoreOptions,
    private readonly contentTypeOf: ContentTypeOf = () => undefined,
  ) {
    super(options);
  }

  override create(upload: Upload): Promise<Upload> {
    const contentType = this.contentTypeOf(upload.metadata);
    if (contentType) upload.metadata = { ...upload.metadata, contentType };
    return super.create(upload);
  }
}

function s3Staging(config: Config, storage: ObjectStore, contentTypeOf?: ContentTypeOf): Staging {
  const s3 = config.s3!;
  const bucket = stagingBucketOf(config);
  // Our own handle on the store's metadata cache, so that discarding an upload forgets it too.
  const cache = new MemoryKvStore<MetadataValue>();
  const datastore = new TypedS3Store(
    {
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
    },
    contentTypeOf,
  );
  const checkDir = uploadCheckDir(config);
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
    async open(id) {
      const info = await storage.head(bucket, id);
      if (!info) throw new ObjectNotFoundError(bucket, id);
      let local: Promise<string> | undefined;
      const file = path.join(checkDir, randomUUID());
      return {
        size: info.size,
        readAt: async (offset, length) => {
          if (length <= 0 || offset >= info.size) return new Uint8Array(0);
          const { body } = await storage.get(bucket, id, { range: { start: offset, end: offset + length - 1 } });
          return new Uint8Array(await buffer(body));
        },
        localPath: () =>
          (local ??= (async () => {
            await fsp.mkdir(checkDir, { recursive: true });
            const { body } = await storage.get(bucket, id);
            await pipeline(body, fs.createWriteStream(file));
            return file;
          })()),
        // Copied inside S3 and the staged object deleted: the bytes are not sent through this server a second time.
        commit: (toBucket, key) => storage.move({ bucket, key: id }, { bucket: toBucket, key }),
        release: () => fsp.rm(file, { force: true }),
      };
    },
  };
}

/** tus stores answer a missing upload with their FILE_NOT_FOUND error object (status 404). */
function ignoreMissing(error: unknown): void {
  if ((error as { status_code?: number }).status_code !== 404) throw error;
}
