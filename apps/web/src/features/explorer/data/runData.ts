/** A run's tixel table (positions, clusters, cell types) as typed arrays for the plots, in TanStack Query (CONVENTIONS §11). */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { genesCalls, type TAnalysisPath } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { categoryCodes } from '../plots/values';
import type { RunRef } from '../state/store';
import { explorerKeys } from './queryKeys';
import { refQuery } from './runRef';

/** The tixel table of a run, ready for the plots. */
export interface RunData {
  runId: string;
  n: number;
  /** x,y interleaved. */
  spatial: Float32Array;
  umap: Float32Array;
  /** Cluster code per tixel (index into `clusterNames`, natural order). */
  clusterCodes: Float32Array;
  clusterNames: string[];
  clusterCounts: number[];
  cellTypes: { codes: Float32Array; names: string[]; counts: number[] } | null;
  /** How the run's web files were made (the Metadata dialog's analysis line); null for older runs. */
  analysis?: TAnalysisPath | null;
}

export async function loadRunData(run: RunRef, signal: AbortSignal, token?: string): Promise<RunData> {
  const rows = await callApi(genesCalls.dataRows, { query: refQuery(run), signal, token });
  const clusters = categoryCodes(rows.clusters);
  performance.mark('atlas:run-data');
  return {
    runId: rows.run_id,
    n: rows.clusters.length,
    spatial: Float32Array.from(rows.spatial),
    umap: Float32Array.from(rows.umap),
    clusterCodes: clusters.codes,
    clusterNames: clusters.names,
    clusterCounts: clusters.counts,
    cellTypes:
      rows.cell_types && rows.cell_types.length === rows.clusters.length ? categoryCodes(rows.cell_types) : null,
    analysis: rows.analysis ?? null,
  };
}

export function useRunData(run: RunRef | null): UseQueryResult<RunData> {
  return useQuery({
    queryKey: explorerKeys.runData(run),
    queryFn: ({ signal }) => loadRunData(run!, signal),
    enabled: run !== null,
    staleTime: Infinity,
    retry: false,
  });
}
