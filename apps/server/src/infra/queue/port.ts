import type { Logger } from 'pino';
import type { QueueName, TTaskState, TWorkerRow } from '@atlas/contracts';
import type { TaskRegistry } from '../../tasks/registry.js';
import type { TaskRow } from '../db/tables.js';

/** What a task handler gets besides its arguments. */
export interface TaskContext {
  taskId: string;
  /** Reports progress 0..100 (status becomes PROGRESS). */
  progress(percent: number): Promise<void>;
  log: Logger;
}

export interface TaskRequest {
  task: string;
  queue: QueueName;
  args: unknown[];
  kwargs: Record<string, unknown>;
  requestedBy: string | null;
  /** The HTTP request that posted it (default: the request in progress, infra/log/request-context.ts). */
  requestId?: string;
  /** For a task posted through a public run link: who may read it (the same link) and which run it may touch. */
  publicLink?: { runId: string; sha256: string };
}

/**
 * Named tasks on named queues. Task state lives in the database whatever the driver, so a restart or a
 * worker crash never loses the record; the driver only moves work to a worker.
 */
export interface TaskQueue {
  readonly driver: 'inprocess' | 'bullmq';
  /** The task definitions this queue runs; routes validate names, queues and arguments against it. */
  readonly registry: TaskRegistry;
  /** Records the task as PENDING and enqueues it. Unknown task names are rejected by the caller before this. */
  post(request: TaskRequest): Promise<TTaskState>;
  get(id: string): Promise<TTaskState | null>;
  /** Recent tasks, newest first (Job Management). */
  list(limit: number): Promise<TTaskState[]>;
  /** The live workers of every process consuming these queues (the worker status table). */
  workers(): Promise<TWorkerRow[]>;
  /** Starts consuming these queues in this process. */
  startWorkers(queues: readonly QueueName[]): Promise<void>;
  /** Puts a task that is PENDING again (a retry after its worker was lost) back in its queue. */
  requeue(row: TaskRow): Promise<void>;
  close(): Promise<void>;
}

/** Resolves true when the promise settles within the time, false when the time runs out first. */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = promise.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([settled, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
