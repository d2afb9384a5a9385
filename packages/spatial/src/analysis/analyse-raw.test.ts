import { describe, expect, it } from 'vitest';
import type { DenseMatrix } from '../matrix/types.js';
import { analyseRaw } from './analyse-raw.js';
import { adjustedRandIndex, countMixture } from './test-helpers.js';

describe('analyseRaw', () => {
  const { matrix, truth } = countMixture();
  const progress: number[] = [];
  const result = analyseRaw(matrix, { seed: 7, onProgress: (p) => progress.push(p) });

  it('recovers the three groups as clusters C1..C3', () => {
    expect(adjustedRandIndex(result.clusters, truth)).toBeGreaterThan(0.9);
    expect(new Set(result.clusters)).toEqual(new Set(['C1', 'C2', 'C3']));
    expect(result.hvg.length).toBe(matrix.nCols); // fewer genes than 2000: all are kept
    expect(result.pcs.length).toBe(matrix.nRows * result.nComponents);
  });

  it('separates the groups in the UMAP: centroids further apart than each group’s spread', () => {
    const groups = [0, 1, 2].map((g) => truth.flatMap((t, i) => (t === g ? [i] : [])));
    const centroid = (members: number[]) =>
      [0, 1].map((d) => members.reduce((s, i) => s + result.umap[2 * i + d]!, 0) / members.length);
    const centroids = groups.map(centroid);
    const spread = groups.map((members, g) => {
      const [cx, cy] = centroids[g]!;
      return Math.sqrt(
        members.reduce((s, i) => s + (result.umap[2 * i]! - cx!) ** 2 + (result.umap[2 * i + 1]! - cy!) ** 2, 0) /
          members.length,
      );
    });
    for (let a = 0; a < 3; a++) {
      for (let b = a + 1; b < 3; b++) {
        const gap = Math.hypot(centroids[a]![0]! - centroids[b]![0]!, centroids[a]![1]! - centroids[b]![1]!);
        expect(gap).toBeGreaterThan(2 * Math.max(spread[a]!, spread[b]!));
      }
    }
  });

  it('reports progress non-decreasing from 0 to 100', () => {
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    for (let i = 1; i < progress.length; i++) expect(progress[i]!).toBeGreaterThanOrEqual(progress[i - 1]!);
  });

  it('is deterministic under the seed', () => {
    const again = analyseRaw(matrix, { seed: 7 });
    expect(again.clusters).toEqual(result.clusters);
    expect(again.umap).toEqual(result.umap);
    expect(again.pcs).toEqual(result.pcs);
  });

  it('rejects an empty matrix, NaN values and fewer observations than neighbours', () => {
    const dense = (nRows: number, nCols: number, fill: number): DenseMatrix => ({
      kind: 'dense',
      nRows,
      nCols,
      data: new Float32Array(nRows * nCols).fill(fill),
    });
    expect(() => analyseRaw(dense(0, 10, 1))).toThrow('the matrix is empty (0 × 10)');
    expect(() => analyseRaw(dense(20, 10, NaN))).toThrow('counts must be finite and non-negative, found NaN');
    expect(() => analyseRaw(dense(10, 10, 1))).toThrow(
      'analysis needs more than 15 observations (the neighbour count), got 10',
    );
  });
});
