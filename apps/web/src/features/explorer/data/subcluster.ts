/**
 * Re-clustering a selection (issue 34): posts gene.subcluster for the selected tixels, waits for it with the task's
 * progress, and saves each sub-cluster as a shared annotation of the run through the annotations API, where who may
 * write the run is checked as for every annotation. Answers the new annotations, to be shown as the plots' colouring.
 */
import { CATEGORY_COLOURS } from '@atlas/viz';
import { TASK_POLL_INTERVAL_MS, taskCalls, type TAnnotationSummary, type TTaskState } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { isTerminal } from './tasks';

/** What gene.subcluster answers (apps/server/src/tasks/gene/subcluster.ts). */
interface SubclusterResult {
  clusters: { name: string; tixels: number[] }[];
  seed: number;
}

/** "Sub-clusters 3": the first set number no annotation of the run uses yet. */
export function nextSetName(existing: readonly { name: string }[]): string {
  const taken = new Set(existing.map((a) => /^Sub-clusters (\d+) · /.exec(a.name)?.[1]).filter(Boolean));
  let k = 1;
  while (taken.has(String(k))) k++;
  return `Sub-clusters ${k}`;
}

export async function recluster(
  runId: string,
  selection: readonly number[],
  existing: readonly { name: string }[],
  create: (body: { name: string; color: string; note: string; tixels: number[] }) => Promise<TAnnotationSummary>,
  onProgress: (percent: number) => void,
): Promise<TAnnotationSummary[]> {
  const posted = await callApi(taskCalls.postTask, {
    body: {
      task: 'gene.subcluster',
      queue: 'atxcloud_gene',
      args: [`data/${runId}/h5/obj/genes.h5ad`, [...selection]],
      kwargs: {},
    },
  });
  let done: TTaskState = posted;
  // Held polls (the server answers as soon as the task ends, or after one interval), reporting its progress.
  while (!isTerminal(done.status)) {
    done = await callApi(taskCalls.getTask, { params: { id: posted._id }, query: { wait_ms: TASK_POLL_INTERVAL_MS } });
    onProgress(done.progress);
  }
  if (done.status === 'FAILURE') throw new Error(done.error ?? 'Re-clustering failed');
  const result = done.result as SubclusterResult;
  const set = nextSetName(existing);
  const made: TAnnotationSummary[] = [];
  for (const [i, cluster] of result.clusters.entries()) {
    made.push(
      await create({
        name: `${set} · ${cluster.name}`,
        color: CATEGORY_COLOURS[i % CATEGORY_COLOURS.length]!,
        note: `Re-clustered from ${selection.length} selected tixels (PCA → kNN → Louvain, seed ${result.seed})`,
        tixels: cluster.tixels,
      }),
    );
  }
  return made;
}
