import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOWNLOAD_LINK_SECONDS,
  DOWNLOAD_MSG,
  DOWNLOAD_REDIRECT_SECONDS,
  type TCreatedApiToken,
  type TTracks,
} from '@atlas/contracts';
import { buildGroup, buildRun, buildUser, buildVisitor } from '../../../test/factories.js';
import { setRunPublic, useTestApp, type TestAppOptions, type TestContext } from '../../../test/harness.js';
import { GOOD_PASSWORD, login } from '../../../test/accounts.js';
import { S3RVER_ENV, startS3rver } from '../../../test/s3rver.js';

/**
 * Download links (issue 33 §7): a URL made while a run was visible to its holder stops opening as soon as it is not,
 * whoever holds the URL, on both storage drivers.
 */

/** A URL the app handed out, asked of the app (its origin is the test's), with a range or as HEAD. */
const fetchLink = (t: TestContext, url: string, options: { range?: string; method?: 'GET' | 'HEAD' } = {}) => {
  const { pathname, search } = new URL(url);
  return t.app.inject({
    method: options.method ?? 'GET',
    url: pathname + search,
    headers: options.range ? { range: options.range } : {},
  });
};

const closed = { msg: DOWNLOAD_MSG.linkClosed, status_code: 404 };

interface World {
  t: TestContext;
  /** A member of another group: sees the run only while it is public. */
  other: string;
}

/** A test server with two groups, a member of the second and a public run of the first, for a describe block. */
function useWorld(env?: TestAppOptions['env']): World {
  const world: World = { t: useTestApp({ env }), other: '' };
  beforeAll(async () => {
    const { t } = world;
    await buildGroup(t, 'lab-d');
    await buildGroup(t, 'lab-e');
    world.other = await buildUser(t, 'd-other', ['user', 'lab-e']);
    await buildRun(t, { runId: 'D00301', group: 'lab-d', public: true });
  }, 120_000);
  return world;
}

