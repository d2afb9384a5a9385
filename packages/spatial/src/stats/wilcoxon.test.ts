import { describe, expect, it } from 'vitest';
import type { DenseMatrix } from '../matrix/types.js';
import { toCsc } from '../matrix/ops.js';
import { topIndices } from './result.js';
import { hasSharedData, loadDataset, members, readReference, relativeError } from './test-data.js';
import { denseToCsr, randomDense } from './test-matrices.js';
import { wilcoxonVsRest } from './wilcoxon.js';

function column(values: number[]): DenseMatrix {
  return { kind: 'dense', nRows: values.length, nCols: 1, data: Float32Array.from(values) };
}

describe('Wilcoxon rank-sum, small cases', () => {
  // group 1.5, 2, 0, 3.25 vs rest 0, .5, 0, 1, 0, .75. Sorted: four zeros (ranks 1–4, average 2.5), then
  // .5 .75 1 1.5 2 3.25 at ranks 5–10, so R = 8 + 9 + 2.5 + 10 = 29.5 against n(N+1)/2 = 22; σ² = 4·6·11/12.
  const matrix = column([1.5, 2, 0, 3.25, 0, 0.5, 0, 1, 0, 0.75]);
  const group = [0, 1, 2, 3];

  it('without tie correction: z = 7.5/√22 (scanpy tie_correct=False)', () => {
    const r = wilcoxonVsRest(matrix, group, { tieCorrect: false });
    expect(relativeError(r.scores[0]!, 7.5 / Math.sqrt(22))).toBeLessThan(1e-15);
    expect(relativeError(r.pValues[0]!, 0.10981940881523722)).toBeLessThan(1e-14); // scipy 2·norm.sf(z)
  });

  it('with tie correction: T = 1 − (4³ − 4)/(10³ − 10), p equal to scipy mannwhitneyu', () => {
    const r = wilcoxonVsRest(matrix, group);
    expect(relativeError(r.scores[0]!, 7.5 / Math.sqrt(22 * (1 - 60 / 990)))).toBeLessThan(1e-15);
    // scipy.stats.mannwhitneyu(g, r, method='asymptotic', use_continuity=False).pvalue
    expect(relativeError(r.pValues[0]!, 0.09898793180102632)).toBeLessThan(1e-14);
  });

  it('scores constant and all-zero features 0 with p = 1 (T = 0 gives NaN → 0, as scanpy)', () => {
    for (const tieCorrect of [true, false]) {
      const r = wilcoxonVsRest(column([0, 0, 0, 0, 0]), [1, 3], { tieCorrect });
      expect([r.scores[0], r.pValues[0], r.pAdj[0]]).toEqual([0, 1, 1]);
      expect(wilcoxonVsRest(column([2, 2, 2, 2]), [0], { tieCorrect }).scores[0]).toBe(0);
    }
  });

  it('ranks a group of one observation (defined, and in the reference) but refuses an empty side', () => {
    const r = wilcoxonVsRest(column([5, 1, 2, 3]), [0], { tieCorrect: false });
    expect(relativeError(r.scores[0]!, 1.5 / Math.sqrt((3 * 5) / 12))).toBeLessThan(1e-15); // R = 4 vs 2.5
    expect(() => wilcoxonVsRest(column([5, 1]), [])).toThrow(RangeError);
    expect(() => wilcoxonVsRest(column([5, 1]), [0, 1])).toThrow(RangeError);
  });

  it('gives identical results for dense, CSR and CSC input', () => {
    const dense = randomDense(70, 10, 3);
    const group = [1, 2, 3, 5, 8, 13, 21, 34, 55, 69];
    const expected = wilcoxonVsRest(dense, group, { meanInLogSpace: false });
    expect(wilcoxonVsRest(denseToCsr(dense), group, { meanInLogSpace: false })).toEqual(expected);
    expect(wilcoxonVsRest(toCsc(denseToCsr(dense)), group, { meanInLogSpace: false })).toEqual(expected);
  });
});

const TABLES = [
  {
    file: 'visium-squidpy-tests/test_data.h5ad',
    raw: false,
    column: 'leiden',
    reference: 'visium-squidpy-tests/wilcoxon_all_leiden_DERIVED.csv',
  },
  {
    file: 'scanpy-pbmc68k-reduced/10x_pbmc68k_reduced.h5ad',
    raw: true,
    column: 'bulk_labels',
    reference: 'scanpy-pbmc68k-reduced/wilcoxon_all_bulk_labels_DERIVED.csv',
  },
];

describe.runIf(hasSharedData)('Wilcoxon against the DERIVED references in ../shared/data', () => {
  it.each(TABLES)('$reference: every gene in the same order, every statistic within 1e-11', async (table) => {
    const { description, rows } = readReference(table.reference);
    expect(description).toMatch(/tie_correct=False/);
    expect(description).toMatch(table.raw ? /on raw\/X/ : /on X of/);
    const data = await loadDataset(table.file, [table.column], table.raw);
    const labels = data.obs[table.column]!;
    const worst = { score: 0, pval: 0, pval_adj: 0, logfc_meanlog: 0, logfc_meanexpm1: 0, score_tiecorrect: 0 };
    for (const group of labels.categories) {
      const obs = members(labels, group);
      const plain = wilcoxonVsRest(data.matrix, obs, { tieCorrect: false });
      const corrected = wilcoxonVsRest(data.matrix, obs, { tieCorrect: true, meanInLogSpace: false });
      const expected = rows.filter((r) => r.group === group);
      expect(expected).toHaveLength(data.featureNames.length);
      const order = topIndices(plain.scores, data.featureNames.length);
      expect(order.map((j) => data.featureNames[j])).toEqual(expected.map((r) => r.gene));
      expected.forEach((row, k) => {
        const j = order[k]!;
        const values = {
          score: plain.scores[j]!,
          pval: plain.pValues[j]!,
          pval_adj: plain.pAdj[j]!,
          logfc_meanlog: plain.logFoldChanges[j]!,
          logfc_meanexpm1: corrected.logFoldChanges[j]!,
          score_tiecorrect: corrected.scores[j]!,
        };
        for (const [key, value] of Object.entries(values) as [keyof typeof worst, number][]) {
          worst[key] = Math.max(worst[key], relativeError(value, Number(row[key])));
        }
      });
      expect(Number(expected[0]!.n_group)).toBe(plain.nGroup);
    }
    for (const error of Object.values(worst)) expect(error).toBeLessThan(1e-11);
  });
});
