import type { FastifyInstance } from 'fastify';
import { appCalls } from '@atlas/contracts';
import { route } from '../../http/route.js';
import type { Infra } from '../../infra/index.js';
import { APP_NAME, APP_VERSION } from '../../version.js';
import { watchReadiness } from './readiness.js';

export function registerAppRoutes(app: FastifyInstance, infra: Infra): void {
  const readiness = watchReadiness(infra);
  app.addHook('onClose', async () => readiness.stop());
  route(app, appCalls.appInfo, async ({ reply }) => {
    const ready = await readiness.current();
    if (!ready.database || !ready.queue || !ready.storage) reply.code(503);
    return {
      name: APP_NAME,
      version: APP_VERSION,
      environment: infra.config.environment,
      drivers: {
        database: infra.database.driver,
        storage: infra.storage.driver,
        queue: infra.queue.driver,
        mail: infra.mailer.driver,
      },
      ready,
      oidc: infra.config.oidc ? { name: infra.config.oidc.name } : null,
    };
  });
}
