import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.js';
import { serveWorkerMetrics } from './metrics-server.js';

describe('worker metrics listener', () => {
  const metrics = createMetrics();
  const token = 'worker-scrape-token-0123456789';
  const started = serveWorkerMetrics(metrics.registry, { port: 0, host: '127.0.0.1', token });
  afterAll(async () => (await started).close());

  it('answers GET /metrics to the bearer token only, with the task durations counted in this process', async () => {
    metrics.taskDuration.observe({ task: 'webfile.create_files', queue: 'atxcloud_webfile', outcome: 'success' }, 2.5);
    const { port } = (await started).address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const reply = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    expect(reply.status).toBe(200);
    expect(await reply.text()).toContain(
      'atlas_task_duration_seconds_sum{task="webfile.create_files",queue="atxcloud_webfile",outcome="success"} 2.5',
    );
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
  });
});
