/**
 * BGZF (the SAM/BAM specification §4.1): gzip members of at most 64 KiB each, with a 'BC' extra field giving the
 * member's size, so that a reader can seek to any member and address a byte as (member offset << 16 | offset in
 * its data) — the "virtual offsets" of tabix indexes. Any gzip reader reads the whole file. The caller passes a raw
 * DEFLATE (no zlib or gzip wrapping) so that this package stays free of Node built-ins.
 */
import { crc32 } from '../formats/crc32.js';

/** Most uncompressed bytes per member (htslib's): even stored uncompressed, a member then stays under 64 KiB. */
export const BGZF_MAX_DATA = 0xff00;

/** The empty member that ends every BGZF file (readers use it to tell a whole file from a cut one). */
export const BGZF_EOF = Uint8Array.from([
  0x1f, 0x8b, 0x08, 0x04, 0, 0, 0, 0, 0, 0xff, 0x06, 0, 0x42, 0x43, 0x02, 0, 0x1b, 0, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0,
]);

const HEADER_BYTES = 18;
const FOOTER_BYTES = 8;

/** One BGZF member holding `data` (≤ {@link BGZF_MAX_DATA} bytes). */
export function bgzfMember(data: Uint8Array, deflateRaw: (bytes: Uint8Array) => Uint8Array): Uint8Array {
  if (data.length > BGZF_MAX_DATA) throw new RangeError(`A BGZF member holds at most ${BGZF_MAX_DATA} bytes`);
  const compressed = deflateRaw(data);
  const size = HEADER_BYTES + compressed.length + FOOTER_BYTES;
  if (size > 0x10000) throw new RangeError('The compressed BGZF member is over 64 KiB');
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set([0x1f, 0x8b, 0x08, 0x04, 0, 0, 0, 0, 0, 0xff, 0x06, 0, 0x42, 0x43, 0x02, 0]);
  view.setUint16(16, size - 1, true); // BSIZE: the member's size minus one
  out.set(compressed, HEADER_BYTES);
  view.setUint32(size - 8, crc32(data), true);
  view.setUint32(size - 4, data.length, true);
  return out;
}

/**
 * BGZF of these blocks, one member each (each ≤ {@link BGZF_MAX_DATA} bytes), then the end-of-file member; with
 * where each member starts in the file.
 */
export function bgzfBlocks(
  blocks: readonly Uint8Array[],
  deflateRaw: (bytes: Uint8Array) => Uint8Array,
): { bytes: Uint8Array; offsets: number[] } {
  const members = blocks.map((b) => bgzfMember(b, deflateRaw));
  const offsets: number[] = [];
  let total = 0;
  for (const m of members) {
    offsets.push(total);
    total += m.length;
  }
  const bytes = new Uint8Array(total + BGZF_EOF.length);
  members.forEach((m, i) => bytes.set(m, offsets[i]!));
  bytes.set(BGZF_EOF, total);
  return { bytes, offsets };
}

/** BGZF of any bytes, cut into members of at most {@link BGZF_MAX_DATA} bytes. */
export function bgzf(data: Uint8Array, deflateRaw: (bytes: Uint8Array) => Uint8Array): Uint8Array {
  const blocks: Uint8Array[] = [];
  for (let at = 0; at < data.length; at += BGZF_MAX_DATA) blocks.push(data.subarray(at, at + BGZF_MAX_DATA));
  return bgzfBlocks(blocks, deflateRaw).bytes;
}
