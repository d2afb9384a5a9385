/**
 * The entries of a zip archive (e.g. a `.zarr.zip` ZipStore) as name → bytes, read from the central directory.
 * Stored and deflated entries are supported. When a name appears more than once — zarr-python's ZipStore appends
 * each metadata rewrite — the LAST entry wins, as Python's `zipfile` does; the first copies are incomplete.
 */
import { inflateRawSync } from 'node:zlib';
import { SpatialFormatError } from './errors.js';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

export function readZipEntries(bytes: Uint8Array, file: string): Map<string, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fail = (problem: string): never => {
    throw new SpatialFormatError(file, problem);
  };
  // The end-of-central-directory record is in the last 22 + 65535 bytes (after an optional comment).
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) fail('not a zip archive (no end of central directory; truncated?)');
  const count = view.getUint16(eocd + 10, true);
  const offset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || offset === 0xffffffff) fail('zip64 archives are not supported');
  const entries = new Map<string, Uint8Array>();
  const decoder = new TextDecoder();
  let at = offset;
  for (let k = 0; k < count; k++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL)
      fail(`central directory entry ${k + 1} is damaged`);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localAt = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    if (view.getUint32(localAt, true) !== LOCAL) fail(`${name}: local header is damaged`);
    const dataAt = localAt + 30 + view.getUint16(localAt + 26, true) + view.getUint16(localAt + 28, true);
    const raw = bytes.subarray(dataAt, dataAt + compressedSize);
    if (raw.length !== compressedSize) fail(`${name}: truncated`);
    if (method === 0) entries.set(name, raw);
    else if (method === 8) entries.set(name, new Uint8Array(inflateRawSync(raw)));
    else fail(`${name}: compression method ${method} is not supported (only stored and deflate)`);
  }
  return entries;
}
