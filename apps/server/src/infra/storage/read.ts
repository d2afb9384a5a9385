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

/** One range of a readInto: `target.length` bytes of the object from `start`. */
interface ReadPart {
  start: number;
  target: Uint8Array;
}

/**
 * Ranges a readInto reads at once, in either driver: one at a time, a 500,000-cell lasso of a 5M-cell run's selection
 * index (2,500 ranges, 330 MB) waited on the filesystem's disk for each in turn when the file was not in the page
 * cache (4.5 s for the first lasso after the cache was dropped); S3 pays a request's latency per range.
 */
const READS_IN_FLIGHT = 8;
/** Ranges longer than this are read as pieces, so that one long range is read by several reads at once too. */
const READ_PIECE_BYTES = 8 << 20;

function piecesOf(part: ReadPart): ReadPart[] {
  const { start, target } = part;
  if (target.length <= READ_PIECE_BYTES) return [part];
  const pieces = [];
  for (let at = 0; at < target.length; at += READ_PIECE_BYTES) {
    pieces.push({ start: start + at, target: target.subarray(at, Math.min(target.length, at + READ_PIECE_BYTES)) });
  }
  return pieces;
}

/** Reads every part with `readPart` (a driver's own read of one range), READS_IN_FLIGHT at a time. */
export async function readPartsInFlight(
  parts: readonly ReadPart[],
  readPart: (part: ReadPart) => Promise<void>,
): Promise<void> {
  const pieces = parts.flatMap(piecesOf);
  let next = 0;
  const reader = async () => {
    while (next < pieces.length) await readPart(pieces[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, pieces.length) }, reader));
}
