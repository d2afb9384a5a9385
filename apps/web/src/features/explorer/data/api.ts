/**
 * Server data of the explorer, in TanStack Query (CONVENTIONS §11): the run's tixel table as typed arrays, the
 * feature names, one query per feature's values (binary get_summation), run metadata, and the compute_qc task.
 */
import { useMemo, useState } from 'react';
import { useQueries, useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import {
  TASK_POLL_INTERVAL_MS,
  catalogueCalls,
  genesCalls,
  KIND_LABEL,
  taskCalls,
  type TCatalogueRun,
  type TTaskState,
  type FeatureKind,
} from '@atlas/contracts';
import { ApiError, callApi } from '../../../api/client';
import { useSession } from '../../../app/session';
import { assayRules } from './assayRules';
import { categoryCodes } from '../logic';
import type { RunRef } from '../state/store';

/** A stable string for query keys: the run id, or the public link. */
export function runKey(run: RunRef | null): string {
  if (!run) return '';
  return run.run_id ?? `encoded:${run.encoded}`;
}

const refQuery = (run: RunRef) => (run.run_id ? { run_id: run.run_id } : { encoded: run.encoded });

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
}

async function loadRunData(run: RunRef, signal: AbortSignal, token?: string): Promise<RunData> {
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
    cellTypes: rows.cell_types && rows.cell_types.length === rows.clusters.length ? categoryCodes(rows.cell_types) : null,
  };
}

const runDataKey = (run: RunRef | null) => ['explorer', runKey(run), 'data'];
const featureNamesKey = (run: RunRef | null, kind: FeatureKind) => ['explorer', runKey(run), kind, 'names'];

export function useRunData(run: RunRef | null): UseQueryResult<RunData> {
  return useQuery({
    queryKey: runDataKey(run),
    queryFn: ({ signal }) => loadRunData(run!, signal),
    enabled: run !== null,
    staleTime: Infinity,
    retry: false,
  });
}

/** Feature names of a kind (the position is the feature index) with a lookup set and index map. */
export interface FeatureNames {
  names: string[];
  set: Set<string>;
  index: Map<string, number>;
}

async function loadFeatureNames(run: RunRef, kind: FeatureKind, signal: AbortSignal, token?: string): Promise<FeatureNames> {
  const names = await callApi(genesCalls.featureNames, { query: { ...refQuery(run), kind }, signal, token });
  return { names, set: new Set(names), index: new Map(names.map((n, i) => [n, i])) };
}

export function useFeatureNames(run: RunRef | null, kind: FeatureKind, enabled = true): UseQueryResult<FeatureNames> {
  return useQuery({
    queryKey: featureNamesKey(run, kind),
    queryFn: ({ signal }) => loadFeatureNames(run!, kind, signal),
    enabled: run !== null && enabled,
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * Starts a run's tixel table and feature names into the cache before the explorer mounts (a page opened at
 * `?component=AtlasXplore&run_id=…` with a login cookie), under the same keys the hooks use. The token comes from
 * the cookie because the session is not restored yet. A failed prefetch leaves no entry, so the explorer's own
 * query runs as it would have.
 */
export function prefetchRun(queryClient: QueryClient, runId: string, token: string, kind: FeatureKind = 'genes'): void {
  const run: RunRef = { run_id: runId };
  const prefetch = (queryKey: unknown[], queryFn: (signal: AbortSignal) => Promise<unknown>) => {
    if (queryClient.getQueryState(queryKey)) return;
    void queryClient
      .prefetchQuery({ queryKey, queryFn: ({ signal }) => queryFn(signal), staleTime: Infinity, retry: false })
      .then(() => {
        if (queryClient.getQueryState(queryKey)?.status === 'error') queryClient.removeQueries({ queryKey, exact: true });
      });
  };
  prefetch(runDataKey(run), (signal) => loadRunData(run, signal, token));
  prefetch(featureNamesKey(run, kind), (signal) => loadFeatureNames(run, kind, signal, token));
}

/** A failed binary read as ApiError, with the server's `msg` when the body has one. */
async function responseError(response: Response, path: string): Promise<ApiError> {
  let msg = `${response.status} ${response.statusText}`;
  try {
    msg = ((await response.json()) as { msg?: string }).msg ?? msg;
  } catch {
    // not JSON
  }
  return new ApiError(response.status, msg, path);
}

/** Values of one feature per tixel: POST get_summation with `Accept: application/octet-stream` → float32. */
export async function fetchFeatureValues(
  run: RunRef,
  kind: FeatureKind,
  index: number,
  token: string | null,
  signal?: AbortSignal,
): Promise<Float32Array> {
  const headers: Record<string, string> = { accept: 'application/octet-stream', 'content-type': 'application/json' };
  if (token) headers.authorization = `JWT ${token}`;
  const path = genesCalls.getSummation.path;
  const response = await fetch(path, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...refQuery(run), filename: KIND_LABEL[kind].summation, rows: [index] }),
    signal,
  });
  if (!response.ok) throw await responseError(response, path);
  const buffer = await response.arrayBuffer();
  const tixels = Number(response.headers.get('x-tixels')) || buffer.byteLength / 4;
  return new Float32Array(buffer, 0, tixels);
}

