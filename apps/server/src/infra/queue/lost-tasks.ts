import type { Logger } from 'pino';
import type { TaskRow } from '../db/tables.js';
import type { TaskStore } from './task-store.js';

export const WORKER_LOST = 'Interrupted: worker lost';

/** What to do with a task cut short: tasks named in `retryable` run once more, through `requeue`. */
export interface LostTaskPolicy {
  /** Names of tasks whose handler may simply run again from the start (TaskDefinition.idempotent). */
  retryable: readonly string[];
  /** Puts a task that is PENDING again back in its queue. */
  requeue(row: TaskRow): Promise<void>;
}

/**
 * Running tasks silent for `silentMs`: an idempotent one never retried goes back to its queue, any other is marked
 * FAILURE. Each change is conditional on the row still running, so two processes looking at once act once.
 */
export async function recoverSilentTasks(
  store: TaskStore,
  log: Logger,
  silentMs: number,
  policy: LostTaskPolicy,
): Promise<{ retried: string[]; failed: string[] }> {
  const silent = await store.findSilent(silentMs);
  if (silent.length === 0) return { retried: [], failed: [] };
  const again = await store.retryRunning({ ids: silent.map((r) => r.id) }, policy.retryable);
  for (const row of again) await policy.requeue(row);
  const retried = new Set(again.map((r) => r.id));
  const failed = await store.failRunning(
    silent.filter((r) => !retried.has(r.id)).map((r) => r.id),
    WORKER_LOST,
  );
  if (again.length) log.warn({ tasks: [...retried] }, 'tasks whose worker stopped beating queued once more');
  if (failed.length) log.warn({ tasks: failed }, 'tasks whose worker stopped beating marked FAILURE');
  return { retried: [...retried], failed };
}

/**
 * Finds tasks whose worker died (issue "Hardening"): a running task's worker beats every `heartbeatMs` (runTask),
 * and every process that holds a queue — API or worker, either driver — looks every 1.5 beats for running tasks
 * silent for 4.5 beats. With the default 10 s beat a lost task is retried or reported within 60 s. A BullMQ job
 * of such a task that is later redelivered carries the old attempt number and is dropped.
 */
export function watchLostTasks(store: TaskStore, log: Logger, heartbeatMs: number, policy: LostTaskPolicy): () => void {
  const timer = setInterval(() => {
    recoverSilentTasks(store, log, heartbeatMs * 4.5, policy).catch((error: unknown) =>
      log.warn({ err: error }, 'could not look for lost tasks'),
    );
  }, heartbeatMs * 1.5);
  timer.unref();
  return () => clearInterval(timer);
}
