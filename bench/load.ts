import http from 'node:http';
import https from 'node:https';

export interface LoadFigure {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 200, and requests that failed or timed out. */
  errors: number;
  /** Requests that got no complete answer within `timeoutMs` (counted in `errors` too). */
  timeouts: number;
}

/**
 * Closed-loop HTTP(S) load on loopback: `connections` keep-alive clients for `seconds`. Returns req/s and latency p50/p99.
 * A request with `body` is a POST of that JSON. A request without an answer after `timeoutMs` (10 s, autocannon's
 * default) is abandoned and counted as a timeout.
 */
export async function loadTest(
  url: string,
  options: {
    connections: number;
    seconds: number;
    headers?: Record<string, string>;
    body?: unknown;
    timeoutMs?: number;
    /** The certificate an https `url` is trusted with (the deployment rig's, made for the run). */
    ca?: Buffer;
  },
): Promise<LoadFigure> {
  const tls = url.startsWith('https:');
  const agent = tls
    ? new https.Agent({ keepAlive: true, maxSockets: options.connections, ca: options.ca })
    : new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const client = tls ? https : http;
  const latencies: number[] = [];
  let errors = 0;
  let timeouts = 0;
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const headers = {
    ...options.headers,
    ...(payload && { 'content-type': 'application/json', 'content-length': String(payload.length) }),
  };
  const deadline = Date.now() + options.seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const request = client.request(url, { agent, headers, method: payload ? 'POST' : 'GET' }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200) errors++;
          latencies.push(performance.now() - started);
          resolve();
        });
      });
      request.setTimeout(options.timeoutMs ?? 10_000, () => {
        timeouts++;
        request.destroy(new Error('timeout'));
      });
      request.on('error', () => {
        errors++;
        resolve();
      });
      request.end(payload);
    });
  const started = Date.now();
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (Date.now() < deadline) await one();
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requestsPerSecond: latencies.length / elapsed, p50Ms: at(0.5), p99Ms: at(0.99), errors, timeouts };
}
