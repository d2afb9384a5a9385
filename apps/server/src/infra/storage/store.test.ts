import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto, { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { text as readText, buffer as readBuffer } from 'node:stream/consumers';
import Fastify, { type FastifyInstance } from 'fastify';
import { KEY_MSG } from '@atlas/contracts';
import S3rver from 's3rver';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, type Config } from '../../config.js';
import { errorBody, HttpError } from '../../http/errors.js';
import { registerStorageRoutes } from '../../domains/storage/routes.js';
import {
  createObjectStore,
  InvalidKeyError,
  ObjectNotFoundError,
  ObjectTooLargeError,
  RangeNotSatisfiableError,
  SIGNED_URL_PATH,
  verifySignedUrl,
  type ObjectStore,
} from './index.js';
import { createS3Store } from './s3.js';
import { useTestApp } from '../../../test/harness.js';

const BUCKET = 'atx-contract';
const NO_S3 = { S3_ENDPOINT: '', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' };

interface Subject {
  store: ObjectStore;
  config: Config;
  /** Origin for presigned URLs: the fs driver's own routes are served by a real app on loopback. */
  origin?: string;
  /** Files a failed write could leave behind (fs only: its temporary folder). */
  leftovers?: () => string[];
  close(): Promise<void>;
}

const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `atlas-${name}-`));

/** Just what the storage routes need of the app: route registry, anonymous identity, and the JSON error shape. */
async function storageApp(infra: Pick<Subject, 'config' | 'store'>): Promise<{ app: FastifyInstance; origin: string }> {
  const app = Fastify();
  app.decorate('atlasRoutes', []);
  app.decorate('atlasValidateResponses', false);
  app.decorateRequest('identity', null, []); // set by the hook below before any handler reads it
  app.decorateRequest('tokenRejected', false);
  app.addHook('onRequest', async (request) => {
    request.identity = { kind: 'anonymous' };
  });
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof HttpError)
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message));
    return reply.status(500).send(errorBody(500, String(error)));
  });
  registerStorageRoutes(app, { config: infra.config, storage: infra.store });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