/**
 * One query per chosen feature, keyed by [run, kind, feature] so that values are fetched once and reused when
 * the feature is chosen again. Returns the arrays in `features` order once all have arrived (else null).
 */
export function useFeatureValues(
  run: RunRef | null,
  kind: FeatureKind,
  features: readonly string[],
  names: FeatureNames | undefined,
): { values: Float32Array[] | null; loading: boolean; error: Error | null } {
  const { token } = useSession();
  const results = useQueries({
    queries: features.map((feature) => ({
      queryKey: ['explorer', runKey(run), kind, 'feature', feature],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchFeatureValues(run!, kind, names!.index.get(feature)!, token, signal),
      enabled: run !== null && names !== undefined && names.index.has(feature),
      staleTime: Infinity,
      gcTime: 5 * 60_000,
      retry: false,
    })),
  });
  const datas = results.map((r) => r.data);
  const error = results.find((r) => r.error)?.error ?? null;
  const loading = results.some((r) => r.isFetching);
  const next = datas.length > 0 && datas.every((d) => d !== undefined) ? (datas as Float32Array[]) : null;
  // Keep the array's identity while its elements are the same arrays, so recolouring runs only on real changes.
  // (A useMemo over `datas` would not do: its length changes with the number of features.)
  const [kept, setKept] = useState<Float32Array[] | null>(null);
  const same = next === null ? kept === null : kept !== null && kept.length === next.length && next.every((d, i) => d === kept[i]);
  if (!same) setKept(next);
  const values = same ? kept : next;
  return { values, loading, error };
}

/** A run's decoded tissue image and its top-left and bottom-right corners [x0, y0, x1, y1] in spatial coordinates. */
export interface TissueImageData {
  bitmap: ImageBitmap;
  bounds: [number, number, number, number];
  spotDiameter: number;
}

async function loadTissueImage(run: RunRef, token: string | null, signal: AbortSignal): Promise<TissueImageData | null> {
  const placed = await callApi(genesCalls.tissueImage, { query: refQuery(run), signal });
  if (!placed.available) return null;
  // The image route needs the session token, so it is fetched here rather than by an <img> or deck's loader.
  const response = await fetch(placed.url, { headers: token ? { authorization: `JWT ${token}` } : {}, signal });
  if (!response.ok) throw await responseError(response, genesCalls.tissueImageFile.path);
  return {
    bitmap: await createImageBitmap(await response.blob()),
    bounds: placed.bounds,
    spotDiameter: placed.spot_diameter,
  };
}

/** The tissue image of the run's spatial folder (spec 03 §2.1); null when the run has none. */
export function useTissueImage(run: RunRef | null): UseQueryResult<TissueImageData | null> {
  const { token } = useSession();
  return useQuery({
    queryKey: ['explorer', runKey(run), 'tissue-image'],
    queryFn: ({ signal }) => loadTissueImage(run!, token, signal),
    enabled: run !== null,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: false,
  });
}

