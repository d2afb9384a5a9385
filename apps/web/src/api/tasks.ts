import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  TASK_POLL_INTERVAL_MS,
  taskCalls,
  type QueueName,
  type TaskTarget,
  type TTaskDefinitionInfo,
  type TTaskState,
} from '@atlas/contracts';
import { callApi } from './client';

/** Task definitions and task states shared by the screens that post tasks (transfers, Analytics). */
export const taskKeys = {
  definitions: (target: TaskTarget | 'all') => ['tasks', 'definitions', target] as const,
  state: (id: string | null) => ['tasks', 'state', id] as const,
  workers: ['tasks', 'workers'] as const,
};

export const isTerminal = (status: TTaskState['status']) => status === 'SUCCESS' || status === 'FAILURE';

/** The tasks of one target the signed-in user may post, with their argument specs. */
export const useTaskDefinitions = (target: TaskTarget) =>
  useQuery({
    queryKey: taskKeys.definitions(target),
    queryFn: ({ signal }) => callApi(taskCalls.listTaskDefinitions, { query: { target }, signal }),
    staleTime: 60_000,
  });

/** The argument specs' values by name: a form's defaults (spec 03 §2.8 "The form loads task defaults"). */
export function defaultsOf(definition: TTaskDefinitionInfo | undefined): Record<string, unknown> {
  return Object.fromEntries((definition?.args ?? []).map((arg) => [arg.name, arg.value]));
}

export const postTask = (task: string, queue: QueueName, args: unknown[], kwargs: Record<string, unknown>) =>
  callApi(taskCalls.postTask, { body: { task, queue, args, kwargs } });

/** Polls a task every 1000 ms (spec 03 §4) until SUCCESS or FAILURE. */
export function useTaskState(id: string | null): UseQueryResult<TTaskState> {
  return useQuery({
    queryKey: taskKeys.state(id),
    queryFn: ({ signal }) => callApi(taskCalls.getTask, { params: { id: id! }, signal }),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data && isTerminal(query.state.data.status) ? false : TASK_POLL_INTERVAL_MS,
    staleTime: 0,
    retry: 2,
  });
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });

/**
 * Posts a task and waits for its end (the spec's "synchronous" tasks: listings). Resolves with the result on
 * SUCCESS, rejects with the task's error on FAILURE.
 */
export async function runTaskToEnd(
  task: string,
  queue: QueueName,
  args: unknown[],
  kwargs: Record<string, unknown>,
  options: { signal?: AbortSignal; onState?: (state: TTaskState) => void } = {},
): Promise<unknown> {
  const { signal, onState } = options;
  let state = await postTask(task, queue, args, kwargs);
  onState?.(state);
  while (!isTerminal(state.status)) {
    await pause(TASK_POLL_INTERVAL_MS, signal);
    state = await callApi(taskCalls.getTask, { params: { id: state._id }, signal });
    onState?.(state);
  }
  if (state.status === 'FAILURE') throw new Error(state.error ?? 'Worker failed');
  return state.result;
}
