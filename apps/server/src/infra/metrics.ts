import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql } from 'kysely';
import type { DatabaseHandle } from './db/index.js';
import type { ObjectStore } from './storage/port.js';
import { GONE_AFTER_MS } from './queue/workers.js';

/**
 * The Prometheus metrics of this process (GET /metrics). One registry per Infra rather than prom-client's global
 * one, so that tests building several apps in one process each count their own.
 */
export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  taskDuration: Histogram<'task' | 'queue' | 'outcome'>;
  storageErrors: Counter<'operation' | 'driver'>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  // process_cpu_*, process_resident_memory_bytes, nodejs_heap_*, nodejs_eventloop_lag_* and friends.
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'atlas_http_request_duration_seconds',
      help: 'HTTP requests by route pattern and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    taskDuration: new Histogram({
      name: 'atlas_task_duration_seconds',
      help: 'Task runs by task name and outcome (success or failure), measured by the worker that ran them',
      labelNames: ['task', 'queue', 'outcome'],
      buckets: [0.05, 0.1, 0.5, 1, 5, 15, 30, 60, 300, 900, 3600],
      registers: [registry],
    }),
    storageErrors: new Counter({
      name: 'atlas_storage_errors_total',
      help: 'Object store calls that failed for a reason other than a missing object or a bad key',
      labelNames: ['operation', 'driver'],
      registers: [registry],
    }),
  };
}

/** Errors that are answers, not faults: a missing object, a range past the end, a refused key or size. */
const EXPECTED_ERRORS = new Set([
  'ObjectNotFoundError',
  'RangeNotSatisfiableError',
  'InvalidKeyError',
  'ObjectTooLargeError',
]);

/** The store with every failing call counted (the backend unreachable, a disk full, a permission refused). */
export function countStorageErrors(store: ObjectStore, metrics: Metrics): ObjectStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function' || property === 'close') return value;
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (result instanceof Promise) {
          return result.catch((error: unknown) => {
            if (!(error instanceof Error) || !EXPECTED_ERRORS.has(error.constructor.name))
              metrics.storageErrors.inc({ operation: String(property), driver: target.driver });
            throw error;
          });
        }
        return result;
      };
    },
  });
}

/** Gauges read when scraped: queue depth per queue and state, live workers per queue, and database pool use. */
export function watchInfra(metrics: Metrics, database: DatabaseHandle, queues: readonly string[]): void {
  const { registry } = metrics;
  new Gauge({
    name: 'atlas_queue_tasks',
    help: 'Tasks per queue: waiting (PENDING) and active (STARTED or PROGRESS)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      const rows = await database.db
        .selectFrom('tasks')
        .select(['queue', 'status', sql<number>`count(*)::int`.as('n')])
        .where('status', 'in', ['PENDING', 'STARTED', 'PROGRESS'])
        .groupBy(['queue', 'status'])
        .execute();
      this.reset();
      for (const queue of queues) {
        const of = (states: string[]) =>
          rows.filter((r) => r.queue === queue && states.includes(r.status)).reduce((sum, r) => sum + r.n, 0);
        this.set({ queue, state: 'waiting' }, of(['PENDING']));
        this.set({ queue, state: 'active' }, of(['STARTED', 'PROGRESS']));
      }
    },
  });
  new Gauge({
    name: 'atlas_queue_workers',
    help: 'Live worker processes consuming each queue (any machine; the task_workers table)',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const rows = await database.db
        .selectFrom('task_workers')
        .select('queues')
        .where('seen_at', '>', sql<Date>`now() - make_interval(secs => ${GONE_AFTER_MS / 1000})`)
        .execute();
      this.reset();
      for (const queue of queues) this.set({ queue }, rows.filter((r) => r.queues.includes(queue)).length);
    },
  });
  new Gauge({
    name: 'atlas_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients, max); absent on PGlite',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = database.pool?.();
      this.reset();
      if (!pool) return;
      for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
    },
  });
}
