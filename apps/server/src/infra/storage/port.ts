import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { objectKeyProblem } from '@atlas/contracts';

/** Object storage in buckets and keys: filesystem (default) or S3. Keys are validated by `checkKey`. */
export interface ObjectInfo {
  key: string;
  size: number;
  lastModified: Date;
}

export interface ListResult {
  objects: ObjectInfo[];
  /** Common prefixes ("folders") when a delimiter is given, each ending with the delimiter. */
  prefixes: string[];
  /** True when `maxKeys` cut the listing short. */
  truncated?: boolean;
}

/** Inclusive byte range, as in HTTP `Range: bytes=start-end`; `end` omitted means to the end. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface GetResult {
  body: Readable;
  /** Bytes in `body`. */
  size: number;
  /** Size of the whole object. */
  totalSize: number;
  /** The inclusive range served when one was asked for. */
  range?: { start: number; end: number };
  contentType?: string;
}

export interface PutOptions {
  contentType?: string;
  /** Rejects (and writes nothing) when the body grows past this many bytes. */
  maxBytes?: number;
}

interface PresignOptions {
  method: 'GET' | 'PUT';
  expiresInSeconds: number;
  /** Origin used by the filesystem driver for its own signed-URL route, e.g. `http://localhost:8080`. */
  origin?: string;
}

export interface ObjectStore {
  readonly driver: 'fs' | 's3';
  ensureBucket(bucket: string): Promise<void>;
  /** Streams the body to a temporary object and commits it only when complete: readers never see half an object. */
  put(bucket: string, key: string, body: Readable | Buffer | string, options?: PutOptions): Promise<ObjectInfo>;
  /**
   * Copies an object (across buckets too) and commits it as `put` does: the target appears whole or not at all.
   * S3 copies inside the store (CopyObject, up to 5 GiB) instead of streaming the bytes through this process.
   * Throws ObjectNotFoundError when the source is missing.
   */
  copy(from: { bucket: string; key: string }, to: { bucket: string; key: string }): Promise<ObjectInfo>;
  /**
   * Moves an object (across buckets too): the target appears whole or not at all, then the source is gone. The
   * filesystem renames it (no byte is copied); S3 copies inside the store and deletes the source. Throws
   * ObjectNotFoundError when the source is missing.
   */
  move(from: { bucket: string; key: string }, to: { bucket: string; key: string }): Promise<ObjectInfo>;
  /** Throws ObjectNotFoundError when missing, RangeNotSatisfiableError for a range past the end. */
  get(bucket: string, key: string, options?: { range?: ByteRange }): Promise<GetResult>;
  /**
   * Reads byte ranges of one object straight into the given arrays (each from `start`, as long as its target), for
   * readers that use the bytes in place (a lasso on a Visium HD run reads ~800 ranges of its selection index): the
   * filesystem opens the file once; both drivers read a few ranges at once (readPartsInFlight). Throws
   * ObjectNotFoundError when missing, RangeNotSatisfiableError when a range passes the end.
   */
  readInto(bucket: string, key: string, parts: readonly { start: number; target: Uint8Array }[]): Promise<void>;
  head(bucket: string, key: string): Promise<ObjectInfo | null>;
  exists(bucket: string, key: string): Promise<boolean>;
  list(bucket: string, options?: { prefix?: string; delimiter?: string; maxKeys?: number }): Promise<ListResult>;
  /** Deleting a missing key is not an error. */
  delete(bucket: string, key: string): Promise<void>;
  presign(bucket: string, key: string, options: PresignOptions): Promise<string>;
  close(): Promise<void>;
}

export class ObjectNotFoundError extends Error {
  constructor(
    readonly bucket: string,
    readonly key: string,
  ) {
    super(`No object '${key}' in bucket '${bucket}'`);
  }
}

export class RangeNotSatisfiableError extends Error {}

export class InvalidKeyError extends Error {}

export class ObjectTooLargeError extends Error {}

/** Refuses a key no store of ours may hold (the rules of objectKeyProblem in @atlas/contracts); answers it otherwise. */
export function checkKey(key: string): string {
  const problem = objectKeyProblem(key);
  if (problem) throw new InvalidKeyError(problem);
  return key;
}

/** Bucket names as S3 allows them (which also keeps them safe as folder names: no `.`-leading, no `/`). */
export function checkBucket(bucket: string): string {
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes('..'))
    throw new InvalidKeyError(`Invalid bucket name '${bucket}'`);
  return bucket;
}

/** Rejects ranges no object can satisfy, before any driver asks its backend. */
export function checkRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || start < 0 || (end !== undefined && (!Number.isSafeInteger(end) || end < start)))
    throw new RangeNotSatisfiableError(`Invalid byte range ${start}-${end ?? ''}`);
}

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.json': 'application/json',
  '.csv': 'text/csv',
  '.txt': 'text/plain',
  '.gz': 'application/gzip',
  '.h5ad': 'application/x-hdf5',
  '.h5': 'application/x-hdf5',
  '.bw': 'application/octet-stream',
  '.html': 'text/html',
  '.pdf': 'application/pdf',
};

/** Content type from the key's extension; the filesystem keeps no metadata, so both drivers answer the same. */
export function guessContentType(key: string): string {
  return CONTENT_TYPES[path.posix.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** A pass-through that fails with ObjectTooLargeError as soon as more than `maxBytes` went through it. */
export function byteLimit(maxBytes: number | undefined): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (maxBytes !== undefined && bytes > maxBytes)
        callback(new ObjectTooLargeError(`Object is larger than ${maxBytes} bytes`));
      else callback(null, chunk);
    },
  });
}
