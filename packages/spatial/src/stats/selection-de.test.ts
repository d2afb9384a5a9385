import { describe, expect, it } from 'vitest';
import type { DenseMatrix, Matrix } from '../matrix/types.js';
import { syntheticCsc } from './benchmarks.js';
import type { DeResult } from './result.js';
import { selectionStats, welchForSelection, wilcoxonForSelection } from './selection-de.js';
import { buildSelectionIndex } from './selection-index.js';
import { hasSharedData, loadDataset, members, readReference, relativeError } from './test-data.js';
import { denseToCsr, randomDense } from './test-matrices.js';
import { welchVsRest } from './welch.js';
import { wilcoxonVsRest } from './wilcoxon.js';

const STATS = [
  'scores',
  'logFoldChanges',
  'pValues',
  'pAdj',
  'meanGroup',
  'meanRest',
  'fractionGroup',
  'fractionRest',
] as const;

/** Largest relative difference over every statistic of every feature; infinities and NaNs must match exactly. */
function worstDifference(actual: DeResult, expected: DeResult): number {
  expect([actual.method, actual.nGroup, actual.nRest]).toEqual([expected.method, expected.nGroup, expected.nRest]);
  let worst = 0;
  for (const key of STATS) {
    expected[key].forEach((e, j) => {
      const a = actual[key][j]!;
      if (!Number.isFinite(e)) expect(a, `${key}[${j}]`).toBe(e);
      else worst = Math.max(worst, relativeError(a, e));
    });
  }
  return worst;
}

function seeded(seed: number): () => number {
  return () => (seed = (seed * 16807) % 2147483647) / 2147483647;
}

function sample(n: number, of: number, random: () => number): number[] {
  const picked = new Set<number>();
  while (picked.size < n) picked.add(Math.floor(random() * of));
  return [...picked];
}

/** The group as sampled and ascending (as a lasso's bitset gives it: walked as its own rows, without labels). */
function expectOracle(matrix: Matrix, group: number[]): void {
  const index = buildSelectionIndex(matrix);
  for (const given of [group, [...group].sort((x, y) => x - y)]) {
    expect(worstDifference(welchForSelection(index, given), welchVsRest(matrix, group))).toBeLessThan(1e-9);
    for (const tieCorrect of [false, true]) {
      const fast = wilcoxonForSelection(index, given, { tieCorrect });
      expect(worstDifference(fast, wilcoxonVsRest(matrix, group, { tieCorrect }))).toBeLessThan(1e-9);
    }
  }
}

