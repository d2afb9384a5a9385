import type { Logger } from 'pino';
import type { QueueName, TTaskState, TWorkerRow } from '@atlas/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../db/index.js';
import type { TaskRow } from '../db/tables.js';
import type { Mailer } from '../mail/port.js';
import type { Metrics } from '../metrics.js';
import type { ObjectStore } from '../storage/port.js';
import type { TaskStore } from './task-store.js';

/** The infrastructure a task handler may use. */
export interface TaskDeps {
  db: Db;
  storage: ObjectStore;
  mailer: Mailer;
  config: Config;
  log: Logger;
  /** Task durations and outcomes are counted here when given (the process's /metrics). */
  metrics?: Metrics;
}

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

/** What Job Managment shows of a task besides its name; computed when it is posted (tasks/labels.ts). */
export interface TaskLabels {
  description: string | null;
  runId: string | null;
}

/**
 * The tasks a queue runs, as the queue needs them. The task layer implements it (tasks/registry.ts) and whoever
 * composes the process (main.ts, the import CLI, the test harness) hands it to createInfra: infra is the bottom
 * layer and never imports the tasks, which use it.
 */
export interface QueueTasks {
  /** Names of the tasks of this queue, in registration order (the worker status table shows one row each). */
  namesOn(queue: string): string[];
  /** Names of the idempotent tasks (run once more after their worker was lost). */
  retryable(): string[];
  /**
   * Ids of the tasks this process is running now. A process that looks for lost tasks is alive, so none of these
   * is lost however long its handler kept the event loop from beating (a 5M-cell import reads its matrix in one
   * synchronous stretch); only other processes' silent tasks are.
   */
  runningHere(): ReadonlySet<string>;
  /** What Job Management shows of a task being posted. */
  labels(request: TaskRequest, config: Config): TaskLabels;
  /**
   * Runs one stored task to its final state, every transition recorded in the store; whatever the handler throws
   * ends as FAILURE, so only a failure of the store itself rejects.
   */
  run(row: TaskRow, deps: TaskDeps, store: TaskStore, onProgress?: (percent: number) => Promise<void>): Promise<void>;
}

/**
 * Named tasks on named queues. Task state lives in the database whatever the driver, so a restart or a
 * worker crash never loses the record; the driver only moves work to a worker.
 */
export interface TaskQueue {
  readonly driver: 'inprocess' | 'bullmq';
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
  /** Resolves when the queue's broker answers (Redis PING for BullMQ; always for the in-process queue). */
  ping(): Promise<void>;
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
