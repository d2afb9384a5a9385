/**
 * A PNG's resolution (pure): browsers encode canvases without one, so a 300 DPI figure would open at 72 DPI in
 * layout programs. `withPngDpi` inserts the pHYs chunk (pixels per metre) right after IHDR, its CRC-32 over the
 * chunk type and data.
 */
import { crc32 } from '@atlas/spatial/formats/crc32';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Signature (8) + IHDR chunk (4 length + 4 type + 13 data + 4 CRC). */
const AFTER_IHDR = 8 + 25;

export function withPngDpi(png: Uint8Array, dpi: number): Uint8Array<ArrayBuffer> {
  if (!SIGNATURE.every((b, i) => png[i] === b) || String.fromCharCode(...png.subarray(12, 16)) !== 'IHDR')
    throw new Error('Not a PNG');
  const perMetre = Math.round(dpi / 0.0254);
  const chunk = new Uint8Array(4 + 4 + 9 + 4);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, 9);
  chunk.set([0x70, 0x48, 0x59, 0x73], 4); // pHYs
  view.setUint32(8, perMetre);
  view.setUint32(12, perMetre);
  chunk[16] = 1; // unit: metre
  view.setUint32(17, crc32(chunk.subarray(4, 17)));
  const out = new Uint8Array(png.length + chunk.length);
  out.set(png.subarray(0, AFTER_IHDR));
  out.set(chunk, AFTER_IHDR);
  out.set(png.subarray(AFTER_IHDR), AFTER_IHDR + chunk.length);
  return out;
}
