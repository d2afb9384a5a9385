import type { Logger } from 'pino';
import type { QueueName } from '@atlas/contracts';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { closeInfra, createInfra } from './infra/create.js';
import { SchemaTooNewError } from './infra/db/index.js';
import { printBesideLogs } from './infra/log/logger.js';
import { serveWorkerMetrics } from './infra/metrics-server.js';
import { writeServerPid } from './ops/server-pid.js';
import { seedDemoLab } from './seed/demo-lab.js';
import { generateDemoRunData } from './seed/demo-run-data.js';
import { seedDemoRuns } from './seed/demo-runs.js';
import { firstAdminBox, seedFirstStart, type FirstStart } from './seed/first-start.js';
import { taskRegistry } from './tasks/index.js';

export interface ServeOptions {
  config: Config;
  log: Logger;
  role: 'all' | 'api' | 'worker';
  queues: QueueName[];
  /** When the process started (ms since the epoch): the ready line says how long the start took. */
  started: number;
}

/**
 * Starts a role of the one binary (main.ts): `all` (API + in-process workers), `api`, or `worker` on `queues`;
 * seeds the first start (and the demo content when configured), listens, and shuts down on SIGINT/SIGTERM.
 */
export async function serve({ config, log, role, queues, started }: ServeOptions): Promise<void> {
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
