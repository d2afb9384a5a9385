import { describe, expect, it } from 'vitest';
import { thresholdBands } from './adaptive-threshold.js';
import { addShrinkSums, shrinkSums, shrunkPixels, type ShrinkSize } from './shrink.js';

function noisy(width: number, height: number, seed: number): Uint8Array {
  let s = seed >>> 0;
  return Uint8Array.from(
    { length: width * height },
    () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) >>> 31) * 255,
  );
}

/** The mean of each output pixel's box, found the slow way: every source pixel asks where it goes. */
function bruteForce(data: Uint8Array, size: ShrinkSize): number[] {
  const { width, height, outWidth, outHeight } = size;
  const sum = new Float64Array(outWidth * outHeight);
  const count = new Float64Array(outWidth * outHeight);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = Math.floor((y * outHeight) / height) * outWidth + Math.floor((x * outWidth) / width);
      sum[o] = sum[o]! + data[y * width + x]!;
      count[o] = count[o]! + 1;
    }
  return Array.from(sum, (s, i) => Math.round(s / count[i]!));
}

const greys = (rgba: Uint8ClampedArray) => Array.from({ length: rgba.length / 4 }, (_, i) => rgba[4 * i]!);

describe('box shrink', () => {
  it.each([
    { width: 97, height: 61, outWidth: 15, outHeight: 9 },
    { width: 400, height: 400, outWidth: 60, outHeight: 60 },
    { width: 50, height: 70, outWidth: 50, outHeight: 7 },
    { width: 33, height: 33, outWidth: 1, outHeight: 1 },
  ])('averages every box of a %o image', (size) => {
    const data = noisy(size.width, size.height, size.width);
    const total = new Uint32Array(size.outWidth * size.outHeight);
    addShrinkSums(total, shrinkSums(data, 0, { start: 0, end: size.height }, size), size.outWidth);
    const rgba = shrunkPixels(total, size);
    expect(greys(rgba)).toEqual(bruteForce(data, size));
    expect(rgba.filter((_, i) => i % 4 === 3).every((a) => a === 255)).toBe(true);
  });

  it('gives the same image from bands, each read with its overlap rows, as from the whole', () => {
    const size = { width: 211, height: 157, outWidth: 31, outHeight: 23 };
    const data = noisy(size.width, size.height, 7);
    const whole = new Uint32Array(size.outWidth * size.outHeight);
    addShrinkSums(whole, shrinkSums(data, 0, { start: 0, end: size.height }, size), size.outWidth);
    const banded = new Uint32Array(whole.length);
    for (const band of thresholdBands(size.height, 11, 4)) {
      const rows = data.subarray(band.readStart * size.width, band.readEnd * size.width);
      addShrinkSums(banded, shrinkSums(rows, band.readStart, band, size), size.outWidth);
    }
    expect(banded).toEqual(whole);
  });

  it('keeps a flat image flat and refuses to grow one', () => {
    const size = { width: 10, height: 10, outWidth: 3, outHeight: 3 };
    const total = new Uint32Array(9);
    addShrinkSums(total, shrinkSums(new Uint8Array(100).fill(200), 0, { start: 0, end: 10 }, size), 3);
    expect(greys(shrunkPixels(total, size))).toEqual(new Array(9).fill(200));
    expect(() => shrinkSums(new Uint8Array(4), 0, { start: 0, end: 2 }, { ...size, width: 2, height: 2 })).toThrow(
      RangeError,
    );
  });
});
