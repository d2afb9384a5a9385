import { pipeline, type Readable } from 'node:stream';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../../config.js';
import { readPartsInFlight, streamInto } from './read.js';
import {
  byteLimit,
  checkBucket,
  checkKey,
  checkRange,
  guessContentType,
  ObjectNotFoundError,
  ObjectTooLargeError,
  RangeNotSatisfiableError,
  type GetResult,
  type ListResult,
  type ObjectInfo,
  type ObjectStore,
  type PutOptions,
} from './port.js';

export type S3Settings = NonNullable<Config['s3']>;

/** The largest object S3 copies in one CopyObject request. */
const MAX_COPY_BYTES = 5 * 1024 ** 3;

/**
 * S3 (or any S3-compatible store). index.ts imports this module lazily, so the default profile never loads the SDK.
 * `pageSize` is S3's own limit per listing request; tests lower it to exercise paging without a thousand objects.
 */
export function createS3Store(settings: S3Settings, { pageSize = 1000 }: { pageSize?: number } = {}): ObjectStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // The default (WHEN_SUPPORTED) cannot send a stream of unknown length and is not understood by every S3 clone.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  /** An object's size, date and content type; null when missing. */
  const headTyped = async (bucket: string, key: string): Promise<(ObjectInfo & { contentType?: string }) | null> => {
    try {
      const out = await client.send(new HeadObjectCommand({ Bucket: checkBucket(bucket), Key: checkKey(key) }));
      return {
        key,
        size: out.ContentLength ?? 0,
        lastModified: out.LastModified ?? new Date(0),
        contentType: out.ContentType,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };
  const head = async (bucket: string, key: string): Promise<ObjectInfo | null> => {
    const info = await headTyped(bucket, key);
    return info && { key: info.key, size: info.size, lastModified: info.lastModified };
  };

  const store: ObjectStore = {
    driver: 's3',

    async ensureBucket(bucket) {
      try {
        await client.send(new HeadBucketCommand({ Bucket: checkBucket(bucket) }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
        await client.send(new CreateBucketCommand({ Bucket: bucket })).catch((created: unknown) => {
          // Another process created it between our check and our create.
          if (!['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes(errorName(created))) throw created;
        });
      }
    },

    async put(bucket, key, body, options = {}) {
      const target = {
        Bucket: checkBucket(bucket),
        Key: checkKey(key),
        ContentType: options.contentType ?? guessContentType(key),
      };
      if (typeof body === 'string' || Buffer.isBuffer(body)) {
        const size = Buffer.byteLength(body);
        if (options.maxBytes !== undefined && size > options.maxBytes)
          throw new ObjectTooLargeError(`Object is larger than ${options.maxBytes} bytes`);
        await client.send(new PutObjectCommand({ ...target, Body: body, ContentLength: size }));
      } else {
        await uploadStream(client, target, body, options);
      }
      const info = await head(bucket, key);
      if (!info) throw new ObjectNotFoundError(bucket, key);
      return info;
    },

    async copy(from, to) {
      const source = await headTyped(from.bucket, from.key);
      if (!source) throw new ObjectNotFoundError(from.bucket, from.key);
      const target = { Bucket: checkBucket(to.bucket), Key: checkKey(to.key), ContentType: guessContentType(to.key) };
      // A source that already has the target's type keeps its metadata (COPY): replacing it makes some S3 clones
      // read the whole object again for its ETag (s3rver: ~5 s a GiB), where a copy with its metadata is a file copy.
      const keepsMetadata = source.contentType === target.ContentType;
      if (source.size > MAX_COPY_BYTES) {
        // Larger objects need a multipart copy, which not every S3 clone offers: stream them through instead.
        const { body } = await store.get(from.bucket, from.key);
        await uploadStream(client, target, body, {});
      } else {
        await client.send(
          new CopyObjectCommand({
            ...(keepsMetadata ? { Bucket: target.Bucket, Key: target.Key } : target),
            CopySource: `${checkBucket(from.bucket)}/${encodeURIComponent(checkKey(from.key)).replace(/%2F/g, '/')}`,
            MetadataDirective: keepsMetadata ? 'COPY' : 'REPLACE',
          }),
        );
      }
      const info = await head(to.bucket, to.key);
      if (!info) throw new ObjectNotFoundError(to.bucket, to.key);
      return info;
    },

    async move(from, to) {
      if (checkBucket(from.bucket) === checkBucket(to.bucket) && checkKey(from.key) === checkKey(to.key)) {
        const info = await head(from.bucket, from.key);
        if (!info) throw new ObjectNotFoundError(from.bucket, from.key);
        return info;
      }
      // S3 has no rename: a copy inside the store (no byte through this process up to 5 GiB), then the delete.
      const info = await store.copy(from, to);
      await store.delete(from.bucket, from.key);
      return info;
    },

    async readInto(bucket, key, parts) {
      await readPartsInFlight(parts, async ({ start, target }) => {
        if (target.length === 0) return;
        const { body } = await store.get(bucket, key, { range: { start, end: start + target.length - 1 } });
        await streamInto(body, target, key);
      });
    },

    async get(bucket, key, options = {}) {
      const range = options.range;
      if (range) checkRange(range);
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket: checkBucket(bucket),
            Key: checkKey(key),
            Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
          }),
        );
        // In Node the SDK's body is an IncomingMessage (with mixins), i.e. a Readable.
        const body = out.Body as Readable;
        const size = out.ContentLength ?? 0;
        const served = out.ContentRange ? parseContentRange(out.ContentRange) : undefined;
        const result: GetResult = { body, size, totalSize: served?.total ?? size, contentType: out.ContentType };
        return served ? { ...result, range: { start: served.start, end: served.end } } : result;
      } catch (error) {
        if (isNotFound(error)) throw new ObjectNotFoundError(bucket, key);
        if (errorName(error) === 'InvalidRange' || httpStatus(error) === 416)
          throw new RangeNotSatisfiableError(`Range starts past the end of '${key}'`);
        throw error;
      }
    },

    head,

    async exists(bucket, key) {
      return (await head(bucket, key)) !== null;
    },

    async list(bucket, options = {}) {
      checkBucket(bucket);
      const wanted = options.maxKeys ?? Infinity;
      const result: Required<ListResult> = { objects: [], prefixes: [], truncated: false };
      let token: string | undefined;
      // The port has no continuation token: page through until done or maxKeys entries are collected.
      do {
        const remaining = wanted - result.objects.length - result.prefixes.length;
        const page: ListObjectsV2CommandOutput = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: options.prefix || undefined,
            Delimiter: options.delimiter || undefined,
            MaxKeys: Math.min(pageSize, remaining),
            ContinuationToken: token,
          }),
        );
        for (const o of page.Contents ?? [])
          result.objects.push({ key: o.Key!, size: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0) });
        for (const p of page.CommonPrefixes ?? []) result.prefixes.push(p.Prefix!);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token && result.objects.length + result.prefixes.length < wanted);
      result.truncated = token !== undefined;
      return result;
    },

    async delete(bucket, key) {
      await client.send(new DeleteObjectCommand({ Bucket: checkBucket(bucket), Key: checkKey(key) }));
    },

    async presign(bucket, key, options) {
      const target = { Bucket: checkBucket(bucket), Key: checkKey(key) };
      const command = options.method === 'GET' ? new GetObjectCommand(target) : new PutObjectCommand(target);
      return getSignedUrl(client, command, { expiresIn: options.expiresInSeconds });
    },

    async close() {
      client.destroy();
    },
  };
  return store;
}

