import { sql } from 'kysely';
import { QUEUES, SYSTEM_FAILED_TASKS, type TSystemStatus } from '@atlas/contracts';
import { appliedMigrations, knownMigrations, schemaVersionOf } from '../../infra/db/index.js';
import type { Infra } from '../../infra/index.js';
import { demoStatus } from '../../seed/demo-status.js';
import { APP_VERSION } from '../../version.js';

/** Walking every bucket costs a listing of every object: the System tab's 5-second refresh reuses it this long. */
const STORAGE_CACHE_MS = 60_000;

type StorageUse = TSystemStatus['storage'];

export function createSystemService(infra: Infra) {
  let storageUse: { at: number; value: Promise<StorageUse> } | undefined;
  const started = Date.now();

  /** Objects and bytes per configured bucket, measured through the store (the same for the fs and S3 drivers). */
  const measureStorage = async (): Promise<StorageUse> => {
    const buckets = [];
    for (const bucket of infra.config.buckets) {
      const { objects } = await infra.storage.list(bucket);
      buckets.push({ bucket, objects: objects.length, bytes: objects.reduce((sum, o) => sum + o.size, 0) });
    }
    return { measured_at: new Date().toISOString(), buckets };
  };

  const storage = (): Promise<StorageUse> => {
    if (!storageUse || Date.now() - storageUse.at > STORAGE_CACHE_MS) {
      const value = measureStorage();
      storageUse = { at: Date.now(), value };
      value.catch(() => (storageUse = undefined));
    }
    return storageUse.value;
  };

  const queueCounts = async () => {
    const rows = await infra.db
      .selectFrom('tasks')
      .select(['queue', 'status', sql<number>`count(*)::int`.as('n')])
      .groupBy(['queue', 'status'])
      .execute();
    const count = (queue: string, states: string[]) =>
      rows.filter((r) => r.queue === queue && states.includes(r.status)).reduce((sum, r) => sum + r.n, 0);
    return QUEUES.map((queue) => ({
      queue,
      waiting: count(queue, ['PENDING']),
      active: count(queue, ['STARTED', 'PROGRESS']),
      failed: count(queue, ['FAILURE']),
    }));
  };

  /** One row per live worker process (the task table's rows are per worker and task name). */
  const workers = async () => {
    const byWorker = new Map<string, TSystemStatus['workers'][number]>();
    for (const row of await infra.queue.workers()) {
      const seen = byWorker.get(row.worker);
      if (seen) seen.requested += row.requested;
      else
        byWorker.set(row.worker, {
          worker: row.worker,
          driver: row.driver,
          queues: row.queues,
          requested: row.requested,
          seen_at: row.seen_at,
        });
    }
    return [...byWorker.values()];
  };

  const failed = async () => {
    const rows = await infra.db
      .selectFrom('tasks')
      .select(['id', 'name', 'queue', 'error', 'requested_by', 'request_id', 'updated_at'])
      .where('status', '=', 'FAILURE')
      .orderBy('updated_at', 'desc')
      .limit(SYSTEM_FAILED_TASKS)
      .execute();
    return rows.map((r) => ({
      _id: r.id,
      task: r.name,
      queue: r.queue,
      error: r.error,
      requested_by: r.requested_by,
      request_id: r.request_id,
      failed_at: new Date(r.updated_at).toISOString(),
    }));
  };

  const databaseBytes = async (): Promise<number | null> => {
    try {
      const { rows } = await sql<{
        bytes: number;
      }>`select pg_database_size(current_database())::float8 as bytes`.execute(infra.db);
      return rows[0]?.bytes ?? null;
    } catch {
      // A managed PostgreSQL may refuse the size function to a non-owner: the tab shows "unknown".
      return null;
    }
  };

  return {
    async status(): Promise<TSystemStatus> {
      const [applied, known] = [await appliedMigrations(infra.db), await knownMigrations()];
      return {
        version: APP_VERSION,
        schema: { version: schemaVersionOf(applied), latest: schemaVersionOf(known), applied: applied.length },
        environment: infra.config.environment,
        drivers: {
          database: infra.database.driver,
          storage: infra.storage.driver,
          queue: infra.queue.driver,
          mail: infra.mailer.driver,
        },
        uptime_seconds: Math.round((Date.now() - started) / 1000),
        queues: await queueCounts(),
        workers: await workers(),
        failed: await failed(),
        storage: await storage(),
        database: { driver: infra.database.driver, bytes: await databaseBytes() },
        demo: await demoStatus(infra),
      };
    },
  };
}
