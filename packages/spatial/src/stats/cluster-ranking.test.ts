import { describe, expect, it } from 'vitest';
import { naturalCompare, rankClusters, topTen } from './cluster-ranking.js';
import { topIndices } from './result.js';
import { hasSharedData, loadDataset, members, readReference, relativeError } from './test-data.js';
import { randomDense } from './test-matrices.js';
import { welchVsRest } from './welch.js';
import { wilcoxonVsRest } from './wilcoxon.js';

const maxRelativeDifference = (a: Float64Array, b: Float64Array): number =>
  a.reduce((worst, v, i) => Math.max(worst, relativeError(v, b[i]!)), 0);

describe('natural order', () => {
  it('orders digit runs by value, the rest by code unit', () => {
    const names = ['C10', 'C2', 'C1', 'C01', 'B', 'C2a', 'C', 'c1'];
    expect(names.sort(naturalCompare)).toEqual(['B', 'C', 'C01', 'C1', 'C2', 'C2a', 'C10', 'c1']);
    expect(['10', '9', '0', '100'].sort(naturalCompare)).toEqual(['0', '9', '10', '100']);
  });
});

describe('cluster vs rest on synthetic data', () => {
  const matrix = randomDense(90, 14, 17);
  const pattern = ['C2', 'C10', null, 'C1', 'C2', undefined, 'C10', 'C1', 'C2'] as const;
  const labels = Array.from({ length: 90 }, (_, i) => pattern[i % pattern.length]!);
  const of = (cluster: string): number[] => labels.flatMap((l, i) => (l === cluster ? [i] : []));

  it('ranks every cluster in natural order; unlabelled observations join every rest', () => {
    const rankings = rankClusters(matrix, labels);
    expect(rankings.map((r) => [r.cluster, r.nObs])).toEqual([
      ['C1', 20],
      ['C2', 30],
      ['C10', 20],
    ]);
    for (const r of rankings) {
      const direct = welchVsRest(matrix, of(r.cluster));
      expect(maxRelativeDifference(r.result!.scores, direct.scores)).toBeLessThan(1e-12);
      expect(maxRelativeDifference(r.result!.pValues, direct.pValues)).toBeLessThan(1e-12);
      expect(r.result!.nRest).toBe(90 - r.nObs);
    }
  });

  it('gives the same rank-sum scores as one group at a time', () => {
    const rankings = rankClusters(matrix, labels, { method: 'wilcoxon', tieCorrect: false });
    for (const r of rankings) {
      const direct = wilcoxonVsRest(matrix, of(r.cluster), { tieCorrect: false });
      expect(Array.from(r.result!.scores)).toEqual(Array.from(direct.scores));
      expect(maxRelativeDifference(r.result!.logFoldChanges, direct.logFoldChanges)).toBeLessThan(1e-12);
    }
  });

  it('accepts AnnData categoricals (code −1 missing) like the same labels as strings', () => {
    const categories = ['C10', 'C1', 'C2'];
    const codes = Int32Array.from(labels, (l) => (l ? categories.indexOf(l) : -1));
    expect(rankClusters(matrix, { codes, categories })).toEqual(rankClusters(matrix, labels));
    expect(() => rankClusters(matrix, labels.slice(1))).toThrow(RangeError);
  });

  it('builds topTen as rows × clusters, enriched under "1" and depleted under "-1"', () => {
    const rankings = rankClusters(matrix, labels);
    const names = Array.from({ length: 14 }, (_, j) => `g${j}`);
    const table = topTen(rankings, names);
    expect(table['1']).toHaveLength(10);
    expect(table['1'][0]).toHaveLength(3);
    rankings.forEach((r, c) => {
      const up = topIndices(r.result!.scores, 10, 1);
      const down = topIndices(r.result!.scores, 10, -1);
      expect(table['1'].map((row) => row[c])).toEqual(up.map((j) => names[j]));
      expect(table['-1'].map((row) => row[c])).toEqual(down.map((j) => names[j]));
    });
    expect(topTen(rankings, names, 20)['1']).toHaveLength(14);
    expect(() => topTen(rankings, names.slice(1))).toThrow(RangeError);
  });
});

describe.runIf(hasSharedData)('cluster rankings against the DERIVED references in ../shared/data', () => {
  it.each([
    ['louvain', 'scanpy-pbmc68k-reduced/ttest_top10_louvain_DERIVED.csv'],
    ['bulk_labels', 'scanpy-pbmc68k-reduced/ttest_top10_bulk_labels_DERIVED.csv'],
  ])('pbmc68k %s: topTen "1" is the reference top 10 of every cluster', async (column, reference) => {
    const data = await loadDataset('scanpy-pbmc68k-reduced/10x_pbmc68k_reduced.h5ad', [column], true);
    const labels = data.obs[column]!;
    const rankings = rankClusters(data.matrix, labels);
    // The categories are already in natural order (0…10; CD4… < CD8… < CD14… < CD19…).
    expect(rankings.map((r) => r.cluster)).toEqual(labels.categories);
    const { rows } = readReference(reference);
    const table = topTen(rankings, data.featureNames);
    rankings.forEach((r, c) => {
      const expected = rows.filter((row) => row.group === r.cluster).map((row) => row.gene);
      expect(
        table['1'].map((row) => row[c]),
        r.cluster,
      ).toEqual(expected);
    });
  });

  it('visium leiden: single-spot clusters are skipped by the t-test (empty topTen cells), ranked by Wilcoxon', async () => {
    const data = await loadDataset('visium-squidpy-tests/test_data.h5ad', ['leiden']);
    const labels = data.obs.leiden!;
    const welch = rankClusters(data.matrix, labels);
    expect(welch.map((r) => [r.cluster, r.nObs, r.result !== null])).toEqual([
      ['0', 27, true],
      ['2', 19, true],
      ['6', 1, false],
      ['7', 1, false],
      ['9', 1, false],
    ]);
    const table = topTen(welch, data.featureNames);
    expect(table['1'][0]).toEqual(['Plk2', 'mt-Nd4', '', '', '']);

    const wilcoxon = rankClusters(data.matrix, labels, { method: 'wilcoxon', tieCorrect: false });
    const { rows } = readReference('visium-squidpy-tests/wilcoxon_all_leiden_DERIVED.csv');
    const byGroup = (group: string): string[] => rows.filter((r) => r.group === group).map((r) => r.gene!);
    expect(topTen(wilcoxon, data.featureNames)['1'][0]).toEqual(labels.categories.map((g) => byGroup(g)[0]));
    for (const r of wilcoxon) {
      const direct = wilcoxonVsRest(data.matrix, members(labels, r.cluster), { tieCorrect: false });
      expect(Array.from(r.result!.scores)).toEqual(Array.from(direct.scores));
    }
  });
});
