/** The Feature Table's data: a run's `topTen_{kind}.json`, in TanStack Query. */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { genesCalls, type FeatureKind, type TTopTen } from '@atlas/contracts';
import { ApiError, callApi } from '../../../api/client';
import { useSession } from '../../../app/session';
import type { RunRef } from '../state/store';
import { explorerKeys } from './queryKeys';
import { refQuery } from './runRef';

/** `topTen_{kind}.json`: "1" = top enriched per cluster, "-1" = most depleted; 10 rows × clusters (natural order). */
export type TopTen = TTopTen;

/** GET /api/v1/genes/top_ten (members by run_id, public viewers by their encoded link); null when the run has no table. */
async function loadTopTen(
  run: RunRef,
  kind: FeatureKind,
  token: string | null,
  signal: AbortSignal,
): Promise<TopTen | null> {
  try {
    return await callApi(genesCalls.topTen, { query: { ...refQuery(run), kind }, token, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The run's topTen table of a kind; null when the run has none. */
export function useTopTen(run: RunRef | null, kind: FeatureKind): UseQueryResult<TopTen | null> {
  const { token } = useSession();
  return useQuery({
    queryKey: explorerKeys.topTen(run, kind),
    queryFn: ({ signal }) => loadTopTen(run!, kind, token, signal),
    enabled: run !== null,
    staleTime: Infinity,
    retry: false,
  });
}
