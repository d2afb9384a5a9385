import { describe, expect, it } from 'vitest';
import { toCsc } from '../matrix/ops.js';
import { rankSumsByLabel } from './rank-sums.js';
import { randomDense } from './test-matrices.js';

/** Average ranks by brute force (scipy rankdata 'average'). */
function averageRanks(values: number[]): number[] {
  return values.map((v) => {
    const below = values.filter((w) => w < v).length;
    const equal = values.filter((w) => w === v).length;
    return below + (equal + 1) / 2;
  });
}

describe('rank sums', () => {
  it('ranks negatives, the zero block and positives with averaged ties (hand-checked)', () => {
    // values −1, 0, 2, 0, 2, 5 → ranks 1, 2.5, 4.5, 2.5, 4.5, 6; tie term (2³−2) + (2³−2) = 12.
    const dense = { kind: 'dense' as const, nRows: 6, nCols: 1, data: Float32Array.of(-1, 0, 2, 0, 2, 5) };
    const r = rankSumsByLabel(toCsc(dense), Int32Array.of(1, 1, 0, 0, 1, 0), 2);
    expect(Array.from(r.rankSums)).toEqual([4.5 + 2.5 + 6, 1 + 2.5 + 4.5]);
    expect(r.tieTerms[0]).toBe(12);
  });

  it('agrees with brute-force average ranks on random data with ties', () => {
    const dense = randomDense(45, 7, 5);
    const labels = Int32Array.from({ length: 45 }, (_, i) => i % 3);
    const r = rankSumsByLabel(toCsc(dense), labels, 3);
    for (let j = 0; j < 7; j++) {
      const column = Array.from({ length: 45 }, (_, i) => dense.data[i * 7 + j]!);
      const ranks = averageRanks(column);
      for (let l = 0; l < 3; l++) {
        expect(r.rankSums[l * 7 + j]).toBe(ranks.reduce((s, rank, i) => s + (labels[i] === l ? rank : 0), 0));
      }
      const counts = new Map<number, number>();
      for (const v of column) counts.set(v, (counts.get(v) ?? 0) + 1);
      expect(r.tieTerms[j]).toBe([...counts.values()].reduce((s, t) => s + t ** 3 - t, 0));
    }
  });
});
