import { describe, expect, it } from 'vitest';
import { composition, groupTotals } from './composition.js';

/**
 * Groups of 50, 30 and 20 tixels with 20, 2 and 3 selected. Odds ratios, p (scipy.stats.fisher_exact) and the
 * Benjamini–Hochberg column (scipy.stats.false_discovery_control) printed by ./reference/fisher_reference.py.
 */
const SCIPY = [
  { oddsRatio: 6.0, p: 0.0009668432030628979, pAdjusted: 0.0029005296091886936 },
  { oddsRatio: 0.14596273291925466, p: 0.005269557060700339, pAdjusted: 0.007904335591050509 },
  { oddsRatio: 0.46524064171123, p: 0.38694392837712727, pAdjusted: 0.38694392837712727 },
];

function layout(): { codes: Float32Array; selection: number[] } {
  const codes = new Float32Array(100);
  codes.fill(0, 0, 50);
  codes.fill(1, 50, 80);
  codes.fill(2, 80, 100);
  // 20 of group 0, 2 of group 1, 3 of group 2; a repeated index counts once.
  const selection = [...Array.from({ length: 20 }, (_, i) => i), 50, 51, 80, 81, 82, 0, 50];
  return { codes, selection };
}

describe('composition', () => {
  it('counts the selection against the rest and tests each group as scipy does', () => {
    const { codes, selection } = layout();
    const result = composition(codes, ['A', 'B', 'C'], selection);
    expect(result.totalIn).toBe(25);
    expect(result.totalRest).toBe(75);
    expect(result.rows.map((r) => [r.name, r.countIn, r.countRest])).toEqual([
      ['A', 20, 30],
      ['B', 2, 28],
      ['C', 3, 17],
    ]);
    expect(result.rows[0]!.fractionIn).toBeCloseTo(0.8, 14);
    expect(result.rows[0]!.fractionRest).toBeCloseTo(0.4, 14);
    result.rows.forEach((row, g) => {
      expect(row.oddsRatio).toBeCloseTo(SCIPY[g]!.oddsRatio, 12);
      expect(Math.abs(row.p - SCIPY[g]!.p) / SCIPY[g]!.p).toBeLessThan(1e-9);
      expect(Math.abs(row.pAdjusted - SCIPY[g]!.pAdjusted) / SCIPY[g]!.pAdjusted).toBeLessThan(1e-9);
    });
  });

  it('takes the totals it is given and leaves unlabelled tixels out of both sides', () => {
    const codes = Float32Array.from([0, 0, 1, NaN, -1, 1]);
    expect(groupTotals(codes, 2)).toEqual([2, 2]);
    const result = composition(codes, ['x', 'y'], [0, 3, 4], [2, 2]);
    expect([result.totalIn, result.totalRest]).toEqual([1, 3]);
    expect(result.rows.map((r) => r.countIn)).toEqual([1, 0]);
  });

  it('refuses indices outside the run and totals that do not fit', () => {
    const { codes } = layout();
    expect(() => composition(codes, ['A', 'B', 'C'], [100])).toThrow(RangeError);
    expect(() => composition(codes, ['A', 'B', 'C'], [0], [0, 30, 20])).toThrow(RangeError);
    expect(() => composition(codes, ['A', 'B'], [0], [50, 30, 20])).toThrow(RangeError);
  });
});
