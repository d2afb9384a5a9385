/**
 * The tasks behind the DE results panel (members only: they post with the run's files): a selection's full
 * table by column (gene.compute_qc, kwargs columns) and every cluster against the rest or the file's own
 * rank_genes_groups (gene.rank_clusters). Each posts, waits for the end and answers the result or throws its error.
 */
import {
  EXPLORER_MSG,
  KIND_LABEL,
  taskCalls,
  type DeColumns,
  type DeSource,
  type FeatureKind,
  type RankClustersResult,
  compactSelection,
} from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { awaitTask, type DeTest } from '../data/tasks';
import type { RunRef } from '../state/store';

async function runTask<T>(run: RunRef, task: string, args: unknown[], kwargs: Record<string, unknown>): Promise<T> {
  const posted = await callApi(taskCalls.postTask, { body: { task, queue: 'atxcloud_gene', args, kwargs } });
  const done = await awaitTask(posted._id, run);
  if (done.status === 'FAILURE') throw new Error(done.error ?? EXPLORER_MSG.workerFailed);
  return done.result as T;
}

const fileOf = (run: RunRef, kind: FeatureKind) => `data/${run.run_id}/h5/obj/${KIND_LABEL[kind].file}.h5ad`;
const testKwargs = (test: DeTest) => ({ method: test.method, tie_correct: test.tieCorrect });

export async function fetchSelectionColumns(
  run: RunRef,
  kind: FeatureKind,
  selection: readonly number[],
  test: DeTest,
): Promise<DeColumns> {
  const result = await runTask<{ columns?: DeColumns }>(
    run,
    'gene.compute_qc',
    [fileOf(run, kind), compactSelection(selection), 'de-panel'],
    { ...testKwargs(test), columns: true },
  );
  if (!result.columns) throw new Error(EXPLORER_MSG.workerFailed);
  return result.columns;
}

export function fetchClusterRanking(
  run: RunRef,
  kind: FeatureKind,
  source: DeSource,
  test: DeTest,
  cluster: string | null,
): Promise<RankClustersResult> {
  return runTask<RankClustersResult>(run, 'gene.rank_clusters', [fileOf(run, kind)], {
    ...testKwargs(test),
    source,
    ...(cluster !== null && { cluster }),
  });
}

/** A short key for a selection (react-query hashes its keys: 50,000 indices would be hashed on every render). */
export function selectionKey(selection: readonly number[]): string {
  let h = 2166136261;
  for (const i of selection) h = Math.imul(h ^ i, 16777619) >>> 0;
  return `${selection.length}:${h.toString(36)}`;
}
