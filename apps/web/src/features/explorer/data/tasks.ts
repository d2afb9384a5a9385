/**
 * The worker tasks the explorer starts (DESIGN §6) and their polling: gene.compute_qc for a selection,
 * gene.compute_cell_type for a marker map and gene.seq_logo for a motif. Members post them with the run's files;
 * public links go through the public-task route, which takes the files from the link.
 */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  genesCalls,
  type DeMethod,
  KIND_LABEL,
  TASK_POLL_INTERVAL_MS,
  taskCalls,
  type FeatureKind,
  type TTaskState,
  compactSelection,
} from '@atlas/contracts';
import { callApi } from '../../../api/client';
import type { NameMap } from '../dialogs/markerCsv';
import type { RunRef } from '../state/store';
import { explorerKeys } from './queryKeys';

export function isTerminal(status: TTaskState['status']): boolean {
  return status === 'SUCCESS' || status === 'FAILURE';
}

/**
 * After a held poll, the next one starts this soon: the server holds each poll until the task ends or one
 * interval (1000 ms) has passed, so polls still come about once a second while a task runs.
 */
const NEXT_HELD_POLL_MS = 100;

/**
 * Polls a task right after posting, then about every 1000 ms until SUCCESS or FAILURE. Every poll asks the server
 * to answer as soon as the task ends (holding it up to one interval), so a result shows when its task ends, not at
 * the next tick: a ranking that ends 1.2 s after its post shows then, not at 2 s. After a failed poll the next
 * waits a whole interval. A task posted through a public link is read with that link (the server answers it to the
 * holder of the same link only).
 */
export function useTaskState(id: string | null, run: RunRef | null): UseQueryResult<TTaskState> {
  const encoded = run?.encoded ?? undefined;
  return useQuery({
    queryKey: explorerKeys.task(id),
    queryFn: ({ signal }) =>
      callApi(taskCalls.getTask, { params: { id: id! }, query: { encoded, wait_ms: TASK_POLL_INTERVAL_MS }, signal }),
    enabled: id !== null,
    refetchInterval: (query) => {
      if (query.state.data && isTerminal(query.state.data.status)) return false;
      return query.state.status === 'error' ? TASK_POLL_INTERVAL_MS : NEXT_HELD_POLL_MS;
    },
    staleTime: 0,
    retry: 2,
  });
}

/** Waits for a task posted outside a query (e.g. the full table behind Save): waiting polls until it ends. */
export async function awaitTask(id: string, run: RunRef): Promise<TTaskState> {
  const encoded = run.encoded ?? undefined;
  for (;;) {
    const state = await callApi(taskCalls.getTask, {
      params: { id },
      query: { encoded, wait_ms: TASK_POLL_INTERVAL_MS },
    });
    if (isTerminal(state.status)) return state;
  }
}

/** The test a selection is ranked with: Welch (default) or Wilcoxon, with or without tie correction. */
export interface DeTest {
  method: DeMethod;
  tieCorrect: boolean;
}

/** The spec's original test. */
export const DEFAULT_DE_TEST: DeTest = { method: 't-test', tieCorrect: false };

/**
 * Posts gene.compute_qc for a selection: args [data/{run}/h5/obj/{kind}.h5ad, indices, key], kwargs the test; with
 * `reference` (set B, members only) the selection is ranked against that set instead of the rest; with `fullTable`
 * the answer holds every feature's row, not only the top ones.
 */
export async function postComputeQc(
  run: RunRef,
  kind: FeatureKind,
  selected: readonly number[],
  key: string,
  test: DeTest,
  reference?: readonly number[],
  fullTable = false,
): Promise<TTaskState> {
  if (run.encoded) {
    return callApi(genesCalls.publicTask, {
      body: {
        encoded: run.encoded,
        task: 'gene.compute_qc',
        kind,
        selection: compactSelection(selected),
        key,
        method: test.method,
        tie_correct: test.tieCorrect,
        ...(fullTable && { full_table: true }),
      },
    });
  }
  return callApi(taskCalls.postTask, {
    body: {
      task: 'gene.compute_qc',
      queue: 'atxcloud_gene',
      args: [`data/${run.run_id}/h5/obj/${KIND_LABEL[kind].file}.h5ad`, compactSelection(selected), key],
      kwargs: {
        method: test.method,
        tie_correct: test.tieCorrect,
        ...(reference && { reference: compactSelection(reference) }),
        ...(fullTable && { full_table: true }),
      },
    },
  });
}

/** gene.compute_cell_type with the marker map, on the run's genes.h5ad. */
export function postCellType(run: RunRef, nameMap: NameMap): Promise<TTaskState> {
  if (run.encoded) {
    return callApi(genesCalls.publicTask, {
      body: { encoded: run.encoded, task: 'gene.compute_cell_type', kind: 'genes', name_map: nameMap },
    });
  }
  return callApi(taskCalls.postTask, {
    body: {
      task: 'gene.compute_cell_type',
      queue: 'atxcloud_gene',
      args: [`data/${run.run_id}/h5/obj/genes.h5ad`, nameMap],
      // The dialog shows why a cluster stays 'Undefined'.
      kwargs: { explain: true },
    },
  });
}

/** gene.seq_logo of one motif, with the run's motifs.csv. */
function postSeqLogo(run: RunRef, motif: string): Promise<TTaskState> {
  if (run.encoded) {
    return callApi(genesCalls.publicTask, {
      body: { encoded: run.encoded, task: 'gene.seq_logo', kind: 'motifs', motif },
    });
  }
  return callApi(taskCalls.postTask, {
    body: {
      task: 'gene.seq_logo',
      queue: 'atxcloud_gene',
      args: [`data/${run.run_id}/h5/obj/motifs.csv`, motif],
      kwargs: {},
    },
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
    queryKey: explorerKeys.seqLogo(run, motif),
    queryFn: () => postSeqLogo(run!, motif!),
    enabled: run !== null && motif !== null,
    staleTime: Infinity,
    // Longer than the default: going back to a motif later should not queue another worker task.
    gcTime: 30 * 60_000,
    retry: false,
  });
  const task = useTaskState(post.data?._id ?? null, run);
  return {
    state: task.data ?? post.data,
    posting: post.isFetching,
    error: post.error ?? task.error,
    retry: () => void post.refetch(),
  };
}
