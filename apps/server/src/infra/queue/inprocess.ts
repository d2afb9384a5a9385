import type { QueueName } from '@atlas/contracts';
import { settlesWithin, type QueueTasks, type TaskDeps, type TaskQueue } from './port.js';
import type { TaskStore } from './task-store.js';
import type { WorkerPresence } from './workers.js';

export const INTERRUPTED_INPROCESS = 'Interrupted: the server stopped while this task was running';

export interface InProcessQueueOptions {
  store: TaskStore;
  tasks: QueueTasks;
  deps: TaskDeps;
  /** Tasks running at once on each queue, as a BullMQ worker's concurrency. */
  concurrency: number;
  /** How long `close` waits for running tasks before giving up on them. */
  closeTimeoutMs?: number;
  /** This process in the worker status table. */
  presence: WorkerPresence;
}

interface Lane {
  /** Task ids in posting order. */
  waiting: string[];
  running: Set<Promise<void>>;
  consuming: boolean;
}

/**
 * The default driver: tasks run in this process, per queue in FIFO order with a concurrency limit. Only ids are
 * held in memory; the rows are the record, so a restart re-enqueues PENDING tasks and fails those it cut short.
 */
export function createInProcessQueue(options: InProcessQueueOptions): TaskQueue {
  const { store, tasks, deps, concurrency, presence } = options;
  const closeTimeoutMs = options.closeTimeoutMs ?? 10_000;
  const lanes = new Map<string, Lane>();
  /** Queues this process consumes, claimed before the first await so a second call cannot fail our own tasks. */
  const claimed = new Set<string>();
  let closed = false;

  const lane = (queue: string): Lane => {
    let found = lanes.get(queue);
    if (!found) lanes.set(queue, (found = { waiting: [], running: new Set(), consuming: false }));
    return found;
  };

  const runOne = async (id: string) => {
    try {
      const row = await store.getRow(id);
      if (!row) return;
      presence.received(row.name);
      await tasks.run(row, deps, store);
    } catch (error) {
      // Only the store can fail here (tasks.run records handler errors); the next start fails the row as interrupted.
      deps.log.error({ err: error, taskId: id }, 'in-process task could not be recorded');
    }
  };

  const pump = (queue: string) => {
    const current = lane(queue);
    while (!closed && current.consuming && current.running.size < concurrency && current.waiting.length) {
      const running = runOne(current.waiting.shift()!).finally(() => {
        current.running.delete(running);
        pump(queue);
      });
      current.running.add(running);
    }
  };

  return {
    driver: 'inprocess',

    async ping() {},

    async post(request) {
      if (closed) throw new Error('The task queue is closed');
      const state = await store.insert(request);
      lane(request.queue).waiting.push(state._id);
      pump(request.queue);
      return state;
    },

    async requeue(row) {
      lane(row.queue).waiting.push(row.id);
      pump(row.queue);
    },

    get: (id) => store.get(id),
    list: (limit) => store.list(limit),
    workers: () => presence.list(),

    async startWorkers(queues: readonly QueueName[]) {
      const fresh = [...new Set(queues)].filter((q) => !claimed.has(q));
      for (const queue of fresh) claimed.add(queue);
      await presence.start(fresh);
      // Nothing of these queues runs in this process yet, so anything STARTED was cut short by an earlier run:
      // idempotent tasks run once more (listPending below picks them up), the others are marked FAILURE.
      const again = await store.retryRunning({ queues: fresh }, tasks.retryable());
      if (again.length)
        deps.log.warn({ tasks: again.map((r) => r.id) }, 'tasks interrupted by the last stop queued once more');
      const interrupted = await store.failInterrupted(fresh, INTERRUPTED_INPROCESS);
      if (interrupted.length)
        deps.log.warn({ tasks: interrupted }, 'tasks interrupted by the last stop marked FAILURE');
      const pending = await store.listPending(fresh);
      for (const queue of fresh) {
        const current = lane(queue);
        // Stored order first (older runs' tasks are older); then anything posted here while we were reading.
        const stored = pending.filter((row) => row.queue === queue).map((row) => row.id);
        const known = new Set(stored);
        current.waiting = [...stored, ...current.waiting.filter((id) => !known.has(id))];
        current.consuming = true;
        pump(queue);
      }
    },

    async close() {
      closed = true;
      const running = [...lanes.values()].flatMap((l) => [...l.running]);
      if (!(await settlesWithin(Promise.all(running), closeTimeoutMs))) {
        deps.log.warn(
          { running: running.length },
          'closing with tasks still running: the next start marks them interrupted',
        );
      }
      await presence.stop();
    },
  };
}
