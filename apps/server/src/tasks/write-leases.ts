import { sql } from 'kysely';
import type { Db } from '../infra/db/index.js';
import type { Target } from '../domains/runs/index.js';

/** Any fixed number the application uses for nothing else (the migration lock is 7311). */
const LEASE_LOCK = 7312;
const RUNNING = ['STARTED', 'PROGRESS'] as const;
/** How often a waiting writer looks again: a transfer or a web-file job lasts seconds to hours. */
const LEASE_POLL_MS = 250;

export interface LeaseHolder {
  taskId: string;
  name: string;
  bucket: string;
  key: string;
}

/** A stored object's key as a lease names it: a folder is its key without the trailing slash. */
const leaseKey = (key: string) => key.replace(/\/+$/, '');

/** The object keys of these targets (runs' database records are not leased), each once. */
export function leasedObjects(targets: readonly Target[]): { bucket: string; key: string }[] {
  const seen = new Map<string, { bucket: string; key: string }>();
  for (const target of targets)
    if ('bucket' in target) {
      const key = leaseKey(target.key);
      seen.set(`${target.bucket}\0${key}`, { bucket: target.bucket, key });
    }
  return [...seen.values()];
}

/**
 * Writers of one stored object run one at a time, across every worker process: a task that writes objects leases
 * their keys for as long as it runs, all at once or none (so two tasks never wait for each other), and a task whose
 * keys overlap a running task's (the same key, or a folder and a key under it) waits until that task ends. The
 * check and the taking happen under one transaction-wide advisory lock, so two workers starting at the same moment
 * cannot both take overlapping keys. A lease of a task that is no longer running (finished, failed, lost and
 * marked so, or put back in its queue) is not in the way and is removed.
 */
export function createWriteLeases(db: Db) {
  return {
    /** Takes every key, or names the running task that holds an overlapping one (nothing is taken then). */
    async tryTake(taskId: string, objects: readonly { bucket: string; key: string }[]): Promise<LeaseHolder | null> {
      if (objects.length === 0) return null;
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${LEASE_LOCK})`.execute(trx);
        await trx
          .deleteFrom('task_write_leases')
          .where((eb) =>
            eb.or([
              eb('task_id', '=', taskId),
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('tasks')
                    .select('tasks.id')
                    .whereRef('tasks.id', '=', 'task_write_leases.task_id')
                    .where('tasks.status', 'in', RUNNING),
                ),
              ),
            ]),
          )
          .execute();
        for (const { bucket, key } of objects) {
          const holder = await trx
            .selectFrom('task_write_leases as l')
            .innerJoin('tasks as t', 't.id', 'l.task_id')
            .select(['l.task_id as taskId', 't.name as name', 'l.bucket as bucket', 'l.key as key'])
            .where('l.bucket', '=', bucket)
            .where((eb) =>
              eb.or([
                eb('l.key', '=', key),
                // A key of '' is the whole bucket.
                eb(sql<boolean>`(${key} = '' or l.key = '')`, '=', true),
                eb(sql<boolean>`starts_with(l.key, ${`${key}/`})`, '=', true),
                eb(sql<boolean>`starts_with(${key}, l.key || '/')`, '=', true),
              ]),
            )
            .executeTakeFirst();
          if (holder) return holder;
        }
        await trx
          .insertInto('task_write_leases')
          .values(objects.map(({ bucket, key }) => ({ task_id: taskId, bucket, key })))
          .execute();
        return null;
      });
    },

    /** Takes every key, waiting while a running task holds an overlapping one (`onWait` hears of each new holder). */
    async take(
      taskId: string,
      objects: readonly { bucket: string; key: string }[],
      onWait: (holder: LeaseHolder) => void,
    ): Promise<void> {
      let last: string | null = null;
      for (;;) {
        const holder = await this.tryTake(taskId, objects);
        if (!holder) return;
        if (holder.taskId !== last) onWait(holder);
        last = holder.taskId;
        await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
      }
    },

    async release(taskId: string): Promise<void> {
      await db.deleteFrom('task_write_leases').where('task_id', '=', taskId).execute();
    },
  };
}

export type WriteLeases = ReturnType<typeof createWriteLeases>;
