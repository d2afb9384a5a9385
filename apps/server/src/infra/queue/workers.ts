import os from 'node:os';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { QueueName, TWorkerRow } from '@atlas/contracts';
import type { Db } from '../db/index.js';
import type { QueueTasks } from './port.js';

/** The worker status table shows at most this many rows (spec 03 §9). */
export const WORKER_ROWS_MAX = 1000;
const HEARTBEAT_MS = 10_000;
/** A worker not seen for three heartbeats is gone (crashed, or its machine is off). */
export const GONE_AFTER_MS = 3 * HEARTBEAT_MS + 5_000;

/**
 * This process as a worker, in the shared `task_workers` table: which queues it consumes and how many tasks of
 * each name it received. Both queue drivers report through it, so the worker status table lists real workers
 * whatever the driver and wherever they run.
 */
export interface WorkerPresence {
  /** Records (or extends) the queues this process consumes and starts the heartbeat. */
  start(queues: readonly QueueName[]): Promise<void>;
  /** Counts a task this process took from a queue. */
  received(taskName: string): void;
  /** Removes this worker's row. */
  stop(): Promise<void>;
  /** The live workers of every process, one row per worker and task of its queues, sorted by worker. */
  list(): Promise<TWorkerRow[]>;
}

export function createWorkerPresence(opts: {
  db: Db;
  tasks: Pick<QueueTasks, 'namesOn'>;
  driver: TWorkerRow['driver'];
  log: Logger;
  heartbeatMs?: number;
}): WorkerPresence {
  const { db, tasks, driver, log } = opts;
  const id = `atlas@${os.hostname()}.${process.pid}.${driver}`;
  const queues = new Set<string>();
  const requested: Record<string, number> = {};
  let timer: NodeJS.Timeout | undefined;
  // Writes go one after another, so a slow earlier write never overwrites newer counts.
  let writing: Promise<void> = Promise.resolve();

  const write = () => {
    writing = writing
      .then(async () => {
        if (queues.size === 0) return;
        const row = { queues: JSON.stringify([...queues].sort()), requested: JSON.stringify(requested) };
        await db
          .insertInto('task_workers')
          .values({ id, driver, ...row })
          .onConflict((oc) => oc.column('id').doUpdateSet({ ...row, seen_at: sql`now()` }))
          .execute();
      })
      .catch((error: unknown) => log.warn({ err: error }, 'could not record this worker'));
    return writing;
  };

  return {
    async start(names) {
      for (const name of names) queues.add(name);
      await write();
      if (!timer) {
        timer = setInterval(() => void write(), opts.heartbeatMs ?? HEARTBEAT_MS);
        timer.unref();
      }
    },

    received(taskName) {
      requested[taskName] = (requested[taskName] ?? 0) + 1;
      void write();
    },

    async stop() {
      clearInterval(timer);
      timer = undefined;
      await writing;
      if (queues.size) await db.deleteFrom('task_workers').where('id', '=', id).execute();
      queues.clear();
    },

    async list() {
      const rows = await db
        .selectFrom('task_workers')
        .selectAll()
        .where('seen_at', '>', sql<Date>`now() - make_interval(secs => ${GONE_AFTER_MS / 1000})`)
        .orderBy('id')
        .execute();
      return rows
        .flatMap((row) =>
          row.queues.flatMap((queue) =>
            tasks.namesOn(queue).map((task) => ({
              worker: row.id,
              task,
              queues: row.queues,
              requested: row.requested[task] ?? 0,
              driver: row.driver,
              seen_at: new Date(row.seen_at).toISOString(),
            })),
          ),
        )
        .slice(0, WORKER_ROWS_MAX);
    },
  };
}
