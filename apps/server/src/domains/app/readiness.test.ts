import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { S3RVER_ENV, startS3rver } from '../../../test/s3rver.js';
import { READINESS_INTERVAL_MS, probeReadiness } from './readiness.js';

/**
 * GET /api/v1/app is the health check of the deployment files (issue 36): it says whether this process reaches its
 * database, queue and object store, and answers 503 when one is down. Here the object store is a real S3 server
 * (s3rver) that is stopped under the running app.
 */
describe('readiness in GET /api/v1/app', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let s3Running = false;
  beforeAll(async () => {
    s3 = await startS3rver();
    s3Running = true;
  });
  afterAll(async () => {
    if (s3Running) await s3.close();
  });
  const t = useTestApp({ env: () => S3RVER_ENV(s3.endpoint) });

  const appInfo = () => t.app.inject({ method: 'GET', url: '/api/v1/app' });

  it('answers 200 with every part ready', async () => {
    const reply = await appInfo();
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      drivers: { storage: 's3' },
      ready: { database: true, queue: true, storage: true },
    });
  });

  it('answers 503 naming the part once the object store is gone, within one probe interval', async () => {
    await s3.close();
    s3Running = false;
    expect(await probeReadiness(t.infra)).toEqual({ database: true, queue: true, storage: false });
    await expect
      .poll(async () => (await appInfo()).statusCode, { timeout: 2 * READINESS_INTERVAL_MS + 5_000, interval: 250 })
      .toBe(503);
    expect((await appInfo()).json().ready).toEqual({ database: true, queue: true, storage: false });
  }, 30_000);
});
