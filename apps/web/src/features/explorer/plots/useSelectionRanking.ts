/**
 * A lasso or quad selection on the plots, ranked: the selection goes into the store, gene.compute_qc ranks the
 * selected tixels' features against the rest, and its answer becomes the "Tixel Id's Selected" result (opened as
 * it arrives). A failure is a toast.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { EXPLORER_MSG, type FeatureKind, type TTaskState } from '@atlas/contracts';
import { useSnackbar } from '../../../app/feedback';
import { awaitTask, DEFAULT_DE_TEST, isTerminal, postComputeQc, useTaskState, type DeTest } from '../data/tasks';
import type { RankedRow } from '../dialogs/rankedTable';
import type { SelectionResult } from '../dialogs/SelectionDialog';
import { useExplorer } from '../state/store';

export interface SelectionRanking {
  /** The plots' selection callback. */
  onSelect: (indices: Uint32Array) => void;
  /** Ranks set A against set B (both tixel lists; B null = the rest), e.g. two shared annotations. */
  rankSets: (
    a: { name: string; tixels: readonly number[] },
    b: { name: string; tixels: readonly number[] } | null,
  ) => void;
  /** The last ranking that arrived; null before one, and after Restart or clearing the selection. */
  result: SelectionResult | null;
  resultOpen: boolean;
  setResultOpen: (open: boolean) => void;
  /** A ranking is being posted or computed. */
  running: boolean;
  /** The computing task's state, for the progress bar. */
  taskState: TTaskState | undefined;
  /** Drops the result and stops following the task. */
  forget: () => void;
  /** The test the next ranking uses (the DE option selector). */
  test: DeTest;
  /** Chooses the test; the last selection, when there is one, is ranked again with it. */
  setTest: (test: DeTest) => void;
  /** Every feature's row of the shown ranking (the result holds the top rows only), for Save. */
  fullTable: () => Promise<RankedRow[]>;
}

export function useSelectionRanking(): SelectionRanking {
  const showSnack = useSnackbar();
  const run = useExplorer((st) => st.run);
  const kind = useExplorer((st) => st.kind);
  const patch = useExplorer((st) => st.patch);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [taskKind, setTaskKind] = useState<FeatureKind>('genes');
  const [posting, setPosting] = useState(false);
  const [result, setResult] = useState<SelectionResult | null>(null);
  const [comparison, setComparison] = useState<SelectionResult['comparison']>(undefined);
  const [resultOpen, setResultOpen] = useState(false);
  const task = useTaskState(taskId, run);
  const taskState = task.data;
  const handled = useRef<string | null>(null);
  const [test, setTestState] = useState<DeTest>(DEFAULT_DE_TEST);
  /** The last ranking posted, to rank it again when the test changes. */
  const last = useRef<{
    selection: readonly number[];
    reference: readonly number[] | undefined;
    what: SelectionResult['comparison'];
    kind: FeatureKind;
    using: DeTest;
  } | null>(null);

  useEffect(() => {
    if (!taskState || !isTerminal(taskState.status) || handled.current === taskState._id) return;
    handled.current = taskState._id;
    if (taskState.status === 'FAILURE') {
      showSnack(taskState.error ? `${EXPLORER_MSG.workerFailed}: ${taskState.error}` : EXPLORER_MSG.workerFailed, {
        color: 'error',
      });
      setTaskId(null);
      return;
    }
    const r = taskState.result as {
      top_selected?: string[];
      table?: RankedRow[];
      n_selected?: number;
      n_features?: number;
      method?: DeTest['method'];
      tie_correct?: boolean;
    } | null;
    setResult({
      kind: taskKind,
      count: r?.n_selected ?? 0,
      top: r?.top_selected ?? [],
      table: r?.table ?? [],
      features: r?.n_features ?? r?.table?.length ?? 0,
      test: { method: r?.method ?? 't-test', tieCorrect: r?.tie_correct ?? false },
      ...(comparison && { comparison }),
    });
    setResultOpen(true);
    setTaskId(null);
  }, [taskState, taskKind, comparison, showSnack]);
  useEffect(() => {
    if (task.error) {
      showSnack(task.error.message, { color: 'error' });
      setTaskId(null);
    }
  }, [task.error, showSnack]);

  const post = useCallback(
    (
      selection: readonly number[],
      reference: readonly number[] | undefined,
      what: SelectionResult['comparison'],
      using: DeTest = test,
      keepResult = false,
    ) => {
      if (!run) return;
      last.current = { selection, reference, what, kind, using };
      // Ranking the same selection with another test keeps the shown table (and the dialog) until the new one arrives.
      if (!keepResult) setResult(null);
      setPosting(true);
      setTaskKind(kind);
      setComparison(what);
      postComputeQc(run, kind, selection, `${kind}-selection`, using, reference)
        .then((t) => {
          handled.current = null;
          setTaskId(t._id);
        })
        .catch((e: Error) => showSnack(e.message || EXPLORER_MSG.workerFailed, { color: 'error' }))
        .finally(() => setPosting(false));
    },
    [run, kind, test, showSnack],
  );

  const setTest = useCallback(
    (next: DeTest) => {
      setTestState(next);
      const previous = last.current;
      if (previous) post(previous.selection, previous.reference, previous.what, next, true);
    },
    [post],
  );

  const onSelect = useCallback(
    (indices: Uint32Array) => {
      if (!run) return;
      if (indices.length === 0) {
        showSnack(EXPLORER_MSG.noTixelsSelected, { color: 'info' });
        return;
      }
      const selection = Array.from(indices);
      patch({ selection });
      post(selection, undefined, undefined);
    },
    [run, patch, post, showSnack],
  );

  const rankSets = useCallback<SelectionRanking['rankSets']>(
    (a, b) => post(a.tixels, b?.tixels, { a: a.name, b: b?.name ?? 'the rest' }),
    [post],
  );

  const fullTable = useCallback(async (): Promise<RankedRow[]> => {
    const shown = last.current;
    if (result && result.table.length >= result.features) return result.table;
    if (!run || !shown) return result?.table ?? [];
    const posted = await postComputeQc(
      run,
      shown.kind,
      shown.selection,
      'full-table',
      shown.using,
      shown.reference,
      true,
    );
    const done = await awaitTask(posted._id, run);
    if (done.status === 'FAILURE') throw new Error(done.error ?? EXPLORER_MSG.workerFailed);
    return (done.result as { table?: RankedRow[] } | null)?.table ?? [];
  }, [run, result]);

  const forget = useCallback(() => {
    last.current = null;
    setResult(null);
    setTaskId(null);
  }, []);

  const running = posting || taskId !== null;
  // One object while nothing in it changes, so the panels that take it can skip the explorer's other renders.
  return useMemo(
    () => ({
      onSelect,
      rankSets,
      result,
      resultOpen,
      setResultOpen,
      running,
      taskState,
      forget,
      test,
      setTest,
      fullTable,
    }),
    [onSelect, rankSets, result, resultOpen, running, taskState, forget, test, setTest, fullTable],
  );
}
