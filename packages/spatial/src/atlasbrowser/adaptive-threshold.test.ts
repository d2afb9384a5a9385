import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adaptiveMeanThreshold,
  blockSizeOf,
  rgbaToGrey,
  thresholdBands,
  type GreyImage,
} from './adaptive-threshold.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- opencv.js is untyped Emscripten output */
let cv: any;
beforeAll(async () => {
  // The oracle only (DESIGN): opencv.js is a thenable that hangs `await` (STACK.md §3), so wait for its runtime.
  cv = createRequire(import.meta.url)('@techstark/opencv-js');
  if (!cv.Mat) await new Promise<void>((resolve) => (cv.onRuntimeInitialized = () => resolve()));
}, 60_000);

/** A stained-tissue-like test image: smooth gradient, blobs and speckle, from a fixed seed. */
function generated(width: number, height: number, seed: number): GreyImage {
  let s = seed >>> 0;
  const rand = () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const blob = Math.sin(x / 9) * Math.cos(y / 13) * 60;
      data[y * width + x] = Math.max(0, Math.min(255, Math.round(120 + (x * 60) / width + blob + rand() * 40 - 20)));
    }
  return { width, height, data };
}

function oracle(image: GreyImage, blockSize: number, c: number): Uint8Array {
  const src = cv.matFromArray(image.height, image.width, cv.CV_8UC1, Array.from(image.data));
  const dst = new cv.Mat();
  cv.adaptiveThreshold(src, dst, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY, blockSize, c);
  const out = new Uint8Array(dst.data);
  src.delete();
  dst.delete();
  return out;
}

describe('adaptive mean threshold', () => {
  const cases: Array<[number, number, number, number]> = [
    // width, height, neighbourhood (block 2n + 1), C
    [64, 48, 1, 0],
    [97, 61, 7, 7],
    [120, 80, 3, 25],
    [50, 70, 25, 2],
    [13, 9, 12, 5], // block larger than the image: replicated borders everywhere
  ];
  it.each(cases)('equals OpenCV on a generated %i×%i image, neighbourhood %i, C %i', (w, h, n, c) => {
    const image = generated(w, h, w * 31 + n);
    const ours = adaptiveMeanThreshold(image, blockSizeOf(n), c).data;
    const theirs = oracle(image, blockSizeOf(n), c);
    let differing = 0;
    for (let i = 0; i < ours.length; i++) if (ours[i] !== theirs[i]) differing++;
    expect(differing).toBe(0);
  });

  it('converts RGBA to grey as OpenCV RGBA2GRAY', () => {
    const rgba = new Uint8Array(4 * 200);
    for (let i = 0; i < rgba.length; i++) rgba[i] = (i * 97 + 13) % 256;
    const src = cv.matFromArray(10, 20, cv.CV_8UC4, Array.from(rgba));
    const dst = new cv.Mat();
    cv.cvtColor(src, dst, cv.COLOR_RGBA2GRAY);
    expect(Array.from(rgbaToGrey(rgba, 20, 10).data)).toEqual(Array.from(dst.data as Uint8Array));
    // The 32-bit way (aligned) and the bytewise way (unaligned view) agree with OpenCV alike.
    const unaligned = new Uint8Array(rgba.length + 1).subarray(1);
    unaligned.set(rgba);
    expect(Array.from(rgbaToGrey(unaligned, 20, 10).data)).toEqual(Array.from(dst.data as Uint8Array));
    src.delete();
    dst.delete();
  });

  it.each([
    [97, 61, 7, 2],
    [64, 48, 1, 3],
    [50, 70, 25, 4], // overlap wider than some bands
    [13, 9, 12, 5], // block larger than the image
  ])('a %i×%i image thresholded in bands (neighbourhood %i, %i bands) equals the whole', (w, h, n, count) => {
    const image = generated(w, h, w + n);
    const block = blockSizeOf(n);
    const whole = adaptiveMeanThreshold(image, block, 3).data;
    const joined = new Uint8Array(w * h).fill(7);
    // Read with the widest neighbourhood's overlap, as the browser's workers keep a band for every C and size.
    const bands = thresholdBands(h, blockSizeOf(n === 25 ? 25 : n + 3), count);
    expect(bands.map((b) => b.end - b.start).reduce((a, b) => a + b)).toBe(h);
    for (const band of bands) {
      const rows = image.data.slice(band.readStart * w, band.readEnd * w);
      const part = adaptiveMeanThreshold({ width: w, height: band.readEnd - band.readStart, data: rows }, block, 3, {
        rows: { start: band.start - band.readStart, end: band.end - band.readStart },
      });
      const own = part.data.subarray((band.start - band.readStart) * w, (band.end - band.readStart) * w);
      joined.set(own, band.start * w);
    }
    expect(Array.from(joined)).toEqual(Array.from(whole));
  });

  it('refuses an even block size', () => {
    expect(() => adaptiveMeanThreshold(generated(4, 4, 1), 4, 1)).toThrow(/odd/);
  });
});
