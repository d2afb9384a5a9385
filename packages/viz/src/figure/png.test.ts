import { describe, expect, it } from 'vitest';
import { crc32 } from '@atlas/spatial/formats/crc32';
import { withPngDpi } from './png';

/** A 1×1 PNG (signature, IHDR, IDAT, IEND). */
const ONE_PIXEL = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (c) => c.charCodeAt(0),
);

describe('withPngDpi', () => {
  it('inserts a pHYs chunk after IHDR with the resolution in pixels per metre', () => {
    const out = withPngDpi(ONE_PIXEL, 300);
    expect(out.length).toBe(ONE_PIXEL.length + 21);
    const view = new DataView(out.buffer);
    expect(String.fromCharCode(...out.subarray(37, 41))).toBe('pHYs');
    expect(view.getUint32(41)).toBe(11811);
    expect(view.getUint32(45)).toBe(11811);
    expect(out[49]).toBe(1);
    expect(view.getUint32(50)).toBe(crc32(out.subarray(37, 50)));
    // The rest of the file is untouched (IHDR still first: width and height where readers look).
    expect(out.subarray(0, 33)).toEqual(ONE_PIXEL.subarray(0, 33));
    expect(out.subarray(54)).toEqual(ONE_PIXEL.subarray(33));
  });

  it('refuses what is not a PNG', () => {
    expect(() => withPngDpi(new Uint8Array(40), 300)).toThrow('Not a PNG');
  });
});