/**
 * Streams through a byte counter into a multipart-capable Upload. Going past maxBytes aborts the Upload, so
 * nothing is committed; a failing source stream fails the Upload the same way.
 */
async function uploadStream(
  client: S3Client,
  target: { Bucket: string; Key: string; ContentType: string },
  body: Readable,
  options: PutOptions,
): Promise<void> {
  const counter = byteLimit(options.maxBytes);
  const upload = new Upload({ client, params: { ...target, Body: counter } });
  let failure: unknown;
  pipeline(body, counter, (error) => {
    if (!error) return;
    failure = error;
    // done() rejects after the abort and reports the failure; the abort's own outcome adds nothing.
    upload.abort().catch(() => {});
  });
  try {
    await upload.done();
  } catch (error) {
    // Report why the upload was aborted, not the abort itself.
    throw failure ?? error;
  }
}

function parseContentRange(header: string): { start: number; end: number; total: number } | undefined {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header);
  return match ? { start: Number(match[1]), end: Number(match[2]), total: Number(match[3]) } : undefined;
}

function errorName(error: unknown): string {
  return (error as { name?: string } | undefined)?.name ?? '';
}

function httpStatus(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  return ['NoSuchKey', 'NotFound', 'NoSuchBucket'].includes(errorName(error)) || httpStatus(error) === 404;
}
