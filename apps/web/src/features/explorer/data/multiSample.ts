/**
 * Multi-sample runs (spec 03 §2.1): the main run's queries for several runs at once, under the same keys (so the
 * cache is shared with the main run's hooks).
 */
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { FeatureKind } from '@atlas/contracts';
import type { FeatureColumn } from '@atlas/spatial/feature-values';
import { useSession } from '../../../app/session';
import { loadFeatureNames, type FeatureNames } from './featureNames';
import { fetchFeatureValues } from './featureValues';
import { explorerKeys } from './queryKeys';
import { loadRunData, type RunData } from './runData';

/** The data and errors of a list of queries, in order; combined so the lists keep their identity between renders. */
export interface QueryList<T> {
  data: (T | undefined)[];
  errors: (Error | null)[];
  fetching: boolean;
}

function combineList<T>(results: readonly UseQueryResult<T>[]): QueryList<T> {
  return {
    data: results.map((r) => r.data),
    errors: results.map((r) => r.error),
    fetching: results.some((r) => r.isFetching),
  };
}

/** The tixel tables of several runs by id. */
export function useRunDataList(runIds: readonly string[]): QueryList<RunData> {
  return useQueries({
    queries: runIds.map((id) => ({
      queryKey: explorerKeys.runData({ run_id: id }),
      queryFn: ({ signal }: { signal: AbortSignal }) => loadRunData({ run_id: id }, signal),
      staleTime: Infinity,
      retry: false,
    })),
    combine: combineList<RunData>,
  });
}

/** The feature names of one kind of several runs by id. */
export function useFeatureNamesList(
  runIds: readonly string[],
  kind: FeatureKind,
  enabled = true,
): QueryList<FeatureNames> {
  return useQueries({
    queries: runIds.map((id) => ({
      queryKey: explorerKeys.featureNames({ run_id: id }, kind),
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
): QueryList<FeatureColumn> {
  const { token } = useSession();
  return useQueries({
    queries: runIds.flatMap((id, i) =>
      features.map((feature) => ({
        queryKey: explorerKeys.featureValues({ run_id: id }, kind, feature),
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          fetchFeatureValues({ run_id: id }, kind, names[i]!.index.get(feature)!, token, signal),
        enabled: names[i]?.index.has(feature) ?? false,
        staleTime: Infinity,
        gcTime: 5 * 60_000,
        retry: false,
      })),
    ),
    combine: combineList<FeatureColumn>,
  });
}
