import { parseArgs } from 'node:util';
import { QUEUES, ZQueueName, type QueueName } from '@atlas/contracts';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { closeInfra, createInfra } from './infra/create.js';
import { migrate, openDatabase, SchemaTooNewError } from './infra/db/index.js';
import { createLogger, printBesideLogs } from './infra/log/logger.js';
import { serveWorkerMetrics } from './infra/metrics-server.js';
import { writeServerPid } from './ops/server-pid.js';
import { seedDemoLab } from './seed/demo-lab.js';
import { generateDemoRunData } from './seed/demo-run-data.js';
import { seedDemoRuns } from './seed/demo-runs.js';
import { firstAdminBox, seedFirstStart, type FirstStart } from './seed/first-start.js';
import { taskRegistry } from './tasks/index.js';

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
  const infra = await createInfra(config, log, { tasks: taskRegistry }).catch((error: unknown) => {
    if (!(error instanceof SchemaTooNewError)) throw error;
    log.fatal(error.message);
    process.exit(65);
  });
  // One process owns the embedded database: backup/restore check this file before they touch it.
  const removePid = infra.database.driver === 'pglite' ? writeServerPid(config.dataDir) : () => {};

  let closeApp = async () => {};
  let firstStart: FirstStart = { generated: null };
  let port = config.port;
  if (role !== 'worker') {
    firstStart = await seedFirstStart(infra);
    // Demo catalogue content (ATLAS_DEMO_DATA): the run records and downloadable files here (fast); their
    // thumbnails and web files in the background once the server listens (below).
    if (config.demoData) await seedDemoRuns(infra);
    if (config.demoData) await seedDemoLab(infra);
    const app = await buildApp(infra);
    await app.listen({ port: config.port, host: config.host });
    closeApp = () => app.close();
    const address = app.server.address();
    if (typeof address === 'object' && address) port = address.port;
    log.info({ port, ms: Date.now() - started }, `Atlas Portal is ready on http://localhost:${port}`);
  }
  if (role !== 'api') {
    if (role === 'worker' && infra.queue.driver === 'inprocess') {
      log.warn('worker role without REDIS_URL: the in-process queue only runs tasks posted by this process');
    }
    await infra.queue.startWorkers(queues);
    log.info({ queues, driver: infra.queue.driver }, 'task workers started');
    if (role === 'worker' && config.metricsPort && config.metricsToken) {
      const server = await serveWorkerMetrics(infra.metrics.registry, {
        port: config.metricsPort,
        host: config.host,
        token: config.metricsToken,
      });
      const previous = closeApp;
      closeApp = async () => {
        server.close();
        await previous();
      };
      log.info({ port: config.metricsPort }, 'worker metrics on /metrics');
    }
  }
  if (firstStart.generated) {
    // Last of the start-up lines, so that they do not push it off the screen; one log line says where it is, for
    // whoever reads the JSON log with a tool that skips plain lines.
    log.warn(
      { username: config.admin.username },
      'first admin account: its generated password is printed once, in the box below; lost, reset it with ' +
        '`npm run admin -- reset-password`',
    );
    printBesideLogs(log, firstAdminBox(config, port, firstStart.generated));
  }
  if (role !== 'worker' && config.demoData) {
    // Synthetic inputs, thumbnails and webfile.create_files tasks of the demo runs: never blocks `listen`, and
    // generateDemoRunData logs its own errors.
    void generateDemoRunData(infra);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    await closeApp();
    await closeInfra(infra);
    removePid();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** Applies pending migrations under the advisory lock and exits: 0 done, 65 the database is newer than this code. */
async function migrateOnly(config: Config, log: Awaited<ReturnType<typeof createLogger>>): Promise<never> {
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