// Each case runs the oracle too, several times; generous limits keep a loaded shared machine from failing them.
describe('selection DE from the web-file index equals welchVsRest / wilcoxonVsRest', { timeout: 60_000 }, () => {
  it('on random matrices with negatives, stored zeros, a constant and an all-zero feature, any selection size', () => {
    const dense = randomDense(120, 40, 7);
    const random = seeded(11);
    for (const size of [2, 3, 17, 59, 60, 61, 100, 118]) {
      const group = sample(size, 120, random);
      expectOracle(dense, group);
      expectOracle(denseToCsr(dense), group);
    }
  });

  it('on a sparse log-normalised matrix, with the smaller side walked either way', () => {
    const matrix = syntheticCsc(500, 300, 0.1, seeded(3));
    const random = seeded(5);
    for (const size of [10, 249, 250, 251, 480]) expectOracle(matrix, sample(size, 500, random));
  });

  it('with more features than a block of the walk: dense rows in blocks, sparse rows in one pass', () => {
    const random = seeded(13);
    // 9,000 features are three blocks: ~450 non-zeros a row are walked block by block, ~27 in a single pass.
    for (const density of [0.05, 0.003]) {
      const matrix = syntheticCsc(300, 9000, density, seeded(17));
      for (const size of [7, 150, 290]) expectOracle(matrix, sample(size, 300, random));
    }
  });

  it("keeps scipy's degenerate cases exact: constant sides give ±∞ or 0, not a rounding-noise score", () => {
    // Feature 0: group all 0.7, rest all 0.2 → both variances 0, different means → +∞, p 0.
    // Feature 1: group all 0.3, rest all 0.3 (but the first non-zero of the run is in the rest) → score 0, p 1.
    // Feature 2: group constant 1.1, rest constant 0.45 with zeros between → rest variance > 0, finite.
    // Feature 3: values only in the group.
    const rows = 12;
    const data = new Float32Array(rows * 4);
    const group = [1, 4, 5, 9];
    for (let i = 0; i < rows; i++) {
      const g = group.includes(i);
      data[i * 4] = g ? 0.7 : 0.2;
      data[i * 4 + 1] = 0.3;
      data[i * 4 + 2] = g ? 1.1 : i % 2 ? 0.45 : 0;
      data[i * 4 + 3] = g ? 0.1 * i : 0;
    }
    const dense: DenseMatrix = { kind: 'dense', nRows: rows, nCols: 4, data };
    const index = buildSelectionIndex(dense);
    const welch = welchForSelection(index, group);
    expect(welch.scores[0]).toBe(Infinity);
    // Features 0 and 1 have a constant side whose shifted sums cancel: they take the direct path.
    expect(selectionStats(index, group).recomputed).toBeGreaterThanOrEqual(1);
    expect([welch.scores[1], welch.pValues[1]]).toEqual([0, 1]);
    expectOracle(dense, group);
    // The complement is walked when the selection is the larger side: same answers.
    const complement = Array.from({ length: rows }, (_, i) => i).filter((i) => !group.includes(i));
    expectOracle(dense, complement);
  });

  it('recomputes only the features whose subtraction cancels, and walks only the smaller side', () => {
    const matrix = syntheticCsc(400, 200, 0.2, seeded(9));
    const index = buildSelectionIndex(matrix);
    expect(selectionStats(index, sample(30, 400, seeded(1))).recomputed).toBe(0);
    const stats = selectionStats(index, sample(390, 400, seeded(2)));
    expect(stats.moments.counts[1]).toBe(390);
    expectOracle(matrix, sample(390, 400, seeded(2)));
  });

  it('refuses what the oracle refuses', () => {
    const index = buildSelectionIndex(randomDense(10, 3, 1));
    expect(() => welchForSelection(index, [0])).toThrow(RangeError);
    expect(() => wilcoxonForSelection(index, [])).toThrow(RangeError);
    expect(() => welchForSelection(index, [10])).toThrow(RangeError);
  });
});

describe.runIf(hasSharedData)(
  'selection DE against the scanpy/scipy references in ../shared/data',
  { timeout: 60_000 },
  () => {
    it('Wilcoxon (scanpy default, no tie correction; tie-corrected as an option) and log2FC, every gene', async () => {
      const { rows } = readReference('visium-squidpy-tests/wilcoxon_all_leiden_DERIVED.csv');
      const data = await loadDataset('visium-squidpy-tests/test_data.h5ad', ['leiden']);
      const index = buildSelectionIndex(data.matrix);
      const labels = data.obs.leiden!;
      let worst = 0;
      for (const group of labels.categories) {
        const obs = members(labels, group);
        const plain = wilcoxonForSelection(index, obs);
        const corrected = wilcoxonForSelection(index, obs, { tieCorrect: true });
        for (const row of rows.filter((r) => r.group === group)) {
          const j = data.featureNames.indexOf(row.gene!);
          worst = Math.max(
            worst,
            relativeError(plain.scores[j]!, Number(row.score)),
            relativeError(plain.pValues[j]!, Number(row.pval)),
            relativeError(plain.pAdj[j]!, Number(row.pval_adj)),
            relativeError(plain.logFoldChanges[j]!, Number(row.logfc_meanlog)),
            relativeError(corrected.scores[j]!, Number(row.score_tiecorrect)),
          );
        }
      }
      expect(worst).toBeLessThan(1e-9);
    });

    it('Welch t-test top 10 per leiden cluster, with scanpy log2FC', async () => {
      const { rows } = readReference('visium-squidpy-tests/ttest_top10_leiden_DERIVED.csv');
      const data = await loadDataset('visium-squidpy-tests/test_data.h5ad', ['leiden']);
      const index = buildSelectionIndex(data.matrix);
      const labels = data.obs.leiden!;
      let checked = 0;
      for (const row of rows) {
        const obs = members(labels, row.group!);
        const r = welchForSelection(index, obs);
        const j = data.featureNames.indexOf(row.gene!);
        // The table prints 6 significant digits.
        expect(relativeError(r.scores[j]!, Number(row.score))).toBeLessThan(1e-5);
        expect(relativeError(r.logFoldChanges[j]!, Number(row.logfoldchange))).toBeLessThan(1e-5);
        expect(relativeError(r.pAdj[j]!, Number(row.pval_adj))).toBeLessThan(1e-5);
        checked++;
      }
      expect(checked).toBeGreaterThan(10);
    });
  },
);