async function openFs(): Promise<Subject> {
  const dataDir = tempDir('storage-fs');
  const config = loadConfig({
    ...NO_S3,
    ATLAS_DATA_DIR: dataDir,
    ATLAS_JWT_SECRET: randomBytes(32).toString('hex'),
    PORT: '0',
  });
  const store = await createObjectStore(config);
  const { app, origin } = await storageApp({ config, store });
  return {
    store,
    config,
    origin,
    leftovers: () => fs.readdirSync(path.join(dataDir, 'storage', '.tmp')),
    async close() {
      await app.close();
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver encrypts ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node >= 17) no longer offers, so any
 * truncated listing answers 500. Tokens are opaque to clients, so while s3rver runs 'des' becomes an identity cipher.
 */
function letS3rverPaginate(): () => void {
  const { createCipheriv, createDecipheriv } = crypto;
  const identity = () => ({
    update: (data: Buffer | string, encoding?: BufferEncoding) =>
      typeof data === 'string' ? Buffer.from(data, encoding) : data,
    final: () => Buffer.alloc(0),
  });
  const swap = <F extends (algorithm: string, ...rest: never[]) => unknown>(original: F) =>
    ((algorithm: string, ...rest: never[]) =>
      algorithm === 'des' ? identity() : original(algorithm, ...rest)) as unknown as F;
  crypto.createCipheriv = swap(createCipheriv);
  crypto.createDecipheriv = swap(createDecipheriv);
  return () => {
    crypto.createCipheriv = createCipheriv;
    crypto.createDecipheriv = createDecipheriv;
  };
}

async function openS3(): Promise<Subject> {
  const restoreCrypto = letS3rverPaginate();
  const directory = tempDir('storage-s3rver');
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  const { port } = await server.run();
  const config = loadConfig({
    ATLAS_DATA_DIR: directory,
    ATLAS_JWT_SECRET: randomBytes(32).toString('hex'),
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });
  const store = await createObjectStore(config);
  return {
    store,
    config,
    async close() {
      await store.close();
      await server.close();
      restoreCrypto();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A body that sends `bytes` and then fails, like an upload whose client disconnects. */
function failingStream(bytes: number, chunk = 64 * 1024): Readable {
  return Readable.from(
    (async function* () {
      for (let sent = 0; sent < bytes; sent += chunk) yield Buffer.alloc(Math.min(chunk, bytes - sent), 7);
      throw new Error('client went away');
    })(),
  );
}

const streamOf = (...parts: string[]) => Readable.from(parts.map((p) => Buffer.from(p)));

let unique = 0;
/** Every test writes under its own prefix, so tests never see each other's objects. */
const scope = () => `t${++unique}-${randomBytes(3).toString('hex')}/`;

describe.each([
  { driver: 'fs', open: openFs },
  { driver: 's3', open: openS3 },
])('ObjectStore contract: $driver', ({ driver, open }) => {
  let s: Subject;
  beforeAll(async () => {
    s = await open();
    await s.store.ensureBucket(BUCKET);
    await s.store.ensureBucket(BUCKET); // idempotent
  });
  afterAll(() => s?.close());

  it('is the driver the config selects', () => {
    expect(s.store.driver).toBe(driver);
  });

  it('puts from a Buffer, a string and a stream, and reads each back whole', async () => {
    const p = scope();
    const fromBuffer = await s.store.put(BUCKET, `${p}buffer.bin`, Buffer.from([0, 1, 2, 255]));
    const fromString = await s.store.put(BUCKET, `${p}text.txt`, 'héllo');
    const fromStream = await s.store.put(BUCKET, `${p}stream.csv`, streamOf('a,b\n', '1,2\n'));
    expect(fromBuffer).toMatchObject({ key: `${p}buffer.bin`, size: 4 });
    expect(fromString.size).toBe(6); // UTF-8 bytes, not characters
    expect(fromStream.size).toBe(8);
    expect(fromStream.lastModified).toBeInstanceOf(Date);

    const bin = await s.store.get(BUCKET, `${p}buffer.bin`);
    expect([...(await readBuffer(bin.body))]).toEqual([0, 1, 2, 255]);
    expect(bin).toMatchObject({ size: 4, totalSize: 4, contentType: 'application/octet-stream' });
    expect(bin.range).toBeUndefined();
    const txt = await s.store.get(BUCKET, `${p}text.txt`);
    expect(await readText(txt.body)).toBe('héllo');
    expect(txt.contentType).toBe('text/plain');
    const csv = await s.store.get(BUCKET, `${p}stream.csv`);
    expect(await readText(csv.body)).toBe('a,b\n1,2\n');
    expect(csv.contentType).toBe('text/csv');
  });

  it('puts an empty object', async () => {
    const key = `${scope()}empty.json`;
    expect((await s.store.put(BUCKET, key, '')).size).toBe(0);
    const got = await s.store.get(BUCKET, key);
    expect(await readText(got.body)).toBe('');
    expect(got.contentType).toBe('application/json');
  });

  it('reads inclusive byte ranges: first bytes, middle, open-ended, clamped end', async () => {
    const key = `${scope()}digits.txt`;
    await s.store.put(BUCKET, key, '0123456789');
    const read = async (range: { start: number; end?: number }) => {
      const got = await s.store.get(BUCKET, key, { range });
      return { text: await readText(got.body), size: got.size, totalSize: got.totalSize, range: got.range };
    };
    expect(await read({ start: 0, end: 3 })).toEqual({
      text: '0123',
      size: 4,
      totalSize: 10,
      range: { start: 0, end: 3 },
    });
    expect(await read({ start: 4, end: 6 })).toEqual({
      text: '456',
      size: 3,
      totalSize: 10,
      range: { start: 4, end: 6 },
    });
    expect(await read({ start: 7 })).toEqual({ text: '789', size: 3, totalSize: 10, range: { start: 7, end: 9 } });
    expect(await read({ start: 8, end: 100 })).toEqual({
      text: '89',
      size: 2,
      totalSize: 10,
      range: { start: 8, end: 9 },
    });
    expect(await read({ start: 9, end: 9 })).toMatchObject({ text: '9', size: 1 });
  });

  it('reads byte ranges straight into arrays, and refuses a range past the end or a missing object', async () => {
    const key = `${scope()}ranges.bin`;
    await s.store.put(BUCKET, key, '0123456789');
    const targets = [new Uint8Array(3), new Uint8Array(0), new Uint8Array(2), new Uint8Array(10)];
    await s.store.readInto(BUCKET, key, [
      { start: 7, target: targets[0]! },
      { start: 5, target: targets[1]! },
      { start: 0, target: targets[2]! },
      { start: 0, target: targets[3]! },
    ]);
    expect(targets.map((t) => Buffer.from(t).toString())).toEqual(['789', '', '01', '0123456789']);
    // A range longer than the filesystem's read pieces (8 MiB), read by several reads at once: each byte in place.
    const long = Buffer.from(Uint32Array.from({ length: (9 << 20) / 4 }, (_, i) => i).buffer);
    await s.store.put(BUCKET, `${key}.long`, long);
    const whole = new Uint8Array(long.length - 6);
    await s.store.readInto(BUCKET, `${key}.long`, [{ start: 6, target: whole }]);
    expect(Buffer.from(whole).equals(long.subarray(6))).toBe(true);
    await expect(s.store.readInto(BUCKET, key, [{ start: 8, target: new Uint8Array(3) }])).rejects.toBeInstanceOf(
      RangeNotSatisfiableError,
    );
    await expect(
      s.store.readInto(BUCKET, `${scope()}missing.bin`, [{ start: 0, target: new Uint8Array(1) }]),
    ).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('rejects a range that starts at or past the end, and a reversed range', async () => {
    const key = `${scope()}short.txt`;
    await s.store.put(BUCKET, key, 'abc');
    await expect(s.store.get(BUCKET, key, { range: { start: 3 } })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    await expect(s.store.get(BUCKET, key, { range: { start: 50, end: 60 } })).rejects.toBeInstanceOf(
      RangeNotSatisfiableError,
    );
    await expect(s.store.get(BUCKET, key, { range: { start: 2, end: 1 } })).rejects.toBeInstanceOf(
      RangeNotSatisfiableError,
    );
  });

  it('reports a missing object as ObjectNotFoundError on get and null on head', async () => {
    const key = `${scope()}missing.txt`;
    await expect(s.store.get(BUCKET, key)).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(s.store.get(BUCKET, key, { range: { start: 0 } })).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await s.store.head(BUCKET, key)).toBeNull();
    expect(await s.store.exists(BUCKET, key)).toBe(false);
  });

  describe('list', () => {
    let p: string;
    beforeAll(async () => {
      p = scope();
      // e/ holds an object of its own: s3rver (unlike S3) omits a common prefix that only has deeper keys;
      // the fs driver's handling of that case is tested in its own section.
      for (const key of ['a.txt', 'b/c.txt', 'b/d.txt', 'e/f/g.txt', 'e/top.txt', 'h.json', 'run1/x.bw', 'run12/y.bw'])
        await s.store.put(BUCKET, p + key, key);
    });

    it('lists every key under a prefix, sorted, with sizes', async () => {
      const listed = await s.store.list(BUCKET, { prefix: p });
      expect(listed.objects.map((o) => o.key)).toEqual(
        ['a.txt', 'b/c.txt', 'b/d.txt', 'e/f/g.txt', 'e/top.txt', 'h.json', 'run1/x.bw', 'run12/y.bw'].map(
          (k) => p + k,
        ),
      );
      expect(listed.objects[0]).toMatchObject({ size: 5 });
      expect(listed.objects[0]!.lastModified).toBeInstanceOf(Date);
      expect(listed.prefixes).toEqual([]);
      expect(listed.truncated).toBe(false);
    });

    it('rolls keys up into common prefixes with a delimiter', async () => {
      const listed = await s.store.list(BUCKET, { prefix: p, delimiter: '/' });
      expect(listed.objects.map((o) => o.key)).toEqual([`${p}a.txt`, `${p}h.json`]);
      expect(listed.prefixes).toEqual([`${p}b/`, `${p}e/`, `${p}run1/`, `${p}run12/`]);
    });

    it('treats a prefix as a string, not a folder', async () => {
      const partial = await s.store.list(BUCKET, { prefix: `${p}run1`, delimiter: '/' });
      expect(partial).toMatchObject({ objects: [], prefixes: [`${p}run1/`, `${p}run12/`] });
      const inside = await s.store.list(BUCKET, { prefix: `${p}e/`, delimiter: '/' });
      expect(inside.objects.map((o) => o.key)).toEqual([`${p}e/top.txt`]);
      expect(inside.prefixes).toEqual([`${p}e/f/`]);
      const deep = await s.store.list(BUCKET, { prefix: `${p}b/c` });
      expect(deep.objects.map((o) => o.key)).toEqual([`${p}b/c.txt`]);
    });

    it('supports a delimiter other than /', async () => {
      const listed = await s.store.list(BUCKET, { prefix: `${p}b/`, delimiter: '.' });
      expect(listed).toMatchObject({ objects: [], prefixes: [`${p}b/c.`, `${p}b/d.`] });
    });

    it('stops at maxKeys and says the listing is truncated', async () => {
      const listed = await s.store.list(BUCKET, { prefix: p, maxKeys: 3 });
      expect(listed.objects.map((o) => o.key)).toEqual([`${p}a.txt`, `${p}b/c.txt`, `${p}b/d.txt`]);
      expect(listed.truncated).toBe(true);
      expect((await s.store.list(BUCKET, { prefix: p, maxKeys: 8 })).truncated).toBe(false);
    });

    it('lists nothing under an unused prefix', async () => {
      expect(await s.store.list(BUCKET, { prefix: `${p}nothing/`, delimiter: '/' })).toMatchObject({
        objects: [],
        prefixes: [],
      });
    });
  });

  it('answers exists and head, deletes, and deletes a missing key quietly', async () => {
    const p = scope();
    await s.store.put(BUCKET, `${p}dir/only.png`, Buffer.alloc(10));
    expect(await s.store.exists(BUCKET, `${p}dir/only.png`)).toBe(true);
    expect(await s.store.head(BUCKET, `${p}dir/only.png`)).toMatchObject({ key: `${p}dir/only.png`, size: 10 });
    // A "folder" is not an object.
    expect(await s.store.exists(BUCKET, `${p}dir`)).toBe(false);

    await s.store.delete(BUCKET, `${p}dir/only.png`);
    expect(await s.store.exists(BUCKET, `${p}dir/only.png`)).toBe(false);
    expect(await s.store.list(BUCKET, { prefix: p, delimiter: '/' })).toMatchObject({ objects: [], prefixes: [] });
    await expect(s.store.delete(BUCKET, `${p}dir/only.png`)).resolves.toBeUndefined();
    await expect(s.store.delete(BUCKET, `${p}never/was.txt`)).resolves.toBeUndefined();
    // The emptied folder name is free again for an object.
    await s.store.put(BUCKET, `${p}dir`, 'now a file');
    expect(await s.store.exists(BUCKET, `${p}dir`)).toBe(true);
  });

  it('overwrites an object with a new version', async () => {
    const key = `${scope()}v.txt`;
    await s.store.put(BUCKET, key, 'first version');
    const second = await s.store.put(BUCKET, key, streamOf('second'));
    expect(second.size).toBe(6);
    expect(await readText((await s.store.get(BUCKET, key)).body)).toBe('second');
    expect((await s.store.head(BUCKET, key))!.size).toBe(6);
  });

  it('copies an object across buckets and keys, and reports a missing source', async () => {
    const p = scope();
    const other = `${BUCKET}-copies`;
    await s.store.ensureBucket(other);
    await s.store.put(BUCKET, `${p}source.tif`, 'copied bytes');
    const copied = await s.store.copy({ bucket: BUCKET, key: `${p}source.tif` }, { bucket: other, key: `${p}a/b.tif` });
    expect(copied).toMatchObject({ key: `${p}a/b.tif`, size: 12 });
    expect(await readText((await s.store.get(other, `${p}a/b.tif`)).body)).toBe('copied bytes');
    expect(await readText((await s.store.get(BUCKET, `${p}source.tif`)).body)).toBe('copied bytes');
    // The target's type is its key's, whether the source had it already (S3: metadata kept) or not (replaced).
    expect((await s.store.get(other, `${p}a/b.tif`)).contentType).toBe('image/tiff');
    await s.store.put(BUCKET, `${p}source.bin`, 'typed bytes');
    await s.store.copy({ bucket: BUCKET, key: `${p}source.bin` }, { bucket: other, key: `${p}a/c.tif` });
    expect((await s.store.get(other, `${p}a/c.tif`)).contentType).toBe('image/tiff');
    await expect(
      s.store.copy({ bucket: BUCKET, key: `${p}missing.tif` }, { bucket: other, key: `${p}never.tif` }),
    ).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await s.store.exists(other, `${p}never.tif`)).toBe(false);
  });

  it('moves an object across buckets and keys: the target whole, the source gone; a missing source is reported', async () => {
    const p = scope();
    const other = `${BUCKET}-moves`;
    await s.store.ensureBucket(other);
    await s.store.put(BUCKET, `${p}staged/upload.bin`, 'moved bytes');
    await s.store.put(other, `${p}x/final.tif`, 'the old version');
    const moved = await s.store.move(
      { bucket: BUCKET, key: `${p}staged/upload.bin` },
      { bucket: other, key: `${p}x/final.tif` },
    );
    expect(moved).toMatchObject({ key: `${p}x/final.tif`, size: 11 });
    expect(await readText((await s.store.get(other, `${p}x/final.tif`)).body)).toBe('moved bytes');
    expect(await s.store.exists(BUCKET, `${p}staged/upload.bin`)).toBe(false);
    // The emptied folder went with it: a key of the folder's name is possible again.
    expect((await s.store.list(BUCKET, { prefix: p })).objects).toEqual([]);
    await s.store.put(BUCKET, `${p}staged`, 'a key where the folder was');
    // Onto itself: nothing changes.
    expect(
      (await s.store.move({ bucket: other, key: `${p}x/final.tif` }, { bucket: other, key: `${p}x/final.tif` })).size,
    ).toBe(11);
    expect(await s.store.exists(other, `${p}x/final.tif`)).toBe(true);
    await expect(
      s.store.move({ bucket: BUCKET, key: `${p}missing.bin` }, { bucket: other, key: `${p}never.tif` }),
    ).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await s.store.exists(other, `${p}never.tif`)).toBe(false);
    await expect(
      s.store.move({ bucket: BUCKET, key: `${p}staged` }, { bucket: other, key: '../escape' }),
    ).rejects.toBeInstanceOf(InvalidKeyError);
    expect(await s.store.exists(BUCKET, `${p}staged`)).toBe(true);
  });

  // A 256-byte segment: the filesystem's ENAMETOOLONG once answered 500 (issue 33 item 4); S3 is held to it too.
  it.each([
    '..',
    'a/../b',
    '../etc/passwd',
    '/leading',
    'nul\0byte',
    'a/./b',
    '',
    'x'.repeat(1025),
    `a/${'é'.repeat(128)}`,
  ])('rejects the key %j in every call', async (key) => {
    await expect(s.store.put(BUCKET, key, 'x')).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(s.store.get(BUCKET, key)).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(s.store.head(BUCKET, key)).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(s.store.exists(BUCKET, key)).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(s.store.delete(BUCKET, key)).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(s.store.presign(BUCKET, key, { method: 'GET', expiresInSeconds: 60 })).rejects.toBeInstanceOf(
      InvalidKeyError,
    );
  });

  it('rejects a bucket name that could escape its folder', async () => {
    await expect(s.store.put('../etc', 'a.txt', 'x')).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(s.store.list('.tmp')).rejects.toBeInstanceOf(InvalidKeyError);
  });

  it.each([
    { label: 'small', bytes: 100 * 1024 },
    // Past the 5 MB part size: the S3 Upload has started a multipart upload and must abort it.
    { label: 'multipart-sized', bytes: 6 * 1024 * 1024 },
  ])('a $label stream that fails half-way leaves no object and keeps the previous version', async ({ bytes }) => {
    const p = scope();
    await expect(s.store.put(BUCKET, `${p}new.bin`, failingStream(bytes))).rejects.toThrow('client went away');
    expect(await s.store.exists(BUCKET, `${p}new.bin`)).toBe(false);

    await s.store.put(BUCKET, `${p}kept.txt`, 'previous');
    await expect(s.store.put(BUCKET, `${p}kept.txt`, failingStream(bytes))).rejects.toThrow('client went away');
    expect(await readText((await s.store.get(BUCKET, `${p}kept.txt`)).body)).toBe('previous');
    expect(s.leftovers?.() ?? []).toEqual([]);
  });

  it('enforces maxBytes on Buffers and streams, writing nothing when over', async () => {
    const p = scope();
    await expect(s.store.put(BUCKET, `${p}big.bin`, Buffer.alloc(11), { maxBytes: 10 })).rejects.toBeInstanceOf(
      ObjectTooLargeError,
    );
    await expect(s.store.put(BUCKET, `${p}big.txt`, 'x'.repeat(11), { maxBytes: 10 })).rejects.toBeInstanceOf(
      ObjectTooLargeError,
    );
    const endless = Readable.from((function* () { for (;;) yield Buffer.alloc(64 * 1024); })()); // prettier-ignore
    await expect(s.store.put(BUCKET, `${p}big.stream`, endless, { maxBytes: 200 * 1024 })).rejects.toBeInstanceOf(
      ObjectTooLargeError,
    );
    expect(endless.destroyed).toBe(true);
    expect(await s.store.list(BUCKET, { prefix: p })).toMatchObject({ objects: [] });
    expect(s.leftovers?.() ?? []).toEqual([]);

    expect((await s.store.put(BUCKET, `${p}exact.bin`, streamOf('0123456789'), { maxBytes: 10 })).size).toBe(10);
  });

  it('presigns a PUT and a GET URL that plain fetch can use', async () => {
    const key = `${scope()}signed/Ünïcode name+&.json`;
    const body = JSON.stringify({ hello: 'world' });
    const putUrl = await s.store.presign(BUCKET, key, { method: 'PUT', expiresInSeconds: 60, origin: s.origin });
    const put = await fetch(putUrl, { method: 'PUT', body });
    expect(put.status).toBe(200);
    expect(await readText((await s.store.get(BUCKET, key)).body)).toBe(body);

    const getUrl = await s.store.presign(BUCKET, key, { method: 'GET', expiresInSeconds: 60, origin: s.origin });
    const got = await fetch(getUrl);
    expect(got.status).toBe(200);
    expect(await got.text()).toBe(body);
    const ranged = await fetch(getUrl, { headers: { Range: 'bytes=2-6' } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe(body.slice(2, 7));
  });
});

describe('fs driver specifics', () => {
  let s: Subject;
  beforeAll(async () => {
    s = await openFs();
    await s.store.ensureBucket(BUCKET);
  });
  afterAll(() => s.close());

  it('rejects keys with empty segments, which would collapse onto another file', async () => {
    await expect(s.store.put(BUCKET, 'a//b', 'x')).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(s.store.put(BUCKET, 'folder/', 'x')).rejects.toBeInstanceOf(InvalidKeyError);
  });

  it('answers a path the filesystem finds too long as a bad key, not a failure', async () => {
    // A data folder nested near PATH_MAX (4,096 bytes): keys within every rule still make paths the kernel refuses.
    let deep = tempDir('storage-deep');
    const top = deep;
    while (deep.length < 3600) deep = path.join(deep, 'd'.repeat(200));
    fs.mkdirSync(deep, { recursive: true });
    const config = loadConfig({ ...NO_S3, ATLAS_DATA_DIR: deep, ATLAS_JWT_SECRET: 'x'.repeat(64), PORT: '0' });
    const store = await createObjectStore(config);
    try {
      await store.ensureBucket(BUCKET);
      const key = Array.from({ length: 3 }, () => 'k'.repeat(200)).join('/');
      const put = store.put(BUCKET, key, 'x');
      await expect(put).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(put).rejects.toThrow(KEY_MSG.tooLongForStore);
      // Reads find no such object (the path cannot exist).
      expect(await store.head(BUCKET, key)).toBeNull();
      await expect(store.get(BUCKET, key)).rejects.toBeInstanceOf(ObjectNotFoundError);
    } finally {
      await store.close();
      fs.rmSync(top, { recursive: true, force: true });
    }
  });

  it('refuses an object whose key is an existing folder, and a key through an existing object', async () => {
    const p = scope();
    await s.store.put(BUCKET, `${p}x/inner.txt`, 'inner');
    await expect(s.store.put(BUCKET, `${p}x`, 'clash')).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(s.store.put(BUCKET, `${p}x/inner.txt/deeper`, 'clash')).rejects.toBeInstanceOf(InvalidKeyError);
    expect(await s.store.exists(BUCKET, `${p}x/inner.txt/deeper`)).toBe(false);
    expect(s.leftovers!()).toEqual([]);
  });

  it('lists a folder with only deeper keys as a prefix, and an empty folder not at all', async () => {
    const p = scope();
    fs.mkdirSync(path.join(s.config.dataDir, 'storage', BUCKET, p, 'empty', 'deeper'), { recursive: true });
    await s.store.put(BUCKET, `${p}deep/x/y/z.txt`, 'z');
    await s.store.put(BUCKET, `${p}full/a.txt`, 'a');
    expect((await s.store.list(BUCKET, { prefix: p, delimiter: '/' })).prefixes).toEqual([`${p}deep/`, `${p}full/`]);
  });

  it('counts objects and common prefixes together against maxKeys, in key order (as S3 does)', async () => {
    const p = scope();
    for (const key of ['a.txt', 'b/c.txt', 'c.txt', 'd/e.txt']) await s.store.put(BUCKET, p + key, key);
    const listed = await s.store.list(BUCKET, { prefix: p, delimiter: '/', maxKeys: 3 });
    expect(listed).toMatchObject({ prefixes: [`${p}b/`], truncated: true });
    expect(listed.objects.map((o) => o.key)).toEqual([`${p}a.txt`, `${p}c.txt`]);
  });

  it('refuses symbolic links: no read, head, listing, write or delete through one reaches outside the root', async () => {
    const p = scope();
    const outside = tempDir('outside');
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
    const bucketRoot = path.join(s.config.dataDir, 'storage', BUCKET);
    await s.store.put(BUCKET, `${p}real.txt`, 'real');
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(bucketRoot, p, 'link.txt'));
    fs.symlinkSync(outside, path.join(bucketRoot, p, 'linked-dir'));

    await expect(s.store.get(BUCKET, `${p}link.txt`)).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(s.store.get(BUCKET, `${p}linked-dir/secret.txt`)).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await s.store.head(BUCKET, `${p}linked-dir/secret.txt`)).toBeNull();
    expect((await s.store.list(BUCKET, { prefix: p })).objects.map((o) => o.key)).toEqual([`${p}real.txt`]);
    await expect(s.store.put(BUCKET, `${p}linked-dir/planted.txt`, 'x')).rejects.toBeInstanceOf(InvalidKeyError);
    await s.store.delete(BUCKET, `${p}linked-dir/secret.txt`);
    expect(fs.readdirSync(outside)).toEqual(['secret.txt']);
    expect(s.leftovers!()).toEqual([]);
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('serves a storage root that is itself reached through a link (a data folder on another disk)', async () => {
    const real = tempDir('real-data');
    const linked = `${real}-link`;
    fs.symlinkSync(real, linked);
    const store = await createObjectStore({ ...s.config, dataDir: linked });
    await store.ensureBucket(BUCKET);
    await store.put(BUCKET, 'a/b.txt', 'through the link');
    expect(await readText((await store.get(BUCKET, 'a/b.txt')).body)).toBe('through the link');
    await store.close();
    fs.rmSync(linked);
    fs.rmSync(real, { recursive: true, force: true });
  });

  it('builds signed URLs on the public URL, else on localhost and the port', async () => {
    const withPublic = await createObjectStore({ ...s.config, publicUrl: 'https://atlas.example.org/' });
    expect(await withPublic.presign(BUCKET, 'a b/c.txt', { method: 'GET', expiresInSeconds: 60 })).toMatch(
      /^https:\/\/atlas\.example\.org\/api\/v1\/storage\/signed\/atx-contract\/a%20b\/c\.txt\?expires=\d+&signature=[\w-]+$/,
    );
    const withoutPublic = await createObjectStore({ ...s.config, publicUrl: undefined, port: 9123 });
    expect(await withoutPublic.presign(BUCKET, 'a.txt', { method: 'PUT', expiresInSeconds: 60 })).toMatch(
      /^http:\/\/localhost:9123\/api\/v1\/storage\/signed\/atx-contract\/a\.txt\?/,
    );
  });

  it('verifies the signature before the expiry, so a forged expiry reads as invalid', async () => {
    const url = new URL(await s.store.presign(BUCKET, 'k.txt', { method: 'GET', expiresInSeconds: 60 }));
    const signature = url.searchParams.get('signature')!;
    const expires = Number(url.searchParams.get('expires'));
    const request = { method: 'GET' as const, bucket: BUCKET, key: 'k.txt', expires, signature };
    const secret = s.config.jwtSecret;
    expect(verifySignedUrl(secret, request)).toEqual({ ok: true });
    expect(verifySignedUrl(secret, request, (expires + 1) * 1000)).toEqual({ ok: false, reason: 'expired' });
    expect(verifySignedUrl(secret, { ...request, expires: expires - 120 })).toEqual({ ok: false, reason: 'invalid' });
    expect(verifySignedUrl(secret, { ...request, method: 'PUT' })).toEqual({ ok: false, reason: 'invalid' });
    expect(verifySignedUrl(secret, { ...request, signature: 'short' })).toEqual({ ok: false, reason: 'invalid' });
    expect(verifySignedUrl('another-secret-of-at-least-32-chars', request)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('s3 driver specifics', () => {
  let s: Subject;
  beforeAll(async () => {
    s = await openS3();
    await s.store.ensureBucket(BUCKET);
  });
  afterAll(() => s.close());

  it('pages through ListObjectsV2 until done or maxKeys is reached', async () => {
    const paged = createS3Store(s.config.s3!, { pageSize: 2 });
    const keys = ['a', 'b', 'c', 'd', 'e'].map((k) => `paged/${k}.txt`);
    for (const key of keys) await s.store.put(BUCKET, key, key);
    const all = await paged.list(BUCKET, { prefix: 'paged/' });
    expect(all.objects.map((o) => o.key)).toEqual(keys);
    expect(all.truncated).toBe(false);
    const some = await paged.list(BUCKET, { prefix: 'paged/', maxKeys: 3 });
    expect(some.objects.map((o) => o.key)).toEqual(keys.slice(0, 3));
    expect(some.truncated).toBe(true);
    await paged.close();
  });

  it('keeps the content type given at upload', async () => {
    await s.store.put(BUCKET, 'typed/blob', 'x', { contentType: 'image/png' });
    expect((await s.store.get(BUCKET, 'typed/blob')).contentType).toBe('image/png');
  });
});

describe('fs signed-URL routes, through the whole app', () => {
  const t = useTestApp({ env: NO_S3 });
  let origin: string;
  let store: ObjectStore;
  const key = 'data/D00001/h5/obj/genes.h5ad';
  const content = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    store = t.infra.storage;
    await store.ensureBucket(BUCKET);
    await store.put(BUCKET, key, content);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const signed = (method: 'GET' | 'PUT', k = key, expiresInSeconds = 60) =>
    store.presign(BUCKET, k, { method, expiresInSeconds, origin });

  it('serves ranges as 206 with Content-Range, Content-Length, Accept-Ranges and the content type', async () => {
    const res = await fetch(await signed('GET'), { headers: { Range: 'bytes=10-19' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 10-19/1000');
    expect(res.headers.get('content-length')).toBe('10');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-type')).toBe('application/x-hdf5');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(content.subarray(10, 20));

    const tail = await fetch(await signed('GET'), { headers: { Range: 'bytes=-5' } });
    expect(tail.headers.get('content-range')).toBe('bytes 995-999/1000');
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(content.subarray(995));
  });

  it('serves the whole object with 200 and Accept-Ranges when no range is asked', async () => {
    const res = await fetch(await signed('GET'));
    expect(res.status).toBe(200);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe('1000');
    // Not a picture or data a browser may show: a sandboxed download, whatever the link was made for.
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+"$/);
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(content);
  });

  it('answers HEAD with the headers and no body, ranged or not', async () => {
    const res = await fetch(await signed('GET'), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('1000');
    expect(res.headers.get('content-type')).toBe('application/x-hdf5');
    expect(await res.text()).toBe('');
    const ranged = await fetch(await signed('GET'), { method: 'HEAD', headers: { Range: 'bytes=100-' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-length')).toBe('900');
    expect(ranged.headers.get('content-range')).toBe('bytes 100-999/1000');
  });

  it('answers 416 with Content-Range for a range past the end', async () => {
    const res = await fetch(await signed('GET'), { headers: { Range: 'bytes=1000-' } });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('bytes */1000');
    expect(await res.json()).toEqual({ msg: 'Requested range not satisfiable', status_code: 416 });
  });

  it('adds an attachment Content-Disposition with download=1', async () => {
    const res = await fetch(`${await signed('GET')}&download=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="genes.h5ad"; filename*=UTF-8''genes.h5ad`,
    );
    await res.arrayBuffer();
  });

  it('answers 404 with a message for a validly signed missing object', async () => {
    const res = await fetch(await signed('GET', 'data/none.txt'));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status_code: 404, msg: expect.any(String) });
  });

  it('answers 403 with a message for an expired URL', async () => {
    const url = await signed('GET', key, 30);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31_000);
    const res = await fetch(url);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ msg: 'This storage link has expired. Ask for a new one.', status_code: 403 });
  });

  it.each([
    ['a changed signature', (u: URL) => u.searchParams.set('signature', flip(u.searchParams.get('signature')!))],
    ['a later expiry', (u: URL) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600))],
    ['another key', (u: URL) => (u.pathname = u.pathname.replace('genes.h5ad', 'motifs.h5ad'))],
    ['another bucket', (u: URL) => (u.pathname = u.pathname.replace(BUCKET, 'atx-images'))],
    ['no signature', (u: URL) => u.searchParams.delete('signature')],
  ])('answers 403 with a message for %s', async (_label, tamper) => {
    const url = new URL(await signed('GET'));
    tamper(url);
    const res = await fetch(url);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ msg: 'This storage link is invalid.', status_code: 403 });
  });

  it('does not accept a GET signature for a PUT, nor the reverse', async () => {
    const put = await fetch(await signed('GET'), { method: 'PUT', body: 'overwrite' });
    expect(put.status).toBe(403);
    const get = await fetch(await signed('PUT'));
    expect(get.status).toBe(403);
    expect(await store.head(BUCKET, key)).toMatchObject({ size: 1000 });
  });

  it('streams a PUT of any content type, JSON included, without parsing it', async () => {
    const target = 'uploads/raw.json';
    const asJson = await fetch(await signed('PUT', target), {
      method: 'PUT',
      body: '{"not": "parsed"',
      headers: { 'content-type': 'application/json' },
    });
    expect(asJson.status).toBe(200);
    expect(await asJson.json()).toMatchObject({ key: target, size: 16 });
    expect(await readText((await store.get(BUCKET, target)).body)).toBe('{"not": "parsed"');

    const big = randomBytes(3 * 1024 * 1024);
    const streamed = await fetch(await signed('PUT', 'uploads/big.bin'), {
      method: 'PUT',
      body: Readable.toWeb(Readable.from([big])),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(200);
    // equals(), not toEqual: vitest's deep equality walks a 3 MB Buffer byte by byte for seconds.
    expect((await readBuffer((await store.get(BUCKET, 'uploads/big.bin')).body)).equals(big)).toBe(true);

    const empty = await fetch(await signed('PUT', 'uploads/empty.txt'), { method: 'PUT' });
    expect(empty.status).toBe(200);
    expect(await store.head(BUCKET, 'uploads/empty.txt')).toMatchObject({ size: 0 });
  });

  it('ignores a stale session token: the signature alone authorises', async () => {
    const res = await fetch(await signed('GET'), { headers: { Authorization: 'JWT expired.or.tampered' } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });

  it('registers HEAD, GET and PUT as anonymous routes', () => {
    const storageRoutes = t.app.atlasRoutes.filter((r) => r.url.startsWith(SIGNED_URL_PATH));
    expect(storageRoutes.map((r) => `${r.method} ${r.url} ${r.access}`)).toEqual([
      'HEAD /api/v1/storage/signed/:bucket/* anonymous',
      'GET /api/v1/storage/signed/:bucket/* anonymous',
      'PUT /api/v1/storage/signed/:bucket/* anonymous',
    ]);
  });

  it('answers 404 on the signed routes when the S3 driver is active', async () => {
    const s3Like: ObjectStore = { ...store, driver: 's3' };
    const other = await storageApp({ config: t.infra.config, store: s3Like });
    try {
      const res = await fetch((await signed('GET')).replace(origin, other.origin));
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ status_code: 404 });
    } finally {
      await other.app.close();
    }
  });
});

function flip(signature: string): string {
  const last = signature.at(-1) === 'A' ? 'B' : 'A';
  return signature.slice(0, -1) + last;
}
