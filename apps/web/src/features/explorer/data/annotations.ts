/**
 * Shared annotations of the open run (named tixel sets with a colour and a note), in TanStack Query: the list and
 * the calls that change it. A public link's viewer reads the run's annotations through the link (read-only).
 * Lists carry no tixels (issue 33 item 1): an annotation's tixels are fetched when it is shown, selected, exported
 * or ranked, one annotation at a time, and kept under its version (`updated_at`).
 */
import {
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import {
  annotationCalls,
  callerOf,
  compactSelection,
  indicesOfSelection,
  mayUseRun,
  type TAnnotationSummary,
  type TAnnotationUpdate,
} from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { useSession } from '../../../app/session';
import type { RunRef } from '../state/store';
import { useRuns } from './runMeta';
import { explorerKeys } from './queryKeys';

/** An annotation as listed: its name, colour, note and tixel count, without the tixels. */
export type Annotation = TAnnotationSummary;

/** The run's key in the annotation queries: its id, or its public link. */
const listKeyOf = (run: RunRef | null) => run?.run_id ?? run?.encoded ?? null;

export function useAnnotations(run: RunRef | null): UseQueryResult<Annotation[]> {
  const runId = run?.run_id ?? null;
  const encoded = run?.encoded ?? null;
  return useQuery({
    queryKey: explorerKeys.annotations(listKeyOf(run)),
    queryFn: ({ signal }) =>
      encoded
        ? callApi(annotationCalls.listPublicAnnotations, { query: { encoded }, signal })
        : callApi(annotationCalls.listAnnotations, { query: { run_id: runId! }, signal }),
    enabled: runId !== null || encoded !== null,
    staleTime: 30_000,
  });
}

/** The query of one annotation's tixels (by the run id, or through the public link). */
function tixelsQuery(run: RunRef | null, annotation: Annotation) {
  const encoded = run?.encoded ?? null;
  return {
    queryKey: explorerKeys.annotationTixels(listKeyOf(run), annotation.id, annotation.updated_at),
    queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<number[]> => {
      // The shorter of list and bitset: a 3M-cell annotation is 0.83 MB as a bitset, ~24 MB as a list.
      const one = encoded
        ? await callApi(annotationCalls.getPublicAnnotation, {
            params: { id: annotation.id },
            query: { encoded, form: 'compact' },
            signal,
          })
        : await callApi(annotationCalls.getAnnotation, {
            params: { id: annotation.id },
            query: { form: 'compact' },
            signal,
          });
      return indicesOfSelection(one.tixels);
    },
    // A version's tixels never change: a new version has a new key.
    staleTime: Infinity,
  };
}

/** The tixels of one annotation, fetched once per version (select, export, rank). */
export function fetchAnnotationTixels(client: QueryClient, run: RunRef | null, annotation: Annotation) {
  return client.fetchQuery(tixelsQuery(run, annotation));
}

/**
 * Every list once all have arrived, else null. Defined once: TanStack Query re-runs a `combine` only when the
 * results (or the function) change, so the colouring memoised on its answer is not recomputed on every render.
 */
const allLists = (results: ReadonlyArray<{ data?: number[] }>): (readonly number[])[] | null =>
  results.every((r) => r.data) ? results.map((r) => r.data!) : null;

/** The tixels of the annotations shown (in order), or null until every one has arrived. */
export function useAnnotationTixels(run: RunRef | null, shown: readonly Annotation[]): (readonly number[])[] | null {
  return useQueries({ queries: shown.map((annotation) => tixelsQuery(run, annotation)), combine: allLists });
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
    // Tixels in their shorter form (a large set of a large run fits the request only as a bitset).
    mutationFn: ({ tixels, ...body }: { name: string; color: string; note: string; tixels: number[] }) =>
      callApi(annotationCalls.createAnnotation, {
        body: { run_id: runId!, ...body, tixels: compactSelection(tixels) },
      }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, tixels, ...body }: TAnnotationUpdate & { id: string }) =>
      callApi(annotationCalls.updateAnnotation, {
        params: { id },
        body: { ...body, ...(tixels && { tixels: compactSelection(tixels) }) },
      }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => callApi(annotationCalls.deleteAnnotation, { params: { id } }),
    onSuccess: refresh,
  });
  return { create, update, remove };
}
