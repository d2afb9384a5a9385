import { describe, expect, it } from 'vitest';
import type { DenseMatrix } from '../matrix/types.js';
import { toCsc } from '../matrix/ops.js';
import { topFeatures } from './result.js';
import { hasSharedData, loadDataset, matchesPrinted, members, readReference, relativeError } from './test-data.js';
import { denseToCsr, randomDense } from './test-matrices.js';
import { welchVsRest } from './welch.js';

/** One column per case; observations 0–3 are the group. */
function columns(...values: number[][]): DenseMatrix {
  const nRows = values[0]!.length;
  const data = new Float32Array(nRows * values.length);
  values.forEach((column, j) => column.forEach((v, i) => (data[i * values.length + j] = v)));
  return { kind: 'dense', nRows, nCols: values.length, data };
}
const GROUP = [0, 1, 2, 3];

describe('Welch t-test, small cases', () => {
  it('matches a hand-checked case and scipy', () => {
    // group 1.5, 2, 0, 3.25: mean 1.6875, var 5.421875/3; rest 0, .5, 0, 1, 0, .75: mean .375, var .96875/5;
    // t = 1.3125 / √(1.807291…/4 + 0.19375/6) = 1.88636…; scipy ttest_ind(equal_var=False) gives the p.
    const r = welchVsRest(columns([1.5, 2, 0, 3.25, 0, 0.5, 0, 1, 0, 0.75]), GROUP);
    expect(relativeError(r.scores[0]!, 1.8863628262375365)).toBeLessThan(1e-14);
    expect(relativeError(r.pValues[0]!, 0.14398812608864703)).toBeLessThan(1e-13);
    expect(relativeError(r.logFoldChanges[0]!, 3.275541540215343)).toBeLessThan(1e-14);
    expect([r.meanGroup[0], r.meanRest[0], r.nGroup, r.nRest]).toEqual([1.6875, 0.375, 4, 6]);
  });

  it('follows scipy and scanpy on degenerate features', () => {
    const r = welchVsRest(
      columns(
        [0, 0, 0, 0, 0, 0, 0], // all zero: equal means, zero variances → NaN → score 0, p 1
        [2, 2, 2, 2, 2, 2, 2], // constant
        [1, 1, 1, 1, 0, 0, 0], // zero variances, different means: df NaN → 1 (scipy), t = +∞, p = 0
        [0, 0, 0, 0, 3, 3, 3],
      ),
      GROUP,
    );
    expect(Array.from(r.scores)).toEqual([0, 0, Infinity, -Infinity]);
    expect(Array.from(r.pValues)).toEqual([1, 1, 0, 0]);
    expect(Array.from(r.pAdj)).toEqual([1, 1, 0, 0]);
  });

  it('refuses a group or a rest of one observation (ddof = 1 variance undefined; scanpy raises)', () => {
    const m = columns([1, 2, 3, 4, 5]);
    expect(() => welchVsRest(m, [2])).toThrow(/group has 1 and the rest 4/);
    expect(() => welchVsRest(m, [0, 1, 2, 3])).toThrow(RangeError);
    expect(() => welchVsRest(m, [0, 7])).toThrow(/not an observation index/);
    expect(welchVsRest(m, [0, 1, 1, 0]).nGroup).toBe(2); // a set: repeats count once
  });

  it('gives identical results for dense, CSR and CSC input', () => {
    const dense = randomDense(80, 12, 7);
    const group = [3, 5, 8, 13, 21, 34, 55, 60, 61, 79];
    const expected = welchVsRest(dense, group, { meanInLogSpace: false });
    expect(welchVsRest(denseToCsr(dense), group, { meanInLogSpace: false })).toEqual(expected);
    expect(welchVsRest(toCsc(denseToCsr(dense)), group, { meanInLogSpace: false })).toEqual(expected);
  });
});

