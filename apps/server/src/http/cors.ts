import type { FastifyInstance } from 'fastify';
import { MSG } from '@atlas/contracts';
import { errorBody } from './errors.js';

const METHODS = 'GET, POST, PUT, PATCH, DELETE';
/** The request headers a page elsewhere sends: the original client's token and JSON bodies (axios). */
const HEADERS = 'Authorization, Content-Type, Accept, X-Requested-With';
const PREFLIGHT_MAX_AGE_S = 600;

/**
 * CORS for a web client served from another origin (issue 37: the original AtlasXomics client): only the origins
 * of ATLAS_CORS_ORIGINS (none by default) get `Access-Control-Allow-Origin`; a preflight from any other origin is
 * refused (403) so the browser never sends the call. No credentials are allowed: the clients send their token in
 * `Authorization`, never a cookie. Same-origin requests carry no `Origin` to judge and pass untouched.
 */
export function installCors(app: FastifyInstance, origins: readonly string[]): void {
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (typeof origin !== 'string') return;
    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    if (!allowed.has(origin)) {
      if (preflight) return reply.status(403).send(errorBody(403, MSG.corsOriginRefused(origin)));
      return;
    }
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    reply.header('access-control-expose-headers', 'X-Request-Id, Content-Disposition, ETag');
    if (preflight) {
      reply.header('access-control-allow-methods', METHODS);
      reply.header('access-control-allow-headers', HEADERS);
      reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S));
      return reply.status(204).send();
    }
  });
}
