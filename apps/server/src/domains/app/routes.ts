import type { FastifyInstance } from 'fastify';
import { appCalls } from '@atlas/contracts';
import { route } from '../../http/route.js';
import type { Infra } from '../../infra/index.js';
import { APP_NAME, APP_VERSION } from '../../version.js';

export function registerAppRoutes(app: FastifyInstance, infra: Infra): void {
  route(app, appCalls.appInfo, async () => ({
    name: APP_NAME,
    version: APP_VERSION,
    environment: infra.config.environment,
    drivers: {
      database: infra.database.driver,
      storage: infra.storage.driver,
      queue: infra.queue.driver,
      mail: infra.mailer.driver,
    },
  }));
}
