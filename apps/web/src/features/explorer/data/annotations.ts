/**
 * Shared annotations of the open run (named tixel sets with a colour and a note), in TanStack Query: the list and
 * the calls that change it. A public link's viewer reads the run's annotations through the link (read-only).
 */
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { annotationCalls, callerOf, mayUseRun, type TAnnotation, type TAnnotationUpdate } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { useSession } from '../../../app/session';
import type { RunRef } from '../state/store';
import { useRuns } from './runMeta';
import { explorerKeys } from './queryKeys';

export type Annotation = TAnnotation;

export function useAnnotations(run: RunRef | null): UseQueryResult<Annotation[]> {
  const runId = run?.run_id ?? null;
  const encoded = run?.encoded ?? null;
  return useQuery({
    queryKey: explorerKeys.annotations(runId ?? encoded),
    queryFn: ({ signal }) =>
      encoded
        ? callApi(annotationCalls.listPublicAnnotations, { query: { encoded }, signal })
        : callApi(annotationCalls.listAnnotations, { query: { run_id: runId! }, signal }),
    enabled: runId !== null || encoded !== null,
    staleTime: 30_000,
  });
}

/**
 * Whether the signed-in user may add annotations to the open run, by the server's own rule (write access to the
 * run: an admin or a member of its group), with the run's group for the reason; null until the run is known.
 */
export function useMayAnnotate(runId: string | null): { allowed: boolean; group: string | null } | null {
  const { user } = useSession();
  const run = useRuns(runId !== null).data?.find((r) => r.run_id === runId);
  if (!runId || !run) return null;
  const identity = user ? { kind: 'user' as const, ...user } : { kind: 'anonymous' as const };
  const allowed = mayUseRun(callerOf(identity), 'write', runId, { public: run.public === 1, group: run.group });
  return { allowed, group: run.group };
}

/** Save, change and delete; each refreshes the run's list. */
export function useAnnotationChanges(runId: string | null) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: explorerKeys.annotations(runId) });
  const create = useMutation({
    mutationFn: (body: { name: string; color: string; note: string; tixels: number[] }) =>
      callApi(annotationCalls.createAnnotation, { body: { run_id: runId!, ...body } }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: TAnnotationUpdate & { id: string }) =>
      callApi(annotationCalls.updateAnnotation, { params: { id }, body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => callApi(annotationCalls.deleteAnnotation, { params: { id } }),
    onSuccess: refresh,
  });
  return { create, update, remove };
}
