/**
 * Server calls of the lower panels and tool extras: the topTen tables, the cell-type task, the public link and
 * the front-page upload. Run data (tixel table, names, values, task polling) comes from the explorer's own
 * queries (../explorer/api) so both share one cache.
 */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { catalogueCalls, FRONTPAGE_PATH, genesCalls, taskCalls, type FeatureKind, type TTaskState, type TTopTen } from '@atlas/contracts';
import { ApiError, callApi } from '../../../api/client';
import { logIntoPublic } from '../../../api/auth';
import { useSession } from '../../../app/session';
import { runKey, useTaskState } from './api';
import type { RunRef } from '../state/store';
import { PUBLIC_COMPONENT } from '../public/publicLink';
import type { NameMap } from '../dialogs/markerCsv';
import { refQuery } from './runRef';

/** `topTen_{kind}.json`: "1" = top enriched per cluster, "-1" = most depleted; 10 rows × clusters (natural order). */
export type TopTen = TTopTen;

/** GET /api/v1/genes/top_ten (members by run_id, public viewers by their encoded link); null when the run has no table. */
async function loadTopTen(run: RunRef, kind: FeatureKind, token: string | null, signal: AbortSignal): Promise<TopTen | null> {
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
    queryKey: ['explorer', runKey(run), kind, 'topTen'],
    queryFn: ({ signal }) => loadTopTen(run!, kind, token, signal),
    enabled: run !== null,
    staleTime: Infinity,
    retry: false,
  });
}

/** gene.compute_cell_type with the marker map: members post it with the run's genes.h5ad, public links through the public-task route. */
export function postCellType(run: RunRef, nameMap: NameMap): Promise<TTaskState> {
  if (run.encoded) {
    return callApi(genesCalls.publicTask, { body: { encoded: run.encoded, task: 'gene.compute_cell_type', kind: 'genes', name_map: nameMap } });
  }
  return callApi(taskCalls.postTask, {
    body: { task: 'gene.compute_cell_type', queue: 'atxcloud_gene', args: [`data/${run.run_id}/h5/obj/genes.h5ad`, nameMap], kwargs: {} },
  });
}

/** gene.seq_logo of one motif: members post it with the run's motifs.csv, public links through the public-task route. */
export function postSeqLogo(run: RunRef, motif: string): Promise<TTaskState> {
  if (run.encoded) {
    return callApi(genesCalls.publicTask, { body: { encoded: run.encoded, task: 'gene.seq_logo', kind: 'motifs', motif } });
  }
  return callApi(taskCalls.postTask, {
    body: { task: 'gene.seq_logo', queue: 'atxcloud_gene', args: [`data/${run.run_id}/h5/obj/motifs.csv`, motif], kwargs: {} },
  });
}

/**
 * The sequence logo task of a run's motif, posted once per run and motif (the cached post keeps its task id, and
 * useTaskState keeps that task's state, so choosing the motif again shows its logo without a new task).
 * `retry` posts a fresh task, e.g. after a FAILURE.
 */
export function useSeqLogoTask(
  run: RunRef | null,
  motif: string | null,
): { state: TTaskState | undefined; posting: boolean; error: Error | null; retry: () => void } {
  const post = useQuery({
    queryKey: ['explorer', runKey(run), 'motifs', 'seq-logo', motif],
    queryFn: () => postSeqLogo(run!, motif!),
    enabled: run !== null && motif !== null,
    staleTime: Infinity,
    // Longer than the default: going back to a motif later should not queue another worker task.
    gcTime: 30 * 60_000,
    retry: false,
  });
  const task = useTaskState(post.data?._id ?? null);
  return { state: task.data ?? post.data, posting: post.isFetching, error: post.error ?? task.error, retry: () => void post.refetch() };
}

/**
 * The shareable address of a run: `/public?component=PublicGeneViewer&public=true&token=…&run_id=<encoded>`. The
 * token is a fresh public-session token, never the member's own. A public viewer shares the link it was opened with.
 */
export async function publicLinkOf(run: RunRef, origin: string): Promise<string> {
  if (run.encoded) {
    const current = new URLSearchParams(window.location.search);
    if (current.get('token')) return `${origin}/public?${current.toString()}`;
  }
  const encoded = run.encoded ?? (await callApi(catalogueCalls.encodeLink, { body: { run_id: run.run_id! } })).encoded;
  const { access_token } = await logIntoPublic();
  const params = new URLSearchParams({ component: PUBLIC_COMPONENT, public: 'true', token: access_token, run_id: encoded });
  return `${origin}/public?${params.toString()}`;
}

/** Save Display → FrontPage (admin): PUT the PNG; the server re-encodes it ≤ 200×200 into frontpage/{run}.png. */
export async function putFrontPage(runId: string, png: Blob, token: string | null): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'image/png' };
  if (token) headers.authorization = `JWT ${token}`;
  const url = `${FRONTPAGE_PATH}/${encodeURIComponent(runId)}`;
  const response = await fetch(url, { method: 'PUT', headers, body: png });
  if (!response.ok) {
    let msg = `${response.status} ${response.statusText}`;
    try {
      msg = ((await response.json()) as { msg?: string }).msg ?? msg;
    } catch {
      // not JSON
    }
    throw new ApiError(response.status, msg, url);
  }
}
