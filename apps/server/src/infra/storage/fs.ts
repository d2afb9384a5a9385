import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { KEY_MSG } from '@atlas/contracts';
import type { Config } from '../../config.js';
import {
  byteLimit,
  checkBucket,
  checkKey,
  checkRange,
  guessContentType,
  InvalidKeyError,
  ObjectNotFoundError,
  ObjectTooLargeError,
  RangeNotSatisfiableError,
  type ByteRange,
  type GetResult,
  type ListResult,
  type ObjectInfo,
  type ObjectStore,
  type PutOptions,
} from './port.js';
import { readPartsInFlight } from './read.js';

/** Path of the fs driver's signed-URL route; `registerStorageRoutes` serves it. */
export const SIGNED_URL_PATH = '/api/v1/storage/signed';

const READ_CHUNK_BYTES = 1 << 20;

/** The folder of a bucket's objects in the filesystem store (for writers that must land beside them: tus uploads). */
export const fsBucketFolder = (config: Pick<Config, 'dataDir'>, bucket: string) =>
  path.join(config.dataDir, 'storage', checkBucket(bucket));

/** Objects as files at `{dataDir}/storage/{bucket}/{key}`; writes land in `.tmp/` and are renamed into place. */
export async function createFsStore(config: Config): Promise<ObjectStore> {
  const root = path.join(config.dataDir, 'storage');
  const tmpDir = path.join(root, '.tmp');
  await fsp.mkdir(tmpDir, { recursive: true });
  // The root itself may be a link (a data folder on another disk); links inside it are refused.
  const realRoot = await fsp.realpath(root);
  const signingKey = urlSigningKey(config.jwtSecret);

  const bucketDir = (bucket: string) => path.join(root, checkBucket(bucket));
  const objectPath = (bucket: string, key: string) => path.join(bucketDir(bucket), checkKey(key));
  /**
   * The object's file, or null when it is missing or reached through a symbolic link: a link planted in the tree
   * (by another program or a restored archive) must never serve or overwrite a file outside the storage root.
   */
  const realObjectPath = async (bucket: string, key: string): Promise<string | null> => {
    const file = objectPath(bucket, key);
    return (await insideRoot(file, realRoot, root)) ? file : null;
  };

  /**
   * An object's file, open for reading, and its stat taken through the descriptor: a concurrent overwrite renames a
   * new file in, and this one stays consistent. ObjectNotFoundError when missing or not a file.
   */
  const openObject = async (bucket: string, key: string): Promise<{ handle: fsp.FileHandle; stat: fs.Stats }> => {
    const file = await realObjectPath(bucket, key);
    if (!file) throw new ObjectNotFoundError(bucket, key);
    const handle = await fsp.open(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW).catch((error: unknown) => {
      throw isMissing(error) ? new ObjectNotFoundError(bucket, key) : error;
    });
    const stat = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    if (!stat.isFile()) {
      await handle.close();
      throw new ObjectNotFoundError(bucket, key);
    }
    return { handle, stat };
  };

  const head = async (bucket: string, key: string): Promise<ObjectInfo | null> => {
    const file = await realObjectPath(bucket, key);
    const stat = file && (await statFile(file));
    return stat ? { key, size: stat.size, lastModified: stat.mtime } : null;
  };

  const store: ObjectStore = {
    driver: 'fs',

    async ensureBucket(bucket) {
      await fsp.mkdir(bucketDir(bucket), { recursive: true });
    },

    async put(bucket, key, body, options = {}) {
      const target = objectPath(bucket, key);
      const temp = path.join(tmpDir, randomUUID());
      try {
        await writeTemp(temp, body, options);
        // Stat before the rename (which keeps size and mtime): the answer describes this version, whatever follows.
        const stat = await fsp.stat(temp);
        await commit(temp, target, key, realRoot, root);
        return { key, size: stat.size, lastModified: stat.mtime };
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },

    async copy(from, to) {
      const { body } = await store.get(from.bucket, from.key);
      return store.put(to.bucket, to.key, body);
    },

    async move(from, to) {
      const source = await realObjectPath(from.bucket, from.key);
      const stat = source && (await statFile(source));
      if (!source || !stat) throw new ObjectNotFoundError(from.bucket, from.key);
      const target = objectPath(to.bucket, to.key);
      if (source === target) return { key: to.key, size: stat.size, lastModified: stat.mtime };
      try {
        await commit(source, target, to.key, realRoot, root);
      } catch (error) {
        // A bucket folder on another disk (a mount inside the data folder): copy, then remove the source.
        if (code(error) !== 'EXDEV') throw error;
        const info = await store.copy(from, to);
        await store.delete(from.bucket, from.key);
        return info;
      }
      await pruneEmptyParents(path.dirname(source), bucketDir(from.bucket));
      return { key: to.key, size: stat.size, lastModified: stat.mtime };
    },

    async get(bucket, key, options = {}) {
      const { handle, stat } = await openObject(bucket, key);
      try {
        const range = options.range && resolveRange(options.range, stat.size);
        // 1 MiB reads, not the default 64 KiB: a worker reading a Visium HD run's 0.9 GB selection index spent half
        // of its ~1 s in the stream's per-chunk overhead.
        const body = handle.createReadStream({ ...range, highWaterMark: READ_CHUNK_BYTES });
        return toGetResult(body, stat.size, guessContentType(key), range);
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async readInto(bucket, key, parts) {
      const { handle } = await openObject(bucket, key);
      try {
        await readPartsInFlight(parts, async ({ start, target }) => {
          for (let at = 0; at < target.length;) {
            const { bytesRead } = await handle.read(target, at, target.length - at, start + at);
            if (bytesRead === 0)
              throw new RangeNotSatisfiableError(`${key}: the range ${start}+${target.length} passes the end`);
            at += bytesRead;
          }
        });
      } finally {
        await handle.close();
      }
    },

    head,

    async exists(bucket, key) {
      return (await head(bucket, key)) !== null;
    },

    async list(bucket, options = {}) {
      const prefix = options.prefix ?? '';
      const delimiter = options.delimiter || undefined;
      const walked = await walk(bucketDir(bucket), prefix, delimiter === '/');
      const grouped = delimiter && delimiter !== '/' ? groupByDelimiter(walked, prefix, delimiter) : walked;
      return limit(grouped, options.maxKeys);
    },

    async delete(bucket, key) {
      const dir = bucketDir(bucket);
      const file = objectPath(bucket, key);
      if (!(await insideRoot(path.dirname(file), realRoot, root))) return;
      try {
        await fsp.unlink(file);
      } catch (error) {
        // EISDIR: the key is a folder of other keys, not an object.
        if (isMissing(error) || code(error) === 'EISDIR') return;
        throw error;
      }
      await pruneEmptyParents(path.dirname(file), dir);
    },

    async presign(bucket, key, options) {
      checkBucket(bucket);
      checkKey(key);
      if (!(options.expiresInSeconds > 0)) throw new RangeError('expiresInSeconds must be positive');
      const expires = Math.floor(Date.now() / 1000 + options.expiresInSeconds);
      const signature = sign(signingKey, { method: options.method, bucket, key, expires });
      const origin = (options.origin ?? config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
      const encodedKey = key.split('/').map(encodeURIComponent).join('/');
      return `${origin}${SIGNED_URL_PATH}/${bucket}/${encodedKey}?expires=${expires}&signature=${signature}`;
    },

    async close() {},
  };
  return refusingLongNames(store);
}

/** The store's calls that take a key and reach the filesystem. */
const KEYED_CALLS = ['put', 'copy', 'move', 'get', 'readInto', 'head', 'exists', 'list', 'delete'] as const;

/**
 * ENAMETOOLONG as the caller's bad key (a 400), not a 500: checkKey bounds keys and their segments, but the path
 * also holds the data folder, so a long ATLAS_DATA_DIR could still pass PATH_MAX (issue 33 item 4, defensively).
 */
function refusingLongNames(store: ObjectStore): ObjectStore {
  const guarded: Record<string, unknown> = { ...store };
  for (const name of KEYED_CALLS) {
    const call = store[name] as (...args: unknown[]) => Promise<unknown>;
    guarded[name] = async (...args: unknown[]) => {
      try {
        return await call(...args);
      } catch (error) {
        throw code(error) === 'ENAMETOOLONG' ? new InvalidKeyError(KEY_MSG.tooLongForStore) : error;
      }
    };
  }
  return guarded as unknown as ObjectStore;
}

// ---- signed URLs ----

export interface SignedUrlRequest {
  method: 'GET' | 'PUT';
  bucket: string;
  key: string;
  /** Unix seconds. */
  expires: number;
}

export type SignedUrlCheck = { ok: true } | { ok: false; reason: 'invalid' | 'expired' };

/** A key of its own, so a storage signature can never pass for a JWT signature or the reverse. */
function urlSigningKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('storage-url').digest();
}

function sign(signingKey: Buffer, request: SignedUrlRequest): string {
  const payload = [request.method, request.bucket, request.key, String(request.expires)].join('\n');
  return createHmac('sha256', signingKey).update(payload).digest('base64url');
}

/** Checks a signed URL's signature (constant time) and then its expiry; `now` in milliseconds. */
export function verifySignedUrl(
  jwtSecret: string,
  request: SignedUrlRequest & { signature: string },
  now = Date.now(),
): SignedUrlCheck {
  if (!Number.isSafeInteger(request.expires)) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(urlSigningKey(jwtSecret), request));
  const given = Buffer.from(request.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  if (request.expires * 1000 < now) return { ok: false, reason: 'expired' };
  return { ok: true };
}

// ---- writing ----

async function writeTemp(temp: string, body: Readable | Buffer | string, options: PutOptions): Promise<void> {
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    if (options.maxBytes !== undefined && Buffer.byteLength(body) > options.maxBytes)
      throw new ObjectTooLargeError(`Object is larger than ${options.maxBytes} bytes`);
    await fsp.writeFile(temp, body, { flag: 'wx' });
    return;
  }
  const out = fs.createWriteStream(temp, { flags: 'wx' });
  try {
    await pipeline(body, byteLimit(options.maxBytes), out);
  } catch (error) {
    // pipeline rejects before the file stream is closed, and one still opening would create the file after
    // the caller removed it: wait for the close.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    throw error;
  }
}

/**
 * Renames the complete temporary file over the target. A concurrent delete may prune the freshly made parent
 * folder between mkdir and rename, hence the retries.
 */
async function commit(temp: string, target: string, key: string, realRoot: string, root: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await fsp.mkdir(path.dirname(target), { recursive: true });
      if (!(await insideRoot(path.dirname(target), realRoot, root)))
        throw new InvalidKeyError(`Object key '${key}' passes through a symbolic link`);
      await fsp.rename(temp, target);
      return;
    } catch (error) {
      if (isCollision(error))
        throw new InvalidKeyError(`Object key '${key}' collides with a folder or an object of the same name`);
      if (code(error) !== 'ENOENT' || attempt >= 3) throw error;
    }
  }
}

