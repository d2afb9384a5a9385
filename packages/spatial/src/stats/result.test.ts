import { describe, expect, it } from 'vitest';
import { deRows, emptyResult, log2FoldChange, topFeatures, topIndices } from './result.js';

describe('top features', () => {
  const scores = Float64Array.from([0.5, 2, -1, 2, 0, -1, Infinity, 2]);

  it('orders by score, ties by feature index (a stable argsort of −score)', () => {
    expect(topIndices(scores, 4)).toEqual([6, 1, 3, 7]);
    expect(topIndices(scores, 3, -1)).toEqual([2, 5, 4]);
  });

  it('returns every feature when n exceeds the count, and nothing for n ≤ 0', () => {
    expect(topIndices(scores, 100)).toEqual([6, 1, 3, 7, 0, 4, 2, 5]);
    expect(topIndices(scores, 0)).toEqual([]);
  });

  it('takes the sorting path for large n with the same order as the selection path', () => {
    const many = Float64Array.from({ length: 500 }, (_, i) => Math.round(Math.sin(i) * 5));
    const sorted = topIndices(many, 200);
    expect(sorted.slice(0, 60)).toEqual(topIndices(many, 60));
    for (let k = 1; k < sorted.length; k++) {
      const [a, b] = [sorted[k - 1]!, sorted[k]!];
      expect(many[a]! > many[b]! || (many[a] === many[b] && a < b)).toBe(true);
    }
  });

  it('gives rows with every statistic', () => {
    const result = emptyResult('t-test', 2, 3, 2);
    result.scores.set([1, 3]);
    result.pValues.set([0.5, 0.01]);
    expect(topFeatures(result, 1)).toEqual([{ index: 1, score: 3, logFoldChange: 0, pValue: 0.01, pAdj: 0 }]);
    expect(deRows(result).map((r) => r.index)).toEqual([0, 1]);
  });
});

describe('fold change', () => {
  it('is scanpy’s log2((expm1(mean_g) + 1e-9) / (expm1(mean_rest) + 1e-9))', () => {
    expect(log2FoldChange(Math.log(5), Math.log(2))).toBeCloseTo(Math.log2((4 + 1e-9) / (1 + 1e-9)), 14);
    expect(log2FoldChange(0, 0)).toBe(0);
    expect(log2FoldChange(Math.log1p(1), 0)).toBeCloseTo(Math.log2(1e9), 6); // rest all zero
  });
});
