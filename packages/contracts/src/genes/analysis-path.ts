import { z } from 'zod';

/**
 * How a run's web files were made from its genes.h5ad (webfile.create_files writes it as analysis.json): what the
 * file's matrices held, which of them were clustered, shown in the explorer and summed for the QC columns. The
 * explorer's Metadata dialog shows it as one line (analysisPathText).
 */
export const ZAnalysisPath = z.object({
  /** counts: raw counts found (clustering normalises them); log-normalised: no counts, the file's log values; as-is: ATAC scores. */
  input: z.enum(['counts', 'log-normalised', 'as-is']),
  /** Where the raw counts came from, or null when the file has none. */
  counts: z.enum(["layers['counts']", 'raw.X', 'X']).nullable(),
  /** The explorer's matrix: the file's log-normalised X or raw.X, or log1p(CP10k) computed from the counts. */
  matrix: z.enum(['X', 'raw.X', 'log1p(CP10k)']),
  clusters: z.object({ source: z.enum(['file', 'computed']), column: z.string().nullable() }),
  umap: z.enum(['file', 'computed']),
  /** The QC UMI count column: from obs, summed from the counts, or not available (no counts). */
  umi: z.enum(['obs', 'counts', 'none']),
});
export type TAnalysisPath = z.infer<typeof ZAnalysisPath>;

const MATRIX_TEXT: Record<TAnalysisPath['matrix'], string> = {
  X: 'X (log-normalised)',
  'raw.X': 'raw.X (log-normalised)',
  'log1p(CP10k)': 'log1p(CP10k) of the counts',
};

/** One line for the Metadata dialog, e.g. "Raw counts (raw.X); clusters computed (Louvain); explorer values: …". */
export function analysisPathText(a: TAnalysisPath): string {
  const input =
    a.input === 'counts'
      ? `Raw counts (${a.counts})`
      : a.input === 'log-normalised'
        ? 'Log-normalised values, no raw counts'
        : 'Scores as given (not counts)';
  const clusters =
    a.clusters.source === 'file'
      ? `clusters from obs '${a.clusters.column}'`
      : a.input === 'counts'
        ? 'clusters computed (normalise_total 1e4 + log1p, Louvain)'
        : 'clusters computed on the log values (Louvain, no second normalisation)';
  const umi =
    a.umi === 'none'
      ? '; UMI count not available (no raw counts)'
      : a.umi === 'counts'
        ? '; UMI count from the counts'
        : '';
  return `${input}; ${clusters}; explorer values: ${MATRIX_TEXT[a.matrix]}${umi}`;
}
