/**
 * Server calls of the lower panels and tool extras: the topTen tables, the cell-type task, the public link and
 * the front-page upload. Run data (tixel table, names, values, task polling) comes from the explorer's own
 * queries (../explorer/api) so both share one cache.
 */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { catalogueCalls, FRONTPAGE_PATH, genesCalls, LAB_RAW_PATHS, labCalls, taskCalls, type TTaskState } from '@atlas/contracts';
import { ApiError, buildPath, callApi } from '../../api/client';
import { logIntoPublic } from '../../api/auth';
import { useSession } from '../../app/session';
import { runKey } from '../explorer/api';
import { KIND_LABEL } from '../explorer/messages';
import type { FeatureKind, RunRef } from '../explorer/store';
import { PUBLIC_COMPONENT } from '../public/publicLink';
import type { NameMap } from './markerCsv';
import { refQuery } from './runRef';

/** `topTen_{kind}.json`: "1" = top enriched per cluster, "-1" = most depleted; 10 rows × clusters (natural order). */
export interface TopTen {
  '1': string[][];
  '-1': string[][];
}

/**
 * A run-data route for the topTen tables (requested from the genes domain; public links need it). Until it
 * exists, members read the json through the storage json call (access 'user') and public viewers have none.
 */
export const TOP_TEN_PATH = '/api/v1/genes/top_ten';

function isTopTen(value: unknown): value is TopTen {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return Array.isArray(v['1']) && Array.isArray(v['-1']);
}

async function getJson(url: string, token: string | null, signal: AbortSignal): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `JWT ${token}`;
  const response = await fetch(url, { headers, signal });
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) throw new ApiError(response.status, (data as { msg?: string } | undefined)?.msg ?? response.statusText, url);
  return data;
}

async function loadTopTen(run: RunRef, kind: FeatureKind, token: string | null, signal: AbortSignal): Promise<TopTen | null> {
  try {
    const data = await getJson(buildPath(TOP_TEN_PATH, undefined, { ...refQuery(run), kind }), token, signal);
    if (isTopTen(data)) return data;
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 405)) throw error;
  }
  if (!run.run_id) return null;
  const buckets = await callApi(labCalls.fetchBuckets, { signal });
  const query = { bucket_name: buckets[0]!, filename: `data/${run.run_id}/h5/topTen_${KIND_LABEL[kind].file}.json` };
  const data = await getJson(buildPath(LAB_RAW_PATHS.json, undefined, query), token, signal);
  return isTopTen(data) ? data : null;
}

/** The run's topTen table of a kind; null when the run has none (or the caller cannot read it). */
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
