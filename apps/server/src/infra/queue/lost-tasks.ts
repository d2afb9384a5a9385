import type { Logger } from 'pino';
import type { TaskStore } from './task-store.js';

export const WORKER_LOST = 'Interrupted: worker lost';

/**
 * Finds tasks whose worker died (issue "Hardening"): a running task's worker beats every `heartbeatMs` (runTask),
 * and every process that holds a queue — API or worker, either driver — looks every 1.5 beats for running tasks
 * silent for 4.5 beats and marks them FAILURE. With the default 10 s beat a lost task is reported within 60 s.
 * A BullMQ job of such a task that is later redelivered finds it no longer PENDING and does not run it again.
 */
export function watchLostTasks(store: TaskStore, log: Logger, heartbeatMs: number): () => void {
  const silentMs = heartbeatMs * 4.5;
  const timer = setInterval(() => {
    store
      .failSilent(silentMs, WORKER_LOST)
      .then((ids) => {
        if (ids.length) log.warn({ tasks: ids }, 'tasks whose worker stopped beating marked FAILURE');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'could not look for lost tasks'));
  }, heartbeatMs * 1.5);
  timer.unref();
  return () => clearInterval(timer);
}
