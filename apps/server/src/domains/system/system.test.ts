import { describe, expect, it } from 'vitest';
import { QUEUES, type TSystemStatus, type TTaskState } from '@atlas/contracts';
import { useTestApp } from '../../../test/harness.js';
import { createTaskStore } from '../../infra/queue/task-store.js';

const METRICS_TOKEN = 'scrape-me-0123456789abcdefghij';
const t = useTestApp({ env: { ATLAS_METRICS_TOKEN: METRICS_TOKEN }, workers: QUEUES });

const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one sample line of the text format, e.g. `atlas_task_duration_seconds_count{…} 1`. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  it('is refused without the admin token or the configured bearer token', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer not-the-token-at-all-0123456789')).statusCode).toBe(401);
  });

  it('shows a task duration and outcome after it ran, the request that posted it, queue gauges and process metrics', async () => {
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/task',
      headers: { authorization: `JWT ${t.admin}`, 'x-request-id': 'ops-test-request-1' },
      payload: { task: 'core.task_list', queue: 'atxcloud_core', kwargs: { queue: '' } },
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.headers['x-request-id']).toBe('ops-test-request-1');
    const task = posted.json<TTaskState>();
    expect((await t.settle(task._id)).status).toBe('SUCCESS');
    // The task row names the request that posted it (its log lines carry the same reqId).
    const row = await createTaskStore(t.infra.db).getRow(task._id);
    expect(row?.request_id).toBe('ops-test-request-1');

    const reply = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/plain');
    const text = reply.body;
    const labels = { task: 'core.task_list', queue: 'atxcloud_core', outcome: 'success' };
    expect(sample(text, 'atlas_task_duration_seconds_count', labels)).toBe(1);
    expect(sample(text, 'atlas_task_duration_seconds_sum', labels)).toBeGreaterThan(0);
    expect(
      sample(text, 'atlas_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/v1/task',
        status_code: '200',
      }),
    ).toBe(1);
    expect(sample(text, 'atlas_queue_tasks', { queue: 'atxcloud_core', state: 'waiting' })).toBe(0);
    expect(sample(text, 'atlas_queue_workers', { queue: 'atxcloud_core' })).toBe(1);
    expect(text).toContain('atlas_storage_errors_total');
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+/m);

    // An admin's own token works too.
    expect((await scrape(`JWT ${t.admin}`)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/admin/system', () => {
  it('reports schema version, queue counts, workers, the latest failed tasks, storage and demo status', async () => {
    const store = createTaskStore(t.infra.db);
    const failing = await store.insert({
      task: 'gene.compute_qc',
      queue: 'atxcloud_gene',
      args: [],
      kwargs: {},
      requestedBy: 'admin',
    });
    await store.markFailure(failing._id, 'No such run: D12345');
    await t.infra.storage.put('atx-images', 'frontpage/system-test.png', Buffer.alloc(1234));

    const reply = await t.api<TSystemStatus>('GET', '/api/v1/admin/system', { token: t.admin });
    expect(reply.status).toBe(200);
    const status = reply.body;
    expect(status.schema.version).toBe(status.schema.latest);
    expect(Number(status.schema.latest)).toBeGreaterThanOrEqual(15);
    expect(status.queues.map((q) => q.queue)).toEqual([...QUEUES]);
    expect(status.queues.find((q) => q.queue === 'atxcloud_gene')?.failed).toBe(1);
    expect(status.workers).toHaveLength(1);
    expect(status.workers[0]!.queues).toEqual([...QUEUES].sort());
    expect(status.failed[0]).toMatchObject({ _id: failing._id, error: 'No such run: D12345', task: 'gene.compute_qc' });
    expect(status.storage.buckets.find((b) => b.bucket === 'atx-images')).toMatchObject({ objects: 1, bytes: 1234 });
    expect(status.database.bytes).toBeGreaterThan(0);
    expect(status.demo).toMatchObject({ enabled: false, seeded: false, present: 0 });
  });

  it('is for admins only', async () => {
    expect((await t.api('GET', '/api/v1/admin/system')).status).toBe(401);
  });
});
