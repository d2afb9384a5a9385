import { describe, expect, it } from 'vitest';
import { fisherExact } from './fisher.js';

/**
 * [a, b, c, d, odds ratio, two-sided p] from scipy.stats.fisher_exact (scipy 1.17.1), printed by
 * ./reference/fisher_reference.py (run: `python3 packages/spatial/src/stats/reference/fisher_reference.py`).
 */
const SCIPY: readonly (readonly [number, number, number, number, number, number])[] = [
  [1, 9, 11, 3, 0.030303030303030304, 0.0027594561852200836],
  [8, 2, 1, 5, 20.0, 0.034965034965034975],
  [3, 1, 1, 3, 9.0, 0.48571428571428565],
  [0, 5, 5, 0, 0.0, 0.007936507936507938],
  [10, 10, 10, 10, 1.0, 1.0],
  [2, 7, 8, 2, 0.07142857142857142, 0.02301413756522116],
  [120, 380, 2000, 97500, 15.394736842105264, 4.6858323972174813e-88],
  [150, 49850, 4850, 445150, 0.2761790526217829, 9.396121363971747e-82],
  [5000, 45000, 45000, 405000, 1.0, 1.0],
  [5020, 44980, 44980, 405020, 1.0049426641078165, 0.7533157946797648],
];

describe("Fisher's exact test", () => {
  it.each(SCIPY)('[[%i, %i], [%i, %i]] gives scipy odds ratio %f and p %e', (a, b, c, d, oddsRatio, p) => {
    const result = fisherExact({ a, b, c, d });
    expect(result.oddsRatio).toBeCloseTo(oddsRatio, 12);
    expect(Math.abs(result.p - p) / p).toBeLessThan(1e-8);
  });

  it("keeps ln p where p underflows (hundreds of thousands of tixels), as the script's log-sum-exp", () => {
    // scipy answers p = 0.0 for this table; ln p = -4525.265895733626 by the script's definition.
    const result = fisherExact({ a: 30000, b: 20000, c: 170000, d: 280000 });
    expect(result.p).toBe(0);
    expect(result.logP).toBeCloseTo(-4525.265895733626, 6);
    expect(fisherExact({ a: 120, b: 380, c: 2000, d: 97500 }).logP).toBeCloseTo(-201.0829446105883, 8);
  });

  it('is symmetric under swapping rows or columns, and 1 for an empty margin', () => {
    const p = fisherExact({ a: 2, b: 7, c: 8, d: 2 }).p;
    expect(fisherExact({ a: 8, b: 2, c: 2, d: 7 }).p).toBeCloseTo(p, 14);
    expect(fisherExact({ a: 7, b: 2, c: 2, d: 8 }).p).toBeCloseTo(p, 14);
    expect(fisherExact({ a: 0, b: 0, c: 4, d: 9 })).toEqual({ oddsRatio: NaN, p: 1, logP: 0 });
    expect(fisherExact({ a: 3, b: 0, c: 4, d: 0 }).p).toBe(1);
  });

  it('refuses what is not a count', () => {
    expect(() => fisherExact({ a: 1.5, b: 0, c: 0, d: 0 })).toThrow(RangeError);
    expect(() => fisherExact({ a: -1, b: 0, c: 0, d: 0 })).toThrow(RangeError);
  });
});