/** Runs the session may see (the Run ID's search, the Metadata dialog). */
export function useRuns(enabled = true): UseQueryResult<TCatalogueRun[]> {
  return useQuery({
    queryKey: ['explorer', 'runs'],
    queryFn: ({ signal }) => callApi(catalogueCalls.getRuns, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** What the explorer needs to know about a run: species, organ, assay and whether it has regulons. */
export interface RunMeta {
  run_id: string;
  species: string;
  organ: string;
  assay: string;
  regulons: boolean | null;
  title?: string;
  condition?: string;
}

export function useRunMeta(run: RunRef | null): { meta: RunMeta | null; loading: boolean } {
  const runs = useRuns(Boolean(run?.run_id));
  const decoded = useQuery({
    queryKey: ['explorer', runKey(run), 'meta'],
    queryFn: ({ signal }) => callApi(catalogueCalls.decodeMeta, { query: { encoded: run!.encoded! }, signal }),
    enabled: Boolean(run?.encoded),
    staleTime: Infinity,
  });
  const meta = useMemo<RunMeta | null>(() => {
    if (!run) return null;
    if (run.encoded) {
      const d = decoded.data;
      return d ? { run_id: d.run_id, species: d.species, organ: d.tissue, assay: d.assay, regulons: d.regulons_flag } : null;
    }
    const r = runs.data?.find((x) => x.run_id === run.run_id);
    return r
      ? { run_id: r.run_id, species: r.species, organ: r.organ, assay: r.assay, regulons: null, title: r.result_title, condition: r.experimental_condition }
      : null;
  }, [run, decoded.data, runs.data]);
  return { meta, loading: run?.encoded ? decoded.isLoading : runs.isLoading };
}

/**
 * Which feature kinds the run offers: those its assay allows (./assayRules: Transcriptome and wt_dbit-seq → genes
 * only; eRegulons only with regulons) that it has names for. Genes until the run's metadata is known.
 */
export function useAvailableKinds(run: RunRef | null, meta: RunMeta | null): FeatureKind[] {
  const allowed = meta ? assayRules(meta.assay, meta.regulons).kinds : [];
  const motifs = allowed.includes('motifs');
  const regulons = allowed.includes('eRegulons');
  const probeMotifs = useFeatureNames(run, 'motifs', motifs);
  const probeRegulons = useFeatureNames(run, 'eRegulons', regulons);
  return useMemo(() => {
    const kinds: FeatureKind[] = ['genes'];
    if (motifs && probeMotifs.data?.names.length) kinds.push('motifs');
    if (regulons && probeRegulons.data?.names.length) kinds.push('eRegulons');
    return kinds;
  }, [motifs, regulons, probeMotifs.data, probeRegulons.data]);
}

// ---------------------------------------------------------------------------------------------------------------
// gene.compute_qc

export function isTerminal(status: TTaskState['status']): boolean {
  return status === 'SUCCESS' || status === 'FAILURE';
}

/** Posts gene.compute_qc for a selection: args [data/{run}/h5/obj/{kind}.h5ad, indices, key]; public links use the public-task route. */
export async function postComputeQc(run: RunRef, kind: FeatureKind, selected: readonly number[], key: string): Promise<TTaskState> {
  if (run.encoded) {
    return callApi(genesCalls.publicTask, {
      body: { encoded: run.encoded, task: 'gene.compute_qc', kind, selection: [...selected], key },
    });
  }
  return callApi(taskCalls.postTask, {
    body: {
      task: 'gene.compute_qc',
      queue: 'atxcloud_gene',
      args: [`data/${run.run_id}/h5/obj/${KIND_LABEL[kind].file}.h5ad`, [...selected], key],
      kwargs: {},
    },
  });
}

/** Polls a task every 1000 ms until SUCCESS or FAILURE. */
export function useTaskState(id: string | null): UseQueryResult<TTaskState> {
  return useQuery({
    queryKey: ['explorer', 'task', id],
    queryFn: ({ signal }) => callApi(taskCalls.getTask, { params: { id: id! }, signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && isTerminal(query.state.data.status) ? false : TASK_POLL_INTERVAL_MS),
    staleTime: 0,
    retry: 2,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Multi-sample runs: the main run's queries for several runs at once, under the same keys (so the cache is shared).

/** The data and errors of a list of queries, in order; combined so the lists keep their identity between renders. */
export interface QueryList<T> {
  data: (T | undefined)[];
  errors: (Error | null)[];
  fetching: boolean;
}

function combineList<T>(results: readonly UseQueryResult<T>[]): QueryList<T> {
  return { data: results.map((r) => r.data), errors: results.map((r) => r.error), fetching: results.some((r) => r.isFetching) };
}

/** The tixel tables of several runs by id. */
export function useRunDataList(runIds: readonly string[]): QueryList<RunData> {
  return useQueries({
    queries: runIds.map((id) => ({
      queryKey: runDataKey({ run_id: id }),
      queryFn: ({ signal }: { signal: AbortSignal }) => loadRunData({ run_id: id }, signal),
      staleTime: Infinity,
      retry: false,
    })),
    combine: combineList<RunData>,
  });
}

/** The feature names of one kind of several runs by id. */
export function useFeatureNamesList(runIds: readonly string[], kind: FeatureKind, enabled = true): QueryList<FeatureNames> {
  return useQueries({
    queries: runIds.map((id) => ({
      queryKey: featureNamesKey({ run_id: id }, kind),
      queryFn: ({ signal }: { signal: AbortSignal }) => loadFeatureNames({ run_id: id }, kind, signal),
      enabled,
      staleTime: Infinity,
      retry: false,
    })),
    combine: combineList<FeatureNames>,
  });
}

/**
 * The values of `features` in each of several runs, flat and run-major (run i, feature j at `i * features.length + j`).
 * A feature is fetched only from runs whose `names` (in `runIds` order) have it.
 */
export function useFeatureValuesList(
  runIds: readonly string[],
  kind: FeatureKind,
  features: readonly string[],
  names: readonly (FeatureNames | undefined)[],
): QueryList<Float32Array> {
  const { token } = useSession();
  return useQueries({
    queries: runIds.flatMap((id, i) =>
      features.map((feature) => ({
        queryKey: ['explorer', id, kind, 'feature', feature],
        queryFn: ({ signal }: { signal: AbortSignal }) => fetchFeatureValues({ run_id: id }, kind, names[i]!.index.get(feature)!, token, signal),
        enabled: names[i]?.index.has(feature) ?? false,
        staleTime: Infinity,
        gcTime: 5 * 60_000,
        retry: false,
      })),
    ),
    combine: combineList<Float32Array>,
  });
}
