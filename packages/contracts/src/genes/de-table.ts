/**
 * The explorer's DE results panel (issue 34): a selection's full ranking, one cluster against the rest, or a
 * file's own uns['rank_genes_groups'], sent by column (one array per statistic, 30k features stay a few flat
 * arrays instead of 30k objects). A value JSON cannot hold (NaN, ±∞) or a statistic the source lacks is null.
 */
import { z } from 'zod';

export const DE_COLUMN_KEYS = ['mean_in', 'mean_out', 'pct_in', 'pct_out', 'log2fc', 'score', 'p', 'p_adj'] as const;
export type DeColumnKey = (typeof DE_COLUMN_KEYS)[number];

export type DeColumns = { names: string[] } & Record<DeColumnKey, (number | null)[] | null>;

/** Column headers of the panel and of its CSV. */
export const DE_COLUMN_LABEL: Record<DeColumnKey, string> = {
  mean_in: 'Mean in',
  mean_out: 'Mean out',
  pct_in: '% in',
  pct_out: '% out',
  log2fc: 'log2FC',
  score: 'Score',
  p: 'p',
  p_adj: 'p adj (BH)',
};

/** gene.rank_clusters: where the ranking comes from. */
export const DE_SOURCES = ['computed', 'file'] as const;
export const ZDeSource = z.enum(DE_SOURCES);
export type DeSource = (typeof DE_SOURCES)[number];

/** At most this many clusters are ranked (one per label of the run's data.csv; more is not a clustering). */
export const RANK_CLUSTERS_MAX = 1000;

export interface RankClustersResult {
  source: DeSource;
  /** Every cluster (computed) or group (the file's), with its size when known, in natural order. */
  clusters: { cluster: string; n: number | null }[];
  /** The cluster whose table `columns` holds (the one asked for, or the first). */
  cluster: string | null;
  /** The test (computed), or the file's own method (e.g. 'logreg'). */
  method: string | null;
  tie_correct: boolean;
  /** The file's groupby (source 'file'). */
  groupby: string | null;
  /** null when the cluster could not be tested (too few observations) or the file has no rank_genes_groups. */
  columns: DeColumns | null;
}

/** The thresholds the DE table offers: adjusted p at most, |log2 fold change| at least. */
export const DE_P_ADJ_THRESHOLDS = [0.05, 0.01, 0.001] as const;
export const DE_LOG2FC_THRESHOLDS = [0.5, 1, 2] as const;

export const DE_TABLE_MSG = {
  title: 'DE results',
  search: 'Search features',
  selection: (n: number, test: string) => `${n.toLocaleString()} tixels selected against the rest (${test})`,
  clusterVsRest: (cluster: string, n: number | null, test: string) =>
    `Cluster ${cluster}${n === null ? '' : ` (${n.toLocaleString()} tixels)`} against the rest (${test})`,
  fileRanking: (groupby: string | null, method: string | null) =>
    `The file's own rank_genes_groups${groupby ? ` by ${groupby}` : ''}${method ? ` (${method})` : ''}`,
  noFileRanking: "This run's file has no rank_genes_groups.",
  notTestable: 'Too few tixels in this cluster or its rest to test.',
  noSelection: 'Lasso tixels on a plot, or choose a cluster, to see its table.',
  shown: (shown: number, total: number) =>
    shown === total
      ? `${total.toLocaleString()} features`
      : `${shown.toLocaleString()} of ${total.toLocaleString()} features`,
  volcano: 'Volcano plot: log2 fold change against −log10 adjusted p; click a point to colour the plots by it',
  exportCsv: 'Export CSV',
  maxPAdj: 'p adj ≤',
  minAbsLog2fc: '|log2FC| ≥',
  anyValue: 'any',
  /** What a CSV of a filtered table holds, on each of its rows beside the comparison. */
  filtered: (what: string, filters: string) => `${what}; ${filters}`,
  filterNote: (maxPAdj: number | null, minAbsLog2fc: number | null) =>
    [maxPAdj === null ? null : `p adj <= ${maxPAdj}`, minAbsLog2fc === null ? null : `|log2FC| >= ${minAbsLog2fc}`]
      .filter(Boolean)
      .join(', '),
  loading: 'Computing the table…',
  failed: (error: string) => `The table could not be computed: ${error}`,
  sortBy: (column: string) => `Sort by ${column}`,
} as const;
