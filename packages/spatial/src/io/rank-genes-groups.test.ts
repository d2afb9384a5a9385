import { describe, expect, it } from 'vitest';
import { hasSharedData, sharedData } from '../testing.js';
import { readRankGenesGroups } from './rank-genes-groups.js';

const PBMC = ['scanpy-pbmc68k-reduced', '10x_pbmc68k_reduced.h5ad'] as const;

describe.skipIf(!hasSharedData(...PBMC))("a file's own uns['rank_genes_groups'] (scanpy pbmc68k_reduced)", () => {
  it('reads names and scores per bulk_labels group in rank order, and the params', async () => {
    const ranked = (await readRankGenesGroups(sharedData(...PBMC)))!;
    expect([ranked.groupby, ranked.method, ranked.reference]).toEqual(['bulk_labels', 'logreg', 'rest']);
    expect(ranked.groups.map((g) => g.group)).toEqual([
      'CD4+/CD25 T Reg',
      'CD4+/CD45RA+/CD25- Naive T',
      'CD4+/CD45RO+ Memory',
      'CD8+ Cytotoxic T',
      'CD8+/CD45RA+ Naive Cytotoxic',
      'CD14+ Monocyte',
      'CD19+ B',
      'CD34+',
      'CD56+ NK',
      'Dendritic',
    ]);
    const monocytes = ranked.groups.find((g) => g.group === 'CD14+ Monocyte')!;
    expect(monocytes.names).toHaveLength(100);
    // Row 0 holds each group's top gene, row 1 the second (as h5py reads the record array).
    expect(monocytes.names.slice(0, 2)).toEqual(['C1QA', 'PSAP']);
    expect(ranked.groups.find((g) => g.group === 'Dendritic')!.names.slice(0, 2)).toEqual(['CST3', 'LYZ']);
    const scores = monocytes.columns.scores!;
    expect(scores).toHaveLength(100);
    // logreg ranks by coefficient: non-increasing scores, and no p-values or fold changes written.
    for (let i = 1; i < scores.length; i++) expect(scores[i]!).toBeLessThanOrEqual(scores[i - 1]!);
    expect([monocytes.columns.logfoldchanges, monocytes.columns.pvals, monocytes.columns.pvals_adj]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('answers null for a file without it', async () => {
    expect(await readRankGenesGroups(sharedData('visium-squidpy-tests', 'test_data.h5ad'))).toBeNull();
  });
});
