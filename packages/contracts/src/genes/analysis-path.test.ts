import { describe, expect, it } from 'vitest';
import { analysisPathText, ZAnalysisPath } from './analysis-path.js';

describe('analysisPathText (the Metadata dialog line)', () => {
  it('says where counts, clusters and the explorer values come from, and when there is no UMI count', () => {
    expect(
      analysisPathText({
        input: 'counts',
        counts: 'raw.X',
        matrix: 'log1p(CP10k)',
        clusters: { source: 'computed', column: null },
        umap: 'computed',
        umi: 'counts',
      }),
    ).toBe(
      'Raw counts (raw.X); clusters computed (normalise_total 1e4 + log1p, Louvain); explorer values: log1p(CP10k) of the counts; UMI count from the counts',
    );
    expect(
      analysisPathText({
        input: 'log-normalised',
        counts: null,
        matrix: 'X',
        clusters: { source: 'computed', column: null },
        umap: 'computed',
        umi: 'none',
      }),
    ).toBe(
      'Log-normalised values, no raw counts; clusters computed on the log values (Louvain, no second normalisation); explorer values: X (log-normalised); UMI count not available (no raw counts)',
    );
  });

  it('rejects an unknown source', () => {
    expect(ZAnalysisPath.safeParse({ input: 'counts', counts: 'obsm', matrix: 'X' }).success).toBe(false);
  });
});
