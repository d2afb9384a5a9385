import { describe, expect, it } from 'vitest';
import { otsuThreshold } from './otsu.js';

/** Otsu by brute force over a 256-level histogram, as textbooks (and skimage's `threshold_otsu`) define it. */
function histogramOtsu(levels: number[]): number {
  let best = -1;
  let cut = 0;
  for (let t = 1; t < 256; t++) {
    const low = levels.filter((v) => v < t);
    const high = levels.filter((v) => v >= t);
    if (!low.length || !high.length) continue;
    const mean = (xs: number[]) => xs.reduce((s, v) => s + v, 0) / xs.length;
    const spread = low.length * high.length * (mean(low) - mean(high)) ** 2;
    if (spread > best) [best, cut] = [spread, t];
  }
  return cut;
}

describe('otsuThreshold', () => {
  it('cuts two clusters between them, at the midpoint of the gap', () => {
    expect(otsuThreshold([10, 12, 11, 200, 202, 201])).toBe(106);
    expect(otsuThreshold([0, 255])).toBe(127.5);
  });

  it('splits integer levels exactly where the histogram definition does', () => {
    let s = 3;
    const rand = () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    for (let trial = 0; trial < 20; trial++) {
      const levels = Array.from({ length: 300 }, (_, i) =>
        Math.round(i % 3 === 0 ? 60 + 40 * rand() + trial : 150 + 90 * rand()),
      );
      const t = otsuThreshold(levels)!;
      // Same partition: every value below the histogram cut is below ours and the rest above.
      const cut = histogramOtsu(levels);
      expect(levels.filter((v) => v < t)).toEqual(levels.filter((v) => v < cut));
    }
  });

  it('keeps a small dark class apart from a large light one (sparse tissue)', () => {
    const values = [...Array.from({ length: 95 }, (_, i) => 235 + (i % 7)), 212, 214, 215, 216, 218];
    const t = otsuThreshold(values)!;
    expect(values.filter((v) => v < t)).toEqual([212, 214, 215, 216, 218]);
  });

  it('is null when there is nothing to split', () => {
    expect(otsuThreshold([])).toBeNull();
    expect(otsuThreshold([7])).toBeNull();
    expect(otsuThreshold(new Float64Array([128, 128, 128]))).toBeNull();
  });
});