// scipy 1.17.1 ttest_ind_from_stats on the float64 values of the same matrices (the tables print 6 digits).
const VISIUM = { file: 'visium-squidpy-tests/test_data.h5ad', raw: false, column: 'leiden' };
const PBMC = { file: 'scanpy-pbmc68k-reduced/10x_pbmc68k_reduced.h5ad', raw: true };
const FULL_PRECISION = [
  { ...VISIUM, group: '0', gene: 'Plk2', score: 4.991033986033276, p: 1.0347787192269275e-5, lfc: 2.1992347122745377 },
  { ...VISIUM, group: '0', gene: 'Chgb', score: 4.46106690783026, p: 0.0001044764800838177, lfc: 1.3177315983293503 },
  {
    ...VISIUM,
    group: '2',
    gene: 'mt-Nd4',
    score: 8.856289648640164,
    p: 4.047883314360985e-10,
    lfc: 0.6746579905200212,
  },
  {
    ...PBMC,
    column: 'louvain',
    group: '0',
    gene: 'CD3D',
    score: 26.25004499096545,
    p: 4.379060792789855e-75,
    lfc: 3.859758580154938,
  },
  {
    ...PBMC,
    column: 'bulk_labels',
    group: 'CD4+/CD45RA+/CD25- Naive T',
    gene: 'ITM2A',
    score: 7.3806435982714556,
    p: 0.00012675556238527405,
    lfc: 3.6794979764125824,
  },
];

const TABLES = [
  {
    file: 'visium-squidpy-tests/test_data.h5ad',
    raw: false,
    column: 'leiden',
    reference: 'visium-squidpy-tests/ttest_top10_leiden_DERIVED.csv',
  },
  {
    file: 'scanpy-pbmc68k-reduced/10x_pbmc68k_reduced.h5ad',
    raw: true,
    column: 'louvain',
    reference: 'scanpy-pbmc68k-reduced/ttest_top10_louvain_DERIVED.csv',
  },
  {
    file: 'scanpy-pbmc68k-reduced/10x_pbmc68k_reduced.h5ad',
    raw: true,
    column: 'bulk_labels',
    reference: 'scanpy-pbmc68k-reduced/ttest_top10_bulk_labels_DERIVED.csv',
  },
];

describe.runIf(hasSharedData)('Welch t-test against the DERIVED references in ../shared/data', () => {
  it.each(TABLES)('$reference: same top 10 per group, every statistic to its 6 printed digits', async (table) => {
    const { description, rows } = readReference(table.reference);
    expect(description).toMatch(table.raw ? /raw\/X/ : /on test_data\.h5ad X/);
    const data = await loadDataset(table.file, [table.column], table.raw);
    const labels = data.obs[table.column]!;
    const groups = [...new Set(rows.map((r) => r.group!))];
    let worst = 0;
    for (const group of groups) {
      const result = welchVsRest(data.matrix, members(labels, group));
      const expected = rows.filter((r) => r.group === group);
      const top = topFeatures(result, 10);
      expect(top.map((t) => data.featureNames[t.index])).toEqual(expected.map((r) => r.gene));
      top.forEach((t, k) => {
        const row = expected[k]!;
        const pairs: [number, string][] = [
          [t.score, row.score!],
          [t.pValue, row.pval!],
          [t.pAdj, row.pval_adj!],
          [t.logFoldChange, row.logfoldchange!],
          [result.meanGroup[t.index]!, row.mean_group!],
          [result.meanRest[t.index]!, row.mean_rest!],
        ];
        for (const [value, printed] of pairs) {
          expect(matchesPrinted(value, printed), `${group} ${row.gene}: ${value} vs ${printed}`).toBe(true);
          worst = Math.max(worst, relativeError(value, Number(printed)));
        }
      });
      expect(Number(expected[0]!.n_group)).toBe(result.nGroup);
    }
    // Groups of one observation are skipped by the reference, as scanpy refuses them.
    const skipped = labels.categories.filter((c) => members(labels, c).length < 2);
    expect(groups).toEqual(labels.categories.filter((c) => !skipped.includes(c)));
    expect(worst).toBeLessThan(5e-6); // half a unit in the 6th digit at most
  });

  it.each(FULL_PRECISION)('$column=$group $gene: within 1e-12 of scipy at full precision', async (c) => {
    const data = await loadDataset(c.file, [c.column], c.raw);
    const result = welchVsRest(data.matrix, members(data.obs[c.column]!, c.group));
    const j = data.featureNames.indexOf(c.gene);
    expect(relativeError(result.scores[j]!, c.score)).toBeLessThan(1e-12);
    expect(relativeError(result.pValues[j]!, c.p)).toBeLessThan(1e-12);
    expect(relativeError(result.logFoldChanges[j]!, c.lfc)).toBeLessThan(1e-12);
  });
});
