import { parseArgs } from 'node:util';
import type { Logger } from 'pino';
import { QUEUES, ZQueueName, type QueueName } from '@atlas/contracts';
import { ConfigError, loadConfig, type Config } from './config.js';
import { migrate, openDatabase, SchemaTooNewError } from './infra/db/index.js';
import { createLogger } from './infra/log/logger.js';

/**
 * One binary, three roles: `all` (API + in-process workers, the default), `api`, and `worker --queues a,b`;
 * `--migrate-only` applies pending migrations and exits (deploy scripts run it before starting new processes).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      role: { type: 'string', default: 'all' },
      queues: { type: 'string', default: QUEUES.join(',') },
      'migrate-only': { type: 'boolean', default: false },
    },
  });
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const role = values.role;
  if (role !== 'all' && role !== 'api' && role !== 'worker') {
    console.error(`Unknown --role '${role}': use all, api or worker`);
    process.exit(64);
  }
  const queues = parseQueues(values.queues!);
  const log = await createLogger(config, { role: values['migrate-only'] ? 'migrate' : role });
  const started = Date.now();
  if (values['migrate-only']) return migrateOnly(config, log);
  // The roles' modules (the app, its tasks, the seeds) load only here: a deploy's migrate step needs none of them.
  const { serve } = await import('./serve.js');
  await serve({ config, log, role, queues, started });
}

/** Applies pending migrations under the advisory lock and exits: 0 done, 65 the database is newer than this code. */
async function migrateOnly(config: Config, log: Logger): Promise<never> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrate(database.db);
    log.info({ applied }, applied.length ? 'database migrations applied' : 'database schema is up to date');
    await database.close();
    process.exit(0);
  } catch (error) {
    await database.close();
    if (!(error instanceof SchemaTooNewError)) throw error;
    log.fatal(error.message);
    process.exit(65);
  }
}

function parseQueues(text: string): QueueName[] {
  return text.split(',').map((q) => {
    const parsed = ZQueueName.safeParse(q.trim());
    if (!parsed.success) {
      console.error(`Unknown queue '${q}': use ${QUEUES.join(', ')}`);
      process.exit(64);
    }
    return parsed.data;
  });
}

await main();
