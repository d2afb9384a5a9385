/**
 * The ranked table of a selection (gene.compute_qc's result), pure: its rows, the CSV that Save writes and the
 * file name.
 */
import type { FeatureKind } from '@atlas/contracts';
import { csvRow } from '@atlas/spatial/formats/csv-write';

export interface RankedRow {
  name: string;
  score: number;
  log2fc: number;
  p: number;
  p_adj: number;
}

/**
 * The full ranked table of a selection as CSV: rank, name, score, log2 fold change, p-value, adjusted p-value, and
 * the test that ranked it (e.g. "Wilcoxon rank-sum, tie-corrected") on every row, so the file says how it was made.
 */
export function rankedTableCsv(rows: readonly RankedRow[], kind: FeatureKind, test: string): string {
  const label = kind === 'genes' ? 'gene' : kind === 'motifs' ? 'motif' : 'eRegulon';
  const lines = [csvRow(['rank', label, 'score', 'log2fc', 'p_value', 'p_adj', 'test'])];
  rows.forEach((r, i) => lines.push(csvRow([i + 1, r.name, r.score, r.log2fc, r.p, r.p_adj, test])));
  return `${lines.join('\n')}\n`;
}

/** File name of a saved selection table: run id, kind and the selection size. */
export function rankedTableFileName(runId: string, kind: FeatureKind, count: number): string {
  return `${runId || 'run'}_${kind}_selection_${count}.csv`;
}
