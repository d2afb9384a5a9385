import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { RangeNotSatisfiableError, type ObjectStore } from './port.js';

/** Reads a whole stored object (or an inclusive byte range of it) into memory. */
export async function readObject(
  storage: ObjectStore,
  bucket: string,
  key: string,
  range?: { start: number; end: number },
): Promise<Uint8Array> {
  const { body, size } = await storage.get(bucket, key, range ? { range } : undefined);
  const out = new Uint8Array(size);
  let at = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer>) {
    if (at + chunk.length <= out.length) out.set(chunk, at);
    else chunks.push(chunk);
    at += chunk.length;
  }
  if (chunks.length)
    return new Uint8Array(Buffer.concat([Buffer.from(out.buffer, 0, out.length), ...chunks]).subarray(0, at));
  return at === out.length ? out : out.subarray(0, at);
}

/** Copies a body's bytes into `target`, which must be exactly as long as the body. */
export async function streamInto(body: AsyncIterable<Buffer> | NodeJS.ReadableStream, target: Uint8Array, key: string) {
  let at = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    if (at + chunk.length > target.length)
      throw new RangeError(`${key}: more bytes than the ${target.length} asked for`);
    target.set(chunk, at);
    at += chunk.length;
  }
  if (at !== target.length) throw new RangeNotSatisfiableError(`${key}: ${at} of the ${target.length} bytes asked for`);
}

/**
 * Runs `use` on a temporary local copy of a stored object, streamed to disk (never whole in memory), and removes
 * the copy afterwards. For readers that open files in place, such as HDF5 through h5wasm, so a 300 MB h5ad costs
 * a disk copy instead of 300 MB of memory plus HDF5's own temporary copy of the bytes.
 */
export async function withLocalCopy<T>(
  storage: ObjectStore,
  bucket: string,
  key: string,
  use: (file: string) => Promise<T>,
): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-object-'));
  try {
    const file = path.join(dir, path.basename(key));
    const { body } = await storage.get(bucket, key);
    await pipeline(body, createWriteStream(file));
    return await use(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
