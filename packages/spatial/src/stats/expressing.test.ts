/**
 * "% expressing" (scanpy rank_genes_groups `pts` / `pts_rest`: the fraction of observations with X != 0) on every
 * path that ranks: a matrix against the rest, a selection from the index (group walked, the rest = totals − group,
 * or the other way round), and every cluster at once.
 */
import { describe, expect, it } from 'vitest';
import type { DenseMatrix, Matrix } from '../matrix/types.js';
import { toCsc } from '../matrix/ops.js';
import { rankClusters } from './cluster-ranking.js';
import { welchForSelection, wilcoxonForSelection } from './selection-de.js';
import { buildSelectionIndex } from './selection-index.js';
import { hasSharedData, loadDataset, members } from './test-data.js';
import { denseToCsr, randomDense } from './test-matrices.js';
import { welchVsRest } from './welch.js';
import { wilcoxonVsRest } from './wilcoxon.js';

/** The direct count: for each feature, the fraction of `rows` whose value is not 0. */
function directFractions(matrix: Matrix, rows: readonly number[]): Float64Array {
  const csc = toCsc(matrix);
  const inRows = new Uint8Array(matrix.nRows);
  for (const r of rows) inRows[r] = 1;
  const out = new Float64Array(matrix.nCols);
  for (let j = 0; j < matrix.nCols; j++) {
    let n = 0;
    for (let k = csc.indptr[j]!; k < csc.indptr[j + 1]!; k++) if (inRows[csc.indices[k]!] && csc.data[k] !== 0) n++;
    out[j] = n / rows.length;
  }
  return out;
}

const rest = (nObs: number, group: readonly number[]): number[] => {
  const inGroup = new Set(group);
  return Array.from({ length: nObs }, (_, i) => i).filter((i) => !inGroup.has(i));
};

describe('% expressing on hand-made matrices', () => {
  // 5 observations × 4 features: a negative value counts (it is not zero), a stored zero does not.
  const dense: DenseMatrix = {
    kind: 'dense',
    nRows: 5,
    nCols: 4,
    data: Float32Array.from([1, 0, 0, 2, 0, 0, -1, 2, 3, 0, 0, 2, 0, 0, 4, 2, 5, 0, 0, 0]),
  };
  const group = [0, 2];

  it('is the fraction of non-zeros in the group and in the rest, for every layout and both tests', () => {
    const expected = { group: [1, 0, 0, 1], rest: [1 / 3, 0, 2 / 3, 2 / 3] };
    for (const matrix of [dense, denseToCsr(dense), toCsc(dense)]) {
      for (const result of [welchVsRest(matrix, group), wilcoxonVsRest(matrix, group)]) {
        expect(Array.from(result.fractionGroup)).toEqual(expected.group);
        expect(Array.from(result.fractionRest)).toEqual(expected.rest);
      }
    }
    const index = buildSelectionIndex(dense);
    // Two of five: the group is walked; three of five: the rest is walked and the group is totals − rest.
    for (const [selection, other] of [
      [group, [1, 3, 4]],
      [[1, 3, 4], group],
    ] as const) {
      const fast = welchForSelection(index, selection);
      expect(Array.from(fast.fractionGroup)).toEqual(Array.from(directFractions(dense, selection)));
      expect(Array.from(fast.fractionRest)).toEqual(Array.from(directFractions(dense, other)));
    }
  });

  it('per cluster against all other observations (unlabelled ones join every rest)', () => {
    const rankings = rankClusters(dense, ['a', 'b', 'a', null, 'b'], { method: 'wilcoxon' });
    expect(rankings.map((r) => Array.from(r.result!.fractionGroup))).toEqual([
      [1, 0, 0, 1],
      [0.5, 0, 0.5, 0.5],
    ]);
    expect(Array.from(rankings[1]!.result!.fractionRest)).toEqual([2 / 3, 0, 1 / 3, 1]);
  });

  it('equals the direct count on a random matrix for selections of every size', () => {
    const matrix = randomDense(80, 25, 5);
    const index = buildSelectionIndex(denseToCsr(matrix));
    for (const size of [1, 7, 40, 41, 79]) {
      const selection = Array.from({ length: size }, (_, i) => (i * 37) % 80);
      const fast = wilcoxonForSelection(index, selection);
      expect(fast.fractionGroup).toEqual(directFractions(matrix, selection));
      expect(fast.fractionRest).toEqual(directFractions(matrix, rest(80, selection)));
    }
  });
});

describe.skipIf(!hasSharedData)('% expressing on real data (squidpy Visium test_data, leiden)', () => {
  it('from the selection index and for every cluster at once equals the direct count', async () => {
    const { matrix, obs } = await loadDataset('visium-squidpy-tests/test_data.h5ad', ['leiden']);
    const leiden = obs.leiden!;
    const index = buildSelectionIndex(matrix);
    const rankings = rankClusters(matrix, leiden);
    expect(rankings.length).toBeGreaterThan(1);
    for (const ranking of rankings) {
      // A cluster of one observation is not t-testable (scanpy skips it too).
      if (!ranking.result) continue;
      const group = members(leiden, ranking.cluster);
      const other = rest(matrix.nRows, group);
      const expectedGroup = directFractions(matrix, group);
      const expectedRest = directFractions(matrix, other);
      expect(ranking.result!.fractionGroup).toEqual(expectedGroup);
      expect(ranking.result!.fractionRest).toEqual(expectedRest);
      const fast = welchForSelection(index, group);
      expect(fast.fractionGroup).toEqual(expectedGroup);
      expect(fast.fractionRest).toEqual(expectedRest);
      // Something is expressed somewhere: the comparison is not between two arrays of zeros.
      expect(expectedGroup.some((f) => f > 0 && f < 1)).toBe(true);
    }
  });
});
