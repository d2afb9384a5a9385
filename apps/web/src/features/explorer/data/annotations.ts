/**
 * Shared annotations of the open run (named tixel sets with a colour and a note), in TanStack Query: the list and
 * the calls that change it. A public link's viewer reads the run's annotations through the link (read-only).
 */
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { annotationCalls, type TAnnotation, type TAnnotationUpdate } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import type { RunRef } from '../state/store';
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