/** The catalogue's Download dialog URL of the run's registered file, for this caller. */
async function catalogueLink(w: World, token: string): Promise<{ url: string; expires_at: number }> {
  const reply = await w.t.api<{ url: string; expires_at: number }>('POST', '/api/v1/run_db/generate_presigned_url', {
    token,
    body: { bucket: 'atx-data', path: 'data/D00301/metadata.csv' },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

describe('download links on the filesystem store', () => {
  const w = useWorld();

  it('opens while the run is visible to its holder (ranges too) and closes at once when the run is made private', async () => {
    const { t, other } = w;
    const before = Date.now();
    const link = await catalogueLink(w, other);
    expect(new URL(link.url).pathname).toMatch(/^\/api\/v1\/downloads\/[\w-]+\.[\w-]+\.[\w-]+\/metadata\.csv$/);
    expect(link.expires_at).toBeGreaterThanOrEqual(before + (DOWNLOAD_LINK_SECONDS - 1) * 1000);
    expect(link.expires_at).toBeLessThanOrEqual(Date.now() + DOWNLOAD_LINK_SECONDS * 1000 + 1000);
    const whole = await fetchLink(t, link.url);
    expect([whole.statusCode, whole.body]).toEqual([200, 'run_id\nD00301\n']);
    expect(whole.headers['cache-control']).toBe('private, no-store');
    const part = await fetchLink(t, link.url, { range: 'bytes=7-11' });
    expect([part.statusCode, part.headers['content-range'], part.body]).toEqual([206, 'bytes 7-11/14', 'D0030']);
    const head = await fetchLink(t, link.url, { method: 'HEAD' });
    expect([head.statusCode, head.headers['content-length'], head.body]).toEqual([200, '14', '']);

    await setRunPublic(t.infra.db, 'D00301', false);
    try {
      const refused = await fetchLink(t, link.url, { range: 'bytes=0-3' });
      expect([refused.statusCode, refused.json()]).toEqual([404, closed]);
      expect((await fetchLink(t, link.url, { method: 'HEAD' })).statusCode).toBe(404);
      // The run's own group still reads it through a link made for them.
      const memberLink = await catalogueLink(w, w.t.admin);
      expect((await fetchLink(t, memberLink.url)).statusCode).toBe(200);
    } finally {
      await setRunPublic(t.infra.db, 'D00301', true);
    }
    // Visible again within its hour: it opens again (the check is made on each request, nothing was revoked).
    expect((await fetchLink(t, link.url)).statusCode).toBe(200);
  });

  it('closes with its account: disabled, moved out of the group, or given a new password', async () => {
    const { t } = w;
    const member = await buildUser(t, 'd-member', ['user', 'lab-d']);
    await setRunPublic(t.infra.db, 'D00301', false);
    try {
      const link = await catalogueLink(w, member);
      expect((await fetchLink(t, link.url)).statusCode).toBe(200);
      const put = (path: string, body: unknown) => t.api('PUT', `/api/v1/auth/${path}`, { token: t.admin, body });

      expect((await put('disable_user', { username: 'd-member' })).status).toBe(200);
      expect((await fetchLink(t, link.url)).json()).toEqual(closed);
      // A disable ends the account's sessions for good: enabled again, its old links stay closed.
      expect((await put('enable_user', { username: 'd-member' })).status).toBe(200);
      expect((await fetchLink(t, link.url)).json()).toEqual(closed);
      const fresh = await catalogueLink(w, await login(t.app, 'd-member', GOOD_PASSWORD));
      expect((await fetchLink(t, fresh.url)).statusCode).toBe(200);

      const groups = { username: 'd-member', groups_removing: ['lab-d'] };
      expect((await put('modify_group_list', groups)).status).toBe(200);
      expect((await fetchLink(t, fresh.url)).json()).toEqual(closed);
      expect((await put('modify_group_list', { username: 'd-member', groups_adding: ['lab-d'] })).status).toBe(200);
      expect((await fetchLink(t, fresh.url)).statusCode).toBe(200);

      const reset = { username: 'd-member', password: `${GOOD_PASSWORD}2` };
      expect((await put('resetpassword', reset)).status).toBe(200);
      expect((await fetchLink(t, fresh.url)).json()).toEqual(closed);
    } finally {
      await setRunPublic(t.infra.db, 'D00301', true);
    }
  });

  it('closes with the personal API token it was made with; a session’s link is unaffected', async () => {
    const { t } = w;
    const member = await buildUser(t, 'd-scripted', ['user', 'lab-d']);
    const made = await t.api<TCreatedApiToken>('POST', '/api/v1/auth/api_tokens', {
      token: member,
      body: { name: 'nightly sync', expiry_days: 30 },
    });
    expect(made.status).toBe(200);
    const scripted = await catalogueLink(w, made.body.token);
    const interactive = await catalogueLink(w, member);
    expect((await fetchLink(t, scripted.url)).statusCode).toBe(200);

    const revoked = await t.api('DELETE', `/api/v1/auth/api_tokens/${made.body.id}`, { token: member });
    expect(revoked.status).toBe(200);
    expect((await fetchLink(t, scripted.url)).json()).toEqual(closed);
    expect((await fetchLink(t, interactive.url)).statusCode).toBe(200);
  });

  it('makes the track browser’s links for a public link’s holder, closed when the run is made private', async () => {
    const { t } = w;
    const encoded = (
      await t.api<{ encoded: string }>('POST', '/api/v1/run_db/encode_link', {
        token: t.admin,
        body: { run_id: 'D00301' },
      })
    ).body.encoded;
    const visitor = await buildVisitor(t);
    const tracks = await t.api<TTracks>('GET', '/api/v1/genes/tracks', { token: visitor, query: { encoded } });
    const track = tracks.body.tracks.find((f) => f.name === 'C1.bedgraph')!;
    expect(new URL(track.url).pathname).toMatch(/^\/api\/v1\/downloads\/.+\/C1\.bedgraph$/);
    const part = await fetchLink(t, track.url, { range: 'bytes=0-3' });
    expect([part.statusCode, part.body]).toEqual([206, 'chr1']);
    await setRunPublic(t.infra.db, 'D00301', false);
    try {
      expect((await fetchLink(t, track.url, { range: 'bytes=0-3' })).json()).toEqual(closed);
    } finally {
      await setRunPublic(t.infra.db, 'D00301', true);
    }
  });

  it('refuses a tampered or expired token, another file name, and keys of other runs never signed', async () => {
    const { t, other } = w;
    const link = await catalogueLink(w, other);
    const url = new URL(link.url);
    const [, , , , token, name] = url.pathname.split('/') as [string, string, string, string, string, string];
    const invalid = { msg: DOWNLOAD_MSG.linkInvalid, status_code: 403 };
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const otherRun = Buffer.from(JSON.stringify({ ...forged, k: 'data/D00302/metadata.csv', r: 'D00302' }));
    const tampered = `${header}.${otherRun.toString('base64url')}.${signature}`;
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/downloads/${tampered}/${name}` })).json()).toEqual(
      invalid,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/downloads/${token}/other.csv` })).json()).toEqual(
      invalid,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/downloads/nonsense/${name}` })).json()).toEqual(invalid);

    const short = await t.api<{ url: string }>('POST', '/api/v1/storage/generate_presigned_url', {
      token: other,
      body: { bucket_name: 'atx-data', key: 'data/D00301/metadata.csv', expires_in: 3 },
    });
    expect(short.status).toBe(200);
    expect((await fetchLink(t, short.body.url)).statusCode).toBe(200);
    // Expiry is in whole seconds (rounded up): the link ends between 3 and 4 s after it was made.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await expect
      .poll(async () => (await fetchLink(t, short.body.url)).json(), { timeout: 3000, interval: 250 })
      .toEqual({ msg: DOWNLOAD_MSG.linkExpired, status_code: 403 });
  });
});

describe('download links on S3 (s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  // Registered before the world's, so it runs after the server has closed.
  afterAll(() => s3?.close());
  const w = useWorld(() => S3RVER_ENV(s3.endpoint));

  it('redirects to a URL of S3 presigned for a minute while the run is visible; refuses at once after', async () => {
    const { t, other } = w;
    const link = await catalogueLink(w, other);
    expect(link.url).toContain('/api/v1/downloads/');
    const redirect = await fetchLink(t, link.url, { range: 'bytes=7-11' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['cache-control']).toBe('private, no-store');
    const location = new URL(String(redirect.headers.location));
    expect(location.origin).toBe(s3.endpoint);
    expect(location.searchParams.get('X-Amz-Expires')).toBe(String(DOWNLOAD_REDIRECT_SECONDS));
    // As a browser follows it: the Range header goes along to S3.
    const part = await fetch(location, { headers: { range: 'bytes=7-11' } });
    expect([part.status, part.headers.get('content-range'), await part.text()]).toEqual([
      206,
      'bytes 7-11/14',
      'D0030',
    ]);

    await setRunPublic(t.infra.db, 'D00301', false);
    try {
      const refused = await fetchLink(t, link.url);
      expect([refused.statusCode, refused.headers.location, refused.json()]).toEqual([404, undefined, closed]);
    } finally {
      await setRunPublic(t.infra.db, 'D00301', true);
    }
  });
});
