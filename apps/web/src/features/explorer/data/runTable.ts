/**
 * A run's binary tixel table (@atlas/spatial/tixel-table) as the plots take it, pure and free of the app's
 * libraries: the explorer's query (./runData.ts) and a first frame drawn before the app (../first-frame) read it alike.
 */
import type { TAnalysisPath } from '@atlas/contracts';
import type { TixelTable } from '@atlas/spatial/tixel-table';
import { naturalCategories } from '../plots/values';

/** The tixel table of a run, ready for the plots. */
export interface RunData {
  runId: string;
  n: number;
  /** x,y interleaved; NaN for a UMAP-only run (see hasSpatial). */
  spatial: Float32Array;
  /** False for a run imported without positions (a non-spatial AnnData, a lone 10x matrix). */
  hasSpatial: boolean;
  umap: Float32Array;
  /** Cluster code per tixel (index into `clusterNames`, natural order). */
  clusterCodes: Float32Array;
  clusterNames: string[];
  clusterCounts: number[];
  cellTypes: { codes: Float32Array; names: string[]; counts: number[] } | null;
  /** How the run's web files were made (the Metadata dialog's analysis line); null for older runs. */
  analysis?: TAnalysisPath | null;
}

export function runDataOf(table: TixelTable): RunData {
  const clusters = naturalCategories(table.categories.clusters!, table.naturalOrder);
  const cellTypes = table.categories.cellTypes;
  return {
    runId: table.runId,
    n: table.n,
    // Views on the response's buffer, not copies: at 5,000,000 cells the two copies took 0.28–0.42 s of the open on
    // a 2-core machine. The selection worker takes its own copy at the first lasso (@atlas/viz SelectionClient). A
    // UMAP-only run (imported without positions) has NaN positions, which keep every array one length and draw nothing.
    spatial: table.spatial,
    hasSpatial: table.spatial.some((v) => !Number.isNaN(v)),
    umap: table.umap,
    clusterCodes: clusters.codes,
    clusterNames: clusters.names,
    clusterCounts: clusters.counts,
    cellTypes: cellTypes ? naturalCategories(cellTypes, table.naturalOrder) : null,
    // Checked against its contract by the server before it went into the table's header.
    analysis: (table.analysis as TAnalysisPath | undefined) ?? null,
  };
}
