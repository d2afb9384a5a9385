import type { Logger } from 'pino';
import { QUEUES } from '@atlas/contracts';
import type { Config } from '../config.js';
import { migrate, openDatabase, type DatabaseHandle } from './db/index.js';
import type { Infra } from './index.js';
import { createLimitStore } from './limits/index.js';
import { createMailer } from './mail/index.js';
import { countStorageErrors, createMetrics, watchInfra } from './metrics.js';
import { createTaskQueue } from './queue/index.js';
import type { QueueTasks } from './queue/port.js';
import { createObjectStore } from './storage/index.js';
import { startTempSweeper, tempFolders } from './temp-files.js';

/**
 * Opens every port with the driver the config selects, and applies pending migrations. The queue runs the `tasks`
 * it is handed (the task layer's registry): infra is the bottom layer and never imports what runs on it.
 */
export async function createInfra(
  config: Config,
  log: Logger,
  { tasks, opened }: { tasks: QueueTasks; opened?: DatabaseHandle },
): Promise<Infra> {
  const database = opened ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const applied = await migrate(database.db);
  if (applied.length) log.info({ applied }, 'database migrations applied');
  const metrics = createMetrics();
  const storage = countStorageErrors(await createObjectStore(config), metrics);
  for (const bucket of config.buckets) await storage.ensureBucket(bucket);
  const mailer = await createMailer(config, log);
  const limits = await createLimitStore(config, log);
  const queue = await createTaskQueue({ tasks, config, db: database.db, storage, mailer, log, metrics });
  watchInfra(metrics, database, QUEUES);
  const sweeper = startTempSweeper(tempFolders(config), log);
  await sweeper.ready;
  return { config, log, database, db: database.db, storage, queue, mailer, limits, metrics, stopSweeper: sweeper.stop };
}

export async function closeInfra(infra: Infra): Promise<void> {
  infra.stopSweeper?.();
  await infra.queue.close();
  await infra.mailer.close();
  await infra.limits.close();
  await infra.storage.close();
  await infra.database.close();
}