/** Whether a folder of the tree is where its path says, not reached through a symbolic link. */
async function insideRoot(dir: string, realRoot: string, root: string): Promise<boolean> {
  const real = await fsp.realpath(dir).catch(() => null);
  return real === path.join(realRoot, path.relative(root, dir));
}

/** Keeps folders from outliving their last object, so a later key of the same name as a folder stays possible. */
async function pruneEmptyParents(dir: string, stopAt: string): Promise<void> {
  for (let current = dir; current.startsWith(stopAt + path.sep); current = path.dirname(current)) {
    try {
      await fsp.rmdir(current);
    } catch {
      return; // not empty (or already gone): nothing above it can be empty either
    }
  }
}

// ---- reading ----

function resolveRange(range: ByteRange, size: number): { start: number; end: number } {
  checkRange(range);
  if (range.start >= size) throw new RangeNotSatisfiableError(`Range starts at ${range.start}, object size is ${size}`);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

function toGetResult(
  body: Readable,
  totalSize: number,
  contentType: string,
  range?: { start: number; end: number },
): GetResult {
  const size = range ? range.end - range.start + 1 : totalSize;
  return range ? { body, size, totalSize, range, contentType } : { body, size, totalSize, contentType };
}

async function statFile(file: string): Promise<fs.Stats | null> {
  try {
    const stat = await fsp.stat(file);
    return stat.isFile() ? stat : null;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

// ---- listing ----

/**
 * Walks only the folders that can hold keys under `prefix`. With `collapse` (delimiter '/'), a folder past the
 * prefix becomes a common prefix without being walked, which keeps listing `data/` cheap however many runs it holds.
 */
async function walk(bucketRoot: string, prefix: string, collapse: boolean): Promise<ListResult> {
  const objects: ObjectInfo[] = [];
  const prefixes: string[] = [];
  const visit = async (dir: string, keyPrefix: string): Promise<void> => {
    const entries = await readDir(dir);
    await Promise.all(
      entries.map(async (entry) => {
        const key = keyPrefix + entry.name;
        const full = path.join(dir, entry.name);
        if (entry.isFile()) {
          if (!key.startsWith(prefix)) return;
          const stat = await statFile(full);
          if (stat) objects.push({ key, size: stat.size, lastModified: stat.mtime });
        } else if (entry.isDirectory()) {
          const folder = `${key}/`;
          if (collapse && folder.length > prefix.length && folder.startsWith(prefix)) {
            if (await holdsAnyFile(full)) prefixes.push(folder);
          } else if (folder.startsWith(prefix) || prefix.startsWith(folder)) {
            await visit(full, folder);
          }
        }
      }),
    );
  };
  await visit(bucketRoot, '');
  return { objects: objects.sort((a, b) => compareKeys(a.key, b.key)), prefixes: prefixes.sort(compareKeys) };
}

/** S3's rule: keys whose remainder after the prefix contains the delimiter roll up into one common prefix. */
function groupByDelimiter(listed: ListResult, prefix: string, delimiter: string): ListResult {
  const objects: ObjectInfo[] = [];
  const prefixes = new Set(listed.prefixes);
  for (const object of listed.objects) {
    const at = object.key.indexOf(delimiter, prefix.length);
    if (at < 0) objects.push(object);
    else prefixes.add(object.key.slice(0, at + delimiter.length));
  }
  return { objects, prefixes: [...prefixes].sort(compareKeys) };
}

/** S3 counts objects and common prefixes together against maxKeys, in key order. */
function limit(listed: ListResult, maxKeys: number | undefined): ListResult {
  const total = listed.objects.length + listed.prefixes.length;
  if (maxKeys === undefined || total <= maxKeys) return { ...listed, truncated: false };
  const names = [...listed.objects.map((o) => o.key), ...listed.prefixes].sort(compareKeys).slice(0, maxKeys);
  const last = names[names.length - 1];
  const kept = (name: string) => last !== undefined && compareKeys(name, last) <= 0;
  return {
    objects: listed.objects.filter((o) => kept(o.key)),
    prefixes: listed.prefixes.filter(kept),
    truncated: true,
  };
}

async function holdsAnyFile(dir: string): Promise<boolean> {
  for (const entry of await readDir(dir)) {
    if (entry.isFile()) return true;
    if (entry.isDirectory() && (await holdsAnyFile(path.join(dir, entry.name)))) return true;
  }
  return false;
}

async function readDir(dir: string): Promise<fs.Dirent[]> {
  try {
    return await fsp.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/** S3 orders keys by their UTF-8 bytes, which differs from JavaScript's UTF-16 order outside the BMP. */
function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

// ---- errors ----

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** ENOTDIR: a parent segment of the key is a file, so the object cannot exist. */
function isMissing(error: unknown): boolean {
  return code(error) === 'ENOENT' || code(error) === 'ENOTDIR';
}

/** The key names a folder, or runs through a file as if it were a folder. */
function isCollision(error: unknown): boolean {
  return code(error) === 'EISDIR' || code(error) === 'ENOTDIR' || code(error) === 'EEXIST';
}
