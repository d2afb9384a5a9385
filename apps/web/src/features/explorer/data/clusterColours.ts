/**
 * The cluster colours a run's group chose in Color Configuration, kept on the server: read when a member opens the
 * run and put under the colours the address itself carries (a permalink shows what it recorded), and saved when
 * the group changes them. A public link's viewer has none of this: its colours come from the address only.
 */
import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { annotationCalls } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { useExplorer, type RunRef } from '../state/store';
import { explorerKeys } from './queryKeys';

/** Loads the run's shared colours into the store once per opened run; says whether the caller may change them. */
export function useSharedClusterColours(run: RunRef | null): { editable: boolean } {
  const runId = run?.run_id ?? null;
  const query = useQuery({
    queryKey: explorerKeys.clusterColours(runId),
    queryFn: ({ signal }) => callApi(annotationCalls.getClusterColours, { query: { run_id: runId! }, signal }),
    enabled: runId !== null,
    staleTime: 30_000,
  });
  const appliedTo = useRef<string | null>(null);
  const shared = query.data;
  useEffect(() => {
    if (!runId || !shared || shared.run_id !== runId || appliedTo.current === runId) return;
    appliedTo.current = runId;
    if (Object.keys(shared.colors).length === 0) return;
    const { run: open, clusterColors, patch } = useExplorer.getState();
    if (open?.run_id === runId) patch({ clusterColors: { ...shared.colors, ...clusterColors } });
  }, [runId, shared]);
  return { editable: shared?.editable ?? false };
}

/** Saves the run's whole colour table for its group. */
export function useSaveClusterColours(runId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (colors: Record<string, string>) =>
      callApi(annotationCalls.putClusterColours, { body: { run_id: runId!, colors } }),
    onSuccess: (saved) => client.setQueryData(explorerKeys.clusterColours(runId), saved),
  });
}
