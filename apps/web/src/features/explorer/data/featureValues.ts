/** The values of the chosen features per tixel (binary get_summation), one query per feature. */
import { useCallback, useMemo, useState } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { genesCalls, KIND_LABEL, type FeatureKind } from '@atlas/contracts';
import { FeatureColumn, readSparseValues, SPARSE_VALUES_MEDIA_TYPE } from '@atlas/spatial/feature-values';
import { useSession } from '../../../app/session';
import type { RunRef } from '../state/store';
import type { FeatureNames } from './featureNames';
import { prefetchOrForget } from './prefetchQuery';
import { explorerKeys, runKey } from './queryKeys';
import { responseError } from './responseError';
import { refQuery } from './runRef';

/**
 * Values of one feature per tixel: POST get_summation, binary. The server answers the sparse form (non-zero tixels
 * only, @atlas/spatial/feature-values) when it is at most half the dense float32 one.
 */
export async function fetchFeatureValues(
  run: RunRef,
  kind: FeatureKind,
  index: number,
  token: string | null,
  signal?: AbortSignal,
): Promise<FeatureColumn> {
  const headers: Record<string, string> = {
    accept: `${SPARSE_VALUES_MEDIA_TYPE}, application/octet-stream;q=0.9`,
    'content-type': 'application/json',
  };
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
  if (response.headers.get('content-type')?.startsWith(SPARSE_VALUES_MEDIA_TYPE)) {
    const tixels = Number(response.headers.get('x-tixels'));
    return FeatureColumn.ofSparse(readSparseValues(buffer, tixels), tixels);
  }
  const tixels = Number(response.headers.get('x-tixels')) || buffer.byteLength / 4;
  return FeatureColumn.ofDense(new Float32Array(buffer, 0, tixels));
}

const featureQuery = (
  run: RunRef | null,
  kind: FeatureKind,
  feature: string,
  names: FeatureNames | undefined,
  token: string | null,
) => ({
  queryKey: explorerKeys.featureValues(run, kind, feature),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    fetchFeatureValues(run!, kind, names!.index.get(feature)!, token, signal),
  staleTime: Infinity,
  gcTime: 5 * 60_000,
  retry: false,
});

/**
 * Starts fetching a feature's values the moment it is picked, into the cache entry `useFeatureValues` reads, so the
 * request is on the wire while React renders the pick (a whole explorer render on a 2-core machine: ~40 ms) rather
 * than after it. A failed prefetch is dropped and the values hook asks again.
 */
export function usePrefetchFeatureValues(
  run: RunRef | null,
  kind: FeatureKind,
  names: FeatureNames | undefined,
): (feature: string) => void {
  const { token } = useSession();
  const queryClient = useQueryClient();
  return useCallback(
    (feature: string) => {
      if (run === null || !names?.index.has(feature)) return;
      const query = featureQuery(run, kind, feature, names, token);
      prefetchOrForget(queryClient, query.queryKey, (signal) => query.queryFn({ signal }));
    },
    [queryClient, run, kind, names, token],
  );
}

/**
 * One query per chosen feature, keyed by [run, kind, feature] so that values are fetched once and reused when
 * the feature is chosen again. Returns the columns in `features` order once all have arrived (else null): a sparse
 * one makes its dense array only when something reads it (the plots' mean of several features does not).
 */
export function useFeatureColumns(
  run: RunRef | null,
  kind: FeatureKind,
  features: readonly string[],
  names: FeatureNames | undefined,
): { columns: FeatureColumn[] | null; loading: boolean; error: Error | null } {
  const { token } = useSession();
  const results = useQueries({
    queries: features.map((feature) => ({
      ...featureQuery(run, kind, feature, names, token),
      enabled: run !== null && names !== undefined && names.index.has(feature),
    })),
  });
  const datas = results.map((r) => r.data);
  const error = results.find((r) => r.error)?.error ?? null;
  const loading = results.some((r) => r.isFetching);
  const complete = datas.length > 0 && datas.every((d) => d !== undefined) ? (datas as FeatureColumn[]) : null;
  // While an added feature loads, the plots keep the previous features' colours of the same run and kind rather
  // than falling back to the clusters for a moment (a flash, and one more frame of every tixel to draw).
  const key = `${runKey(run)}|${kind}`;
  const [kept, setKept] = useState<{ key: string; columns: FeatureColumn[] | null }>({ key, columns: null });
  const waiting = complete === null && loading && !error && features.length > 0 && kept.key === key;
  const next = waiting ? kept.columns : complete;
  // Keep the list's identity while its elements are the same columns, so recolouring runs only on real changes.
  // (A useMemo over `datas` would not do: its length changes with the number of features.)
  const old = kept.columns;
  const same =
    kept.key === key &&
    (next === null ? old === null : old !== null && old.length === next.length && next.every((d, i) => d === old[i]));
  if (!same) setKept({ key, columns: next });
  const columns = same ? old : next;
  return { columns, loading, error };
}

/** `useFeatureColumns` as dense arrays, for readers of every tixel's value (histograms, distributions). */
export function useFeatureValues(
  run: RunRef | null,
  kind: FeatureKind,
  features: readonly string[],
  names: FeatureNames | undefined,
): { values: Float32Array[] | null; loading: boolean; error: Error | null } {
  const { columns, loading, error } = useFeatureColumns(run, kind, features, names);
  const values = useMemo(() => columns?.map((c) => c.dense) ?? null, [columns]);
  return { values, loading, error };
}
