import http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { Registry } from 'prom-client';

/**
 * A worker process (`--role worker`) serves no API, yet the durations of the tasks it runs are counted in it: with
 * ATLAS_METRICS_PORT it answers GET /metrics on that port, to the bearer ATLAS_METRICS_TOKEN only.
 */
export function serveWorkerMetrics(
  registry: Registry,
  options: { port: number; host: string; token: string },
): Promise<http.Server> {
  const expected = Buffer.from(`Bearer ${options.token}`);
  const server = http.createServer((request, response) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      response.writeHead(401, { 'content-type': 'text/plain' }).end('Bearer ATLAS_METRICS_TOKEN required\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve(server));
  });
}
