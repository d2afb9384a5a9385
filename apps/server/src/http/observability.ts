import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { enterRequest, REQUEST_ID } from '../infra/log/request-context.js';
import type { Metrics } from '../infra/metrics.js';

/** Fastify's `genReqId`: a proxy's X-Request-Id when it is plain and short, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Every request: its id in the reply (`X-Request-Id`, to quote in a bug report) and in the asynchronous context
 * (so services' log lines and the tasks it posts carry it), and its duration in the HTTP histogram, labelled by
 * the route pattern (`/api/v1/task/:id`), never the raw URL, so the series stay few.
 */
export function installObservability(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onRequest', async (request, reply) => {
    enterRequest(request.id);
    void reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
