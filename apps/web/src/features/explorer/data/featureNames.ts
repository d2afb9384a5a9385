/** The run's feature names of one kind (genes, motifs or eRegulons), in TanStack Query. */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { genesCalls, type FeatureKind } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import type { RunRef } from '../state/store';
import { explorerKeys } from './queryKeys';
import { refQuery } from './runRef';

/** Feature names of a kind (the position is the feature index) with a lookup set and index map. */
export interface FeatureNames {
  names: string[];
  set: Set<string>;
  index: Map<string, number>;
}

export async function loadFeatureNames(
  run: RunRef,
  kind: FeatureKind,
  signal: AbortSignal,
  token?: string,
): Promise<FeatureNames> {
  const names = await callApi(genesCalls.featureNames, { query: { ...refQuery(run), kind }, signal, token });
  return { names, set: new Set(names), index: new Map(names.map((n, i) => [n, i])) };
}

export function useFeatureNames(run: RunRef | null, kind: FeatureKind, enabled = true): UseQueryResult<FeatureNames> {
  return useQuery({
    queryKey: explorerKeys.featureNames(run, kind),
    queryFn: ({ signal }) => loadFeatureNames(run!, kind, signal),
    enabled: run !== null && enabled,
    staleTime: Infinity,
    retry: false,
  });
}
