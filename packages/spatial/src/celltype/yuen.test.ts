import { describe, expect, it } from 'vitest';
import { yuenTest } from './yuen.js';

/** A second, deliberately literal implementation: explicit trimmed and winsorised arrays, textbook formulas. */
function reference(a: number[], b: number[], trim: number): { t: number; df: number } {
  const side = (x: number[]) => {
    const s = [...x].sort((p, q) => p - q);
    const g = Math.floor(trim * s.length);
    const kept = s.slice(g, s.length - g);
    const winsorised = s.map((v, i) => (i < g ? s[g]! : i >= s.length - g ? s[s.length - g - 1]! : v));
    const mean = (v: number[]) => v.reduce((p, q) => p + q, 0) / v.length;
    const wm = mean(winsorised);
    const s2w = winsorised.reduce((p, v) => p + (v - wm) ** 2, 0) / (s.length - 1);
    const h = kept.length;
    return { mean: mean(kept), d: ((s.length - 1) * s2w) / (h * (h - 1)), h };
  };
  const x = side(a);
  const y = side(b);
  return {
    t: (x.mean - y.mean) / Math.sqrt(x.d + y.d),
    df: (x.d + y.d) ** 2 / (x.d ** 2 / (x.h - 1) + y.d ** 2 / (y.h - 1)),
  };
}

describe('yuenTest', () => {
  it('matches the hand-worked example: 1..10 vs 2,4..20 at trim 0.3', () => {
    // g = 3; trimmed means 5.5 and 11; winsorised SS 18.5 and 74; h = 4 → d = 18.5/12 and 74/12.
    // t = −5.5 / sqrt(92.5/12) = −1.98099…, df = (92.5/12)² / ((18.5/12)² / 3 + (74/12)² / 3) = 4.41176…
    // (scipy.stats.ttest_ind(a, b, trim=0.3, equal_var=False) gives −1.9809907431192917 and 4.411764705882353.)
    const a = Array.from({ length: 10 }, (_, i) => i + 1);
    const b = a.map((v) => 2 * v);
    const result = yuenTest(a, b, 0.3);
    expect(result.t).toBeCloseTo(-1.9809907431192917, 12);
    expect(result.df).toBeCloseTo(4.411764705882353, 12);
    expect(result.meanA).toBe(5.5);
    expect(result.meanB).toBe(11);
  });

  it('agrees with the literal implementation on unequal sizes and ties', () => {
    const a = [0, 0, 1, 2, 3, 5, 5, 9, 1, 4, 7];
    const b = [0, 1, 0, 0, 2, 1, 0, 3];
    const expected = reference(a, b, 0.3);
    const result = yuenTest(a, b, 0.3);
    expect(result.t).toBeCloseTo(expected.t, 12);
    expect(result.df).toBeCloseTo(expected.df, 12);
    expect(result.t).toBeCloseTo(1.8298126367785, 10); // scipy, same call as above
  });

  it('gives ±∞ for constant, different samples and rejects samples too small to trim', () => {
    expect(yuenTest([5, 5, 5, 5], [0, 0, 0, 0]).t).toBe(Infinity);
    expect(yuenTest([0, 0, 0], [0, 0, 0]).t).toBeNaN();
    expect(() => yuenTest([1], [1, 2, 3])).toThrow(
      "Yuen's test needs at least 2 values left after trimming, got 1 and 3",
    );
  });
});
