import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../db/index.js';
import type { Mailer } from '../mail/port.js';
import type { Metrics } from '../metrics.js';
import type { ObjectStore } from '../storage/port.js';
import { createInProcessQueue } from './inprocess.js';
import { watchLostTasks } from './lost-tasks.js';
import type { QueueTasks, TaskQueue } from './port.js';
import { createTaskStore } from './task-store.js';
import { createWorkerPresence } from './workers.js';

/**
 * BullMQ when REDIS_URL is set (its modules are loaded only then), otherwise the in-process runner; either runs
 * the tasks it is handed.
 */
export async function createTaskQueue(opts: {
  tasks: QueueTasks;
  config: Config;
  db: Db;
  storage: ObjectStore;
  mailer: Mailer;
  log: Logger;
  metrics?: Metrics;
}): Promise<TaskQueue> {
  const { config, tasks } = opts;
  const common = {
    store: createTaskStore(opts.db, (request) => tasks.labels(request, config)),
    tasks,
    deps: opts,
    concurrency: config.workerConcurrency,
  };
  const presence = (driver: 'inprocess' | 'bullmq') =>
    createWorkerPresence({ db: opts.db, tasks, driver, log: opts.log });
  let queue: TaskQueue;
  if (config.redisUrl) {
    const { createBullmqQueue } = await import('./bullmq.js');
    queue = await createBullmqQueue({
      ...common,
      presence: presence('bullmq'),
      redisUrl: config.redisUrl,
      prefix: config.queuePrefix,
    });
  } else {
    queue = createInProcessQueue({ ...common, presence: presence('inprocess') });
  }
  const stopWatch = watchLostTasks(common.store, opts.log, config.taskHeartbeatMs, {
    retryable: tasks.retryable(),
    requeue: (row) => queue.requeue(row),
    runningHere: () => tasks.runningHere(),
  });
  const close = queue.close.bind(queue);
  return Object.assign(queue, {
    close: async () => {
      stopWatch();
      await close();
    },
  });
}
