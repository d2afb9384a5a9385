import type { Job, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { QueueName } from '@atlas/contracts';
import type { TaskRow } from '../db/tables.js';
import { settlesWithin, type QueueTasks, type TaskDeps, type TaskQueue } from './port.js';
import type { TaskStore } from './task-store.js';
import type { WorkerPresence } from './workers.js';

const INTERRUPTED_WORKER = 'Interrupted: the worker stopped while this task was running';

export interface BullmqQueueOptions {
  redisUrl: string;
  /** Namespaces every Redis key of these queues (config.queuePrefix). */
  prefix: string;
  store: TaskStore;
  tasks: QueueTasks;
  deps: TaskDeps;
  /** Jobs a worker runs at once, per queue. */
  concurrency: number;
  /** How long `close` waits for running tasks before giving up on them. */
  closeTimeoutMs?: number;
  /** This process in the worker status table. */
  presence: WorkerPresence;
}

/** A job carries only the task id: arguments, state and result live in the task row. */
interface JobData {
  taskId: string;
  /** The row's `attempts` when queued (absent on jobs queued before retries existed). */
  attempt?: number;
}

/**
 * Scale-out driver: one BullMQ queue per queue name on Redis, consumed by workers in any process that calls
 * startWorkers (`--role worker --queues …`). Job id = task id, so adding a task twice is a no-op. The row stays
 * the source of truth: a worker loads it and runs it through tasks.run like the in-process driver.
 */
export async function createBullmqQueue(options: BullmqQueueOptions): Promise<TaskQueue> {
  const { redisUrl, prefix, store, tasks, deps, concurrency, presence } = options;
  const closeTimeoutMs = options.closeTimeoutMs ?? 10_000;
  // Loaded here, not at the top, so the default (in-process) profile never loads them.
  const [{ Queue, Worker }, { Redis }] = await Promise.all([import('bullmq'), import('ioredis')]);
  const log = deps.log.child({ queueDriver: 'bullmq' });

  const connect = (maxRetriesPerRequest: number | null): Redis => {
    const connection = new Redis(redisUrl, { maxRetriesPerRequest });
    connection.on('error', (error) => log.warn({ err: error }, 'redis connection error'));
    return connection;
  };
  // Posting fails after a few retries rather than hanging a request while Redis is down; workers wait forever
  // (BullMQ's blocking commands require maxRetriesPerRequest: null).
  const producer = connect(3);
  try {
    await producer.ping();
  } catch (error) {
    producer.disconnect();
    throw new Error(`Cannot reach Redis at REDIS_URL: ${(error as Error).message}`, { cause: error });
  }
  let consumer: Redis | undefined;

  const queues = new Map<string, Queue<JobData>>();
  const workers = new Map<string, Worker<JobData>>();
  let closed = false;

  const queueFor = (name: string): Queue<JobData> => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue<JobData>(name, {
        connection: producer,
        prefix,
        // Redis only moves work; the record is the row. Failed jobs are kept a while for inspection.
        defaultJobOptions: { removeOnComplete: true, removeOnFail: 1000 },
      });
      queue.on('error', (error) => log.warn({ err: error, queue: name }, 'bullmq queue error'));
      queues.set(name, queue);
    }
    return queue;
  };

  // A retried task is a new job (a job id is used once); its attempt number tells a stale redelivery apart.
  const enqueue = (row: Pick<TaskRow, 'id' | 'name' | 'queue'> & { attempts?: number }) => {
    const attempt = row.attempts ?? 0;
    return queueFor(row.queue).add(
      row.name,
      { taskId: row.id, attempt },
      { jobId: attempt ? `${row.id}-retry${attempt}` : row.id },
    );
  };

  const processJob = async (job: Job<JobData>): Promise<void> => {
    const row = await store.getRow(job.data.taskId);
    if (!row) return;
    // A job of an earlier attempt, handed out again after the task was queued once more: the new job runs it.
    if ((job.data.attempt ?? 0) !== row.attempts) return;
    presence.received(row.name);
    if (row.status === 'STARTED' || row.status === 'PROGRESS') {
      // BullMQ hands a job out again only when the worker holding it stopped renewing its lock: it died mid-task.
      const [again] = await store.retryRunning({ ids: [row.id] }, tasks.retryable());
      if (again) await enqueue(again);
      else await store.markFailure(row.id, INTERRUPTED_WORKER);
      return;
    }
    // The job's progress only mirrors the row's; a Redis hiccup there must not fail the task.
    const mirror = (percent: number) =>
      job.updateProgress(percent).catch((error: unknown) => log.warn({ err: error }, 'could not mirror progress'));
    await tasks.run(row, deps, store, mirror);
  };

  const startWorker = (name: string): Worker<JobData> => {
    consumer ??= connect(null);
    const worker = new Worker<JobData>(name, processJob, { connection: consumer, prefix, concurrency });
    worker.on('error', (error) => log.warn({ err: error, queue: name }, 'bullmq worker error'));
    // tasks.run records handler errors itself; this catches what it cannot (the store failing, a job stalled too often).
    worker.on('failed', (job, error) => {
      if (!job) return;
      log.error({ err: error, taskId: job.data.taskId }, 'bullmq job failed');
      store
        .markFailure(job.data.taskId, error.message)
        .catch((e: unknown) => log.error({ err: e }, 'could not record a failed job'));
    });
    return worker;
  };

  return {
    driver: 'bullmq',

    async ping() {
      await producer.ping();
    },

    async post(request) {
      if (closed) throw new Error('The task queue is closed');
      const state = await store.insert(request);
      try {
        await enqueue({ id: state._id, name: state.task, queue: state.queue });
      } catch (error) {
        await store.markFailure(state._id, `Could not queue the task: ${(error as Error).message}`);
        throw error;
      }
      return state;
    },

    async requeue(row) {
      await enqueue(row);
    },

    get: (id) => store.get(id),
    list: (limit) => store.list(limit),
    workers: () => presence.list(),

    async startWorkers(queueNames: readonly QueueName[]) {
      const fresh = [...new Set(queueNames)].filter((q) => !workers.has(q));
      for (const name of fresh) workers.set(name, startWorker(name));
      await presence.start(fresh);
      // Redis may have lost jobs the rows still call PENDING (a restart without persistence); re-adding an id
      // whose job exists is a no-op.
      for (const row of await store.listPending(fresh)) await enqueue(row);
    },

    async close() {
      closed = true;
      const closing = Promise.all([...workers.values()].map((w) => w.close()));
      if (!(await settlesWithin(closing, closeTimeoutMs))) {
        log.warn(
          'closing with tasks still running: when their locks expire they are re-delivered and marked interrupted',
        );
      }
      await presence.stop();
      await Promise.all([...queues.values()].map((q) => q.close()));
      await Promise.all([producer, consumer].map((c) => c?.quit().catch(() => c.disconnect())));
    },
  };
}
