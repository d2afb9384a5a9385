import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { frontpageKey } from '@atlas/contracts';
import { useTestApp } from '../../../test/harness.js';
import { buildUser, buildVisitor } from '../../../test/factories.js';
import { seedDemoRuns } from '../../seed/demo-runs.js';
import { FRONTPAGE_MSG } from './routes.js';
import { dataBucket } from '../../config.js';

/** Save Display → FrontPage: an admin PUTs a PNG, the server re-encodes it ≤ 200×200 into frontpage/{run}.png. */
const t = useTestApp();
let user: string;
let publicToken: string;

beforeAll(async () => {
  await seedDemoRuns(t.infra);
  user = await buildUser(t, 'fp-user', ['user', 'neuro-lab']);
  publicToken = await buildVisitor(t);
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
    .png()
    .toBuffer();

const put = (runId: string, body: Buffer, token?: string, contentType = 'image/png') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/run_db/frontpage/${runId}`,
    payload: body,
    headers: { 'content-type': contentType, ...(token ? { authorization: `JWT ${token}` } : {}) },
  });

describe('PUT /api/v1/run_db/frontpage/:run_id', () => {
  it('stores a re-encoded thumbnail that fits 200×200 and the thumbnail route serves it', async () => {
    const reply = await put('D90001', await png(800, 400), t.admin);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ run_id: 'D90001', key: frontpageKey('D90001'), width: 200, height: 100 });
    const stored = await t.infra.storage.get(dataBucket(t.infra.config), frontpageKey('D90001'));
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body as AsyncIterable<Buffer>) chunks.push(chunk);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 200, 100]);
    const served = await t.app.inject({ method: 'GET', url: '/api/v1/run_db/frontpage/D90001.png' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('keeps small images at their size', async () => {
    const reply = await put('D90001', await png(120, 90), t.admin);
    expect(reply.json()).toMatchObject({ width: 120, height: 90 });
  });

  it('checks the magic bytes, not the content type', async () => {
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const reply = await put('D90001', jpeg, t.admin);
    expect(reply.statusCode).toBe(422);
    expect(reply.json().msg).toBe(FRONTPAGE_MSG.notPng);
    const lying = await put('D90001', Buffer.from('not a png at all'), t.admin, 'image/png');
    expect(lying.statusCode).toBe(422);
    // A PNG signature followed by garbage is caught by the decoder.
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    expect((await put('D90001', broken, t.admin, 'application/octet-stream')).json().msg).toBe(
      FRONTPAGE_MSG.unreadable,
    );
  });

  it('refuses bodies over 2 MB with 413', async () => {
    const big = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2 * 1024 * 1024),
    ]);
    const reply = await put('D90001', big, t.admin);
    expect(reply.statusCode).toBe(413);
    expect(reply.json().msg).toBe(FRONTPAGE_MSG.tooLarge);
  });

  it('answers 404 for an unknown run', async () => {
    const reply = await put('D12345', await png(10, 10), t.admin);
    expect(reply.statusCode).toBe(404);
    expect(reply.json().msg).toBe(FRONTPAGE_MSG.runNotFound('D12345'));
  });

  it('is admin only', async () => {
    const body = await png(10, 10);
    expect((await put('D90001', body)).statusCode).toBe(401);
    expect((await put('D90001', body, publicToken)).statusCode).toBe(403);
    expect((await put('D90001', body, user)).statusCode).toBe(403);
  });
});
