import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { GROUP_ADMIN, systemCalls } from '@atlas/contracts';
import { callRoute, route } from '../../http/route.js';
import type { Infra } from '../../infra/index.js';
import { createSystemService } from './service.js';

/** The identity a scraper holding ATLAS_METRICS_TOKEN gets, on GET /metrics only. */
const SCRAPER = { kind: 'user', username: 'metrics-scraper', groups: [GROUP_ADMIN] } as const;

export function registerSystemRoutes(app: FastifyInstance, infra: Infra): void {
  const system = createSystemService(infra);
  route(app, systemCalls.systemStatus, () => system.status());

  const token = infra.config.metricsToken;
  if (token) {
    const expected = Buffer.from(`Bearer ${token}`);
    // Runs after the identity hook (registered first in app.ts), which rejects this token as a JWT: on /metrics
    // alone, the configured token stands for an admin, so Prometheus needs no account.
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.url !== systemCalls.metrics.path) return;
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length === expected.length && timingSafeEqual(given, expected)) {
        request.identity = { ...SCRAPER, groups: [...SCRAPER.groups] };
        request.tokenRejected = false;
      }
    });
  }

  callRoute(app, systemCalls.metrics, async (_request, reply) => {
    const text = await infra.metrics.registry.metrics();
    return reply.header('content-type', infra.metrics.registry.contentType).send(text);
  });
}
