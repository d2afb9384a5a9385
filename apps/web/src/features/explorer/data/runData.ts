/** A run's tixel table (positions, clusters, cell types) as typed arrays for the plots, in TanStack Query (CONVENTIONS §11). */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { genesCalls, type TAnalysisPath } from '@atlas/contracts';
import { decodeTixelTable, TIXEL_TABLE_MEDIA_TYPE } from '@atlas/spatial/tixel-table';
import { ApiError, buildPath, sessionToken, takeEarlyResponse } from '../../../api/client';
import { naturalCategories } from '../plots/values';
import type { RunRef } from '../state/store';
import { explorerKeys } from './queryKeys';
import { responseError } from './responseError';
import { refQuery } from './runRef';

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

/**
 * The binary tixel table (`Accept: application/octet-stream`, @atlas/spatial/tixel-table): ~4× fewer bytes than
 * its JSON and no parse. The inline script of the explorer's page may have
 * asked for it already (apps/web/explorer-preload.ts).
 */
export async function loadRunData(run: RunRef, signal: AbortSignal, token?: string): Promise<RunData> {
  const path = buildPath(genesCalls.dataRows.path, undefined, refQuery(run));
  const bearer = token !== undefined ? token : sessionToken();
  const headers: Record<string, string> = { accept: TIXEL_TABLE_MEDIA_TYPE };
  if (bearer) headers.authorization = `JWT ${bearer}`;
  let response: Response;
  try {
    response = await (takeEarlyResponse(path, 'GET') ?? fetch(path, { headers, signal }));
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'The server cannot be reached. Check your connection and try again.', path);
  }
  if (!response.ok) throw await responseError(response, genesCalls.dataRows.path);
  const table = decodeTixelTable(await response.arrayBuffer());
  const clusters = naturalCategories(table.categories.clusters!, table.naturalOrder);
  const cellTypes = table.categories.cellTypes;
  performance.mark('atlas:run-data');
  return {
    runId: table.runId,
    n: table.n,
    // Own buffers (a copy of 8 bytes per tixel each): the plots and the selection worker take whole buffers. A
    // UMAP-only run (imported without positions) has NaN positions, which keep every array one length and draw nothing.
    spatial: table.spatial.slice(),
    hasSpatial: table.spatial.some((v) => !Number.isNaN(v)),
    umap: table.umap.slice(),
    clusterCodes: clusters.codes,
    clusterNames: clusters.names,
    clusterCounts: clusters.counts,
    cellTypes: cellTypes ? naturalCategories(cellTypes, table.naturalOrder) : null,
    // Checked against its contract by the server before it went into the table's header.
    analysis: (table.analysis as TAnalysisPath | undefined) ?? null,
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
