/**
 * The entries of a zip archive (e.g. a `.zarr.zip` ZipStore), listed from the central directory and inflated only
 * when read. Stored and deflated entries are supported. When a name appears more than once — zarr-python's
 * ZipStore appends each metadata rewrite — the LAST entry wins, as Python's `zipfile` does; the first copies are
 * incomplete.
 *
 * Hand-written, although the repository writes zips with fflate: the archive is already in memory, and what matters
 * here is what a library does not promise — that nothing is inflated before the whole directory is checked against
 * the import's budget (entry count, declared sizes, expansion ratio), that an entry is inflated only when read, and
 * that it is inflated with its declared size as a hard stop (zlib's `maxOutputLength`, which inflates in steps and
 * aborts at the limit), so a lying entry costs no more than it declared. fflate's `unzipSync` inflates every entry
 * it keeps at once, and its inflate into a buffer of the declared size does not stop there: it runs the whole
 * stream and drops the excess, without an error (256 MiB of zeros declared as 1,000 bytes: 1.1 s and a silently
 * cut entry, where zlib refuses in under a millisecond).
 */
import { inflateRawSync } from 'node:zlib';
import { SpatialFormatError, SpatialLimitError } from './errors.js';
import type { ReadBudget } from './read-budget.js';
import { IMPORT_LIMIT_MSG } from '@atlas/contracts/genes/import-limits';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

export interface ZipEntry {
  /** Uncompressed size, as the central directory declares it. */
  size: number;
  compressedSize: number;
  /** The entry's bytes (a copy), inflated now; never more than `size`. */
  read(): Uint8Array;
}

/**
 * The archive's entries by name, without inflating any. With a budget, the directory is checked first: at most
 * `maxChunks` entries, and their declared sizes together within the budget.
 */
export function listZipEntries(bytes: Uint8Array, file: string, budget?: ReadBudget): Map<string, ZipEntry> {
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
  budget?.checkChunks('the archive', count);
  const entries = new Map<string, ZipEntry>();
  const decoder = new TextDecoder();
  let at = offset;
  for (let k = 0; k < count; k++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL)
      fail(`central directory entry ${k + 1} is damaged`);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localAt = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    if (localAt + 30 > bytes.length || view.getUint32(localAt, true) !== LOCAL)
      fail(`${name}: local header is damaged`);
    const dataAt = localAt + 30 + view.getUint16(localAt + 26, true) + view.getUint16(localAt + 28, true);
    const raw = bytes.subarray(dataAt, dataAt + compressedSize);
    if (raw.length !== compressedSize) fail(`${name}: truncated`);
    if (method !== 0 && method !== 8)
      fail(`${name}: compression method ${method} is not supported (only stored and deflate)`);
    if (method === 0 && size !== compressedSize) fail(`${name}: a stored entry whose sizes differ`);
    entries.set(name, {
      size,
      compressedSize,
      read: () => (method === 0 ? raw.slice() : inflate(raw, size, name, file)),
    });
  }
  // The entries that count (a repeated name's last copy), before a byte is inflated. Checked, not taken: the
  // arrays read from them are charged as they are read.
  budget?.check(
    'the archive',
    [...entries.values()].reduce((n, e) => n + e.size, 0),
  );
  return entries;
}

/** Inflates one entry, stopping at its declared size: an entry that inflates past it is refused. */
function inflate(raw: Uint8Array, size: number, name: string, file: string): Uint8Array {
  try {
    const out = inflateRawSync(raw, { maxOutputLength: Math.max(1, size) });
    if (out.length !== size)
      throw new SpatialFormatError(file, `${name}: inflates to ${out.length} bytes, not ${size}`);
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  } catch (error) {
    if (error instanceof SpatialFormatError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new SpatialLimitError(file, IMPORT_LIMIT_MSG.inflatesPast(name, size));
    throw new SpatialFormatError(file, `${name}: damaged deflate data (${(error as Error).message})`);
  }
}
