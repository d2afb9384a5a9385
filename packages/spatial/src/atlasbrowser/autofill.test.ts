import { describe, expect, it } from 'vitest';
import { tixelAt, type Roi } from '../grid/tixel-grid.js';
import { adaptiveMeanThreshold, type GreyImage } from './adaptive-threshold.js';
import { autofill, tixelBoxSums, tixelMeans } from './autofill.js';

/** A bright chip with dark stained tissue where the known mask says so, plus noise and a lighting gradient. */
function stainedChip(roi: Roi, channels: number, mask: Uint8Array, size: number): GreyImage {
  let s = 7;
  const rand = () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const data = new Uint8Array(size * size);
  for (let i = 0; i < data.length; i++) data[i] = 230 + Math.round(rand() * 8) - ((i % size) * 20) / size;
  for (let row = 0; row < channels; row++)
    for (let col = 0; col < channels; col++) {
      if (!mask[row * channels + col]) continue;
      const { corners } = tixelAt(roi, channels, row, col);
      const x0 = Math.floor(Math.min(...corners.map((p) => p.x)));
      const x1 = Math.ceil(Math.max(...corners.map((p) => p.x)));
      const y0 = Math.floor(Math.min(...corners.map((p) => p.y)));
      const y1 = Math.ceil(Math.max(...corners.map((p) => p.y)));
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) if (rand() < 0.8) data[y * size + x] = 60 + Math.round(rand() * 50);
    }
  return { width: size, height: size, data };
}

describe('autofill', () => {
  it('recovers a known tissue mask from a thresholded generated image (≥ 98 % agreement)', () => {
    const channels = 50;
    const size = 1200;
    const roi: Roi = [
      { x: 100, y: 110 },
      { x: 1090, y: 100 },
      { x: 1100, y: 1095 },
      { x: 105, y: 1100 },
    ];
    // A lobed tissue shape.
    const mask = new Uint8Array(channels * channels);
    for (let r = 0; r < channels; r++)
      for (let c = 0; c < channels; c++) {
        const dx = (c - 24) / 20;
        const dy = (r - 26) / 17;
        mask[r * channels + c] = dx * dx + dy * dy + 0.3 * Math.sin(c / 3) < 1 ? 1 : 0;
      }
    const bw = adaptiveMeanThreshold(stainedChip(roi, channels, mask, size), 31, 7);
    const found = autofill(bw, roi, channels);
    let agree = 0;
    for (let i = 0; i < mask.length; i++) if (found[i] === mask[i]) agree++;
    expect(agree / mask.length).toBeGreaterThanOrEqual(0.98);
  });
});

describe('tixelBoxSums', () => {
  it("added over a worker's bands, gives the whole image's sums", () => {
    const size = 300;
    const image = {
      width: size,
      height: size,
      data: Uint8Array.from({ length: size * size }, (_, i) => (i * 7) % 251),
    };
    const roi: Roi = [
      { x: 12, y: 20 },
      { x: 280, y: 8 },
      { x: 290, y: 285 },
      { x: 5, y: 270 },
    ];
    const whole = tixelBoxSums(image, roi, 10);
    const total = { sums: new Float64Array(100), counts: new Float64Array(100) };
    for (const [start, end] of [
      [0, 90],
      [90, 91],
      [91, 300],
    ] as const) {
      const firstRow = Math.max(0, start - 4);
      const band = {
        width: size,
        height: Math.min(size, end + 4) - firstRow,
        data: image.data.subarray(firstRow * size),
      };
      const part = tixelBoxSums(band, roi, 10, { firstRow, rows: { start, end }, imageHeight: size });
      part.sums.forEach((v, i) => (total.sums[i]! += v));
      part.counts.forEach((v, i) => (total.counts[i]! += v));
    }
    expect(total).toEqual(whole);
    expect(Array.from(tixelMeans(whole)).every((m) => m > 0 && m < 251)).toBe(true);
  });
});
