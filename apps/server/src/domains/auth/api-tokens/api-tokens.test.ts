import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_TOKEN_DEFAULT_NAME,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_MAX_LIVE,
  TOKEN_MSG,
  type TApiToken,
  type TCreatedApiToken,
  type TOwnedApiToken,
} from '@atlas/contracts';
import { useTestApp } from '../../../../test/harness.js';
import { GOOD_PASSWORD, login } from '../../../../test/accounts.js';
import { buildGroup, buildRun, buildUser } from '../../../../test/factories.js';

/**
 * Personal API tokens end to end through the HTTP API: made by their owner, sent as `Authorization: Bearer`, acting
 * as the owner with the owner's current groups, and refused (401, saying why) once revoked, expired, ended by a
 * password reset, or while the account is disabled. The database never holds a secret.
 */
const t = useTestApp();
const BUCKET = 'atx-data';

beforeAll(async () => {
  await buildGroup(t, 'lab-a');
  await buildGroup(t, 'lab-b');
  await buildRun(t, { runId: 'D00201', group: 'lab-b', public: false });
  await buildRun(t, { runId: 'D00202', group: 'lab-a', public: false });
  await buildRun(t, { runId: 'D00203', group: 'lab-a', public: true });
});

/** A call signed the way a lab script signs it. */
async function bearer<T = Record<string, unknown>>(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { query?: Record<string, string>; body?: unknown } = {},
) {
  const response = await t.app.inject({
    method,
    url,
    query: options.query,
    payload: options.body as object | undefined,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json() as T };
}

async function createToken(session: string, name = 'script', expiry_days = 30): Promise<TCreatedApiToken> {
  const reply = await t.api<TCreatedApiToken>('POST', '/api/v1/auth/api_tokens', {
    token: session,
    body: { name, expiry_days },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

const runData = (token: string, runId: string) =>
  bearer(token, 'GET', '/api/v1/genes/data', { query: { run_id: runId } });
const storageJson = (token: string, runId: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/storage/json',
    query: { bucket_name: BUCKET, filename: `data/${runId}/spatial/metadata.json` },
    headers: { authorization: `Bearer ${token}` },
  });

describe('personal API tokens', () => {
  it('are made by their owner, shown once, listed without the secret and stored only as a hash', async () => {
    const session = await buildUser(t, 'tk-owner', ['user', 'lab-b']);
    const created = await createToken(session, 'nightly import', 90);
    expect(created.token).toMatch(/^atlas_pat_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'nightly import', state: 'active', last_used_at: null });
    expect(created.hint).toBe(`atlas_pat_…${created.token.slice(-4)}`);
    const days = (Date.parse(created.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    const listed = await t.api<TApiToken[]>('GET', '/api/v1/auth/api_tokens', { token: session });
    expect(listed.body.map((x) => x.id)).toEqual([created.id]);
    expect(JSON.stringify(listed.body)).not.toContain(created.token.slice('atlas_pat_'.length));

    // Hash at rest: no column of any token row holds the secret or any long part of it.
    const rows = await t.infra.db.selectFrom('api_tokens').selectAll().execute();
    const stored = JSON.stringify(rows);
    const secret = created.token.slice('atlas_pat_'.length);
    for (let i = 0; i + 8 <= secret.length; i++) expect(stored).not.toContain(secret.slice(i, i + 8));
    const row = rows.find((r) => r.id === created.id)!;
    expect(row.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));

    // The creation is in the owner's history.
    const audit = await t.api<{ action: string }[]>('GET', '/api/v1/auth/audit', {
      token: t.admin,
      query: { target: 'user:tk-owner' },
    });
    expect(audit.body.map((e) => e.action)).toContain('api_token.create');
  });

  it("act as the owner on run and storage routes, seeing what the owner's groups see", async () => {
    const session = await buildUser(t, 'tk-member', ['user', 'lab-b']);
    const { token } = await createToken(session);
    const whoami = await bearer<{ username: string; groups: string[] }>(token, 'GET', '/api/v1/auth/whoami');
    expect(whoami.body).toMatchObject({ username: 'tk-member', groups: ['lab-b', 'user'] });

    expect((await runData(token, 'D00201')).status).toBe(200);
    expect((await runData(token, 'D00202')).status).toBe(404);
    const own = await storageJson(token, 'D00201');
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('D00201');
    const others = await storageJson(token, 'D00202');
    expect(others.body).toBe('false');
    const listing = await bearer<string[]>(token, 'POST', '/api/v1/storage/list', {
      body: { bucket: BUCKET, path: 'data/', delimiter: '/' },
    });
    expect(listing.body).toContain('data/D00201/');
    expect(listing.body).not.toContain('data/D00202/');

    // JWT is accepted as a scheme too, and the use is recorded.
    const asJwt = await t.api('GET', '/api/v1/auth/whoami', { token });
    expect(asJwt.status).toBe(200);
    const listed = await t.api<TApiToken[]>('GET', '/api/v1/auth/api_tokens', { token: session });
    expect(listed.body[0]!.last_used_at).not.toBeNull();
  });

  it('follow the current groups: a token of a user who lost every group sees only public data', async () => {
    const session = await buildUser(t, 'tk-leaver', ['user', 'lab-a']);
    const { token } = await createToken(session);
    expect((await runData(token, 'D00202')).status).toBe(200);
    const removed = await t.api('PUT', '/api/v1/auth/modify_group_list', {
      token: t.admin,
      body: { username: 'tk-leaver', groups_removing: ['user', 'lab-a'] },
    });
    expect(removed.status).toBe(200);

    expect((await runData(token, 'D00202')).status).toBe(404);
    expect((await storageJson(token, 'D00203')).statusCode).toBe(403);
    const catalogue = await bearer<{ run_id: string }[]>(token, 'GET', '/api/v1/run_db/get_runs_public');
    expect(catalogue.status).toBe(200);
    const runIds = catalogue.body.map((r) => r.run_id);
    expect(runIds).toContain('D00203');
    expect(runIds).not.toContain('D00201');
    expect(runIds).not.toContain('D00202');
    // Without a group the account may no longer use its tokens' own calls either (access 'any').
    expect((await bearer(token, 'GET', '/api/v1/auth/api_tokens')).status).toBe(403);
  });

  it('stop at once when revoked: by the owner, or by an admin; nobody else may revoke them', async () => {
    const session = await buildUser(t, 'tk-revoker', ['user', 'lab-b']);
    const other = await buildUser(t, 'tk-stranger', ['user', 'lab-b']);
    const mine = await createToken(session, 'mine');
    const second = await createToken(session, 'second');

    const stranger = await t.api('DELETE', `/api/v1/auth/api_tokens/${mine.id}`, { token: other });
    expect(stranger).toMatchObject({ status: 404, body: { msg: TOKEN_MSG.notFound } });
    expect((await runData(mine.token, 'D00201')).status).toBe(200);

    const revoked = await t.api('DELETE', `/api/v1/auth/api_tokens/${mine.id}`, { token: session });
    expect(revoked).toMatchObject({ status: 200, body: { msg: TOKEN_MSG.revokedNamed('mine') } });
    const refused = await runData(mine.token, 'D00201');
    expect(refused).toMatchObject({ status: 401, body: { msg: TOKEN_MSG.revoked } });

    const byAdmin = await t.api('DELETE', `/api/v1/auth/api_tokens/${second.id}`, { token: t.admin });
    expect(byAdmin.status).toBe(200);
    expect((await runData(second.token, 'D00201')).status).toBe(401);
    const listed = await t.api<TApiToken[]>('GET', '/api/v1/auth/api_tokens', { token: session });
    expect(listed.body.map((x) => [x.name, x.state, x.revoked_by])).toEqual([
      ['second', 'revoked', 'admin'],
      ['mine', 'revoked', 'tk-revoker'],
    ]);
  });

  it('are refused with a clear 401 once expired', async () => {
    const session = await buildUser(t, 'tk-expiring', ['user', 'lab-b']);
    const { id, token } = await createToken(session, 'short', 1);
    expect((await runData(token, 'D00201')).status).toBe(200);
    const past = new Date(Date.UTC(2026, 0, 2, 3, 4));
    await t.infra.db.updateTable('api_tokens').set({ expires_at: past }).where('id', '=', id).execute();
    // Token lookups are cached for a second per process (http/identity.ts); an expiry is not an account change.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const refused = await runData(token, 'D00201');
    expect(refused).toMatchObject({ status: 401, body: { msg: TOKEN_MSG.expired('2026-01-02 03:04 UTC') } });
    expect(refused.body.msg).toContain('expired on 2026-01-02 03:04 UTC');
    const listed = await t.api<TApiToken[]>('GET', '/api/v1/auth/api_tokens', { token: session });
    expect(listed.body[0]!.state).toBe('expired');
  });

  it("end with the account's sessions: an admin password reset, an own password change, a disabled account", async () => {
    const session = await buildUser(t, 'tk-reset', ['user', 'lab-b']);
    const { token } = await createToken(session);
    const reset = await t.api('PUT', '/api/v1/auth/resetpassword', {
      token: t.admin,
      body: { username: 'tk-reset', password: 'Other#Pass9' },
    });
    expect(reset.status).toBe(200);
    expect(await runData(token, 'D00201')).toMatchObject({ status: 401, body: { msg: TOKEN_MSG.ended } });
    const again = await login(t.app, 'tk-reset', 'Other#Pass9');
    const listed = await t.api<TApiToken[]>('GET', '/api/v1/auth/api_tokens', { token: again });
    expect(listed.body[0]!.state).toBe('ended');

    // An own password change ends them too: it ends every other session of the account.
    const fresh = await createToken(again, 'after reset');
    const changed = await t.api('PUT', '/api/v1/auth/changepassword', {
      token: again,
      body: { old_password: 'Other#Pass9', new_password: 'Third#Pass9' },
    });
    expect(changed.status).toBe(200);
    expect((await runData(fresh.token, 'D00201')).status).toBe(401);

    const disabledSession = await buildUser(t, 'tk-disabled', ['user', 'lab-b']);
    const disabledToken = (await createToken(disabledSession)).token;
    expect((await runData(disabledToken, 'D00201')).status).toBe(200);
    const disabled = await t.api('PUT', '/api/v1/auth/disable_user', {
      token: t.admin,
      body: { username: 'tk-disabled' },
    });
    expect(disabled.status).toBe(200);
    expect(await runData(disabledToken, 'D00201')).toMatchObject({
      status: 401,
      body: { msg: TOKEN_MSG.accountInactive },
    });
  });

  it('never mint credentials: no token, refreshed session or password change from a token', async () => {
    const session = await buildUser(t, 'tk-minter', ['user', 'lab-b']);
    const { token } = await createToken(session);
    const forbidden = { status: 403, body: { msg: TOKEN_MSG.sessionOnly } };
    expect(await bearer(token, 'POST', '/api/v1/auth/api_tokens', { body: { name: 'x' } })).toMatchObject(forbidden);
    expect(await bearer(token, 'GET', '/api/v1/auth/api_token')).toMatchObject(forbidden);
    expect(await bearer(token, 'POST', '/api/v1/auth/refreshtoken')).toMatchObject(forbidden);
    expect(
      await bearer(token, 'PUT', '/api/v1/auth/changepassword', {
        body: { old_password: GOOD_PASSWORD, new_password: 'Minted#Pass1' },
      }),
    ).toMatchObject(forbidden);
    // Listing and revoking its own kind are fine: a script may revoke the token it runs with.
    expect((await bearer(token, 'GET', '/api/v1/auth/api_tokens')).status).toBe(200);
  });

  it('are limited in number and lifetime; unknown tokens are refused', async () => {
    const session = await buildUser(t, 'tk-many', ['user']);
    const tooLong = await t.api('POST', '/api/v1/auth/api_tokens', {
      token: session,
      body: { name: 'long', expiry_days: API_TOKEN_MAX_DAYS + 1 },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.msg).toContain(`at most ${API_TOKEN_MAX_DAYS} days`);
    const first = await createToken(session, 'token 1', API_TOKEN_MAX_DAYS);
    for (let i = 2; i <= API_TOKEN_MAX_LIVE; i++) await createToken(session, `token ${i}`);
    const over = await t.api('POST', '/api/v1/auth/api_tokens', { token: session, body: { name: 'one more' } });
    expect(over).toMatchObject({ status: 409, body: { msg: TOKEN_MSG.tooMany } });
    // A revoked token frees its place.
    expect((await t.api('DELETE', `/api/v1/auth/api_tokens/${first.id}`, { token: session })).status).toBe(200);
    await createToken(session, 'one more');

    const unknown = await bearer('atlas_pat_' + 'x'.repeat(43), 'GET', '/api/v1/auth/whoami');
    expect(unknown).toMatchObject({ status: 401, body: { msg: TOKEN_MSG.unknown } });
  });

  it('are made by the original `auth/api_token?expiry_days=N` call, GET or POST, as `{token, expires}`', async () => {
    const session = await buildUser(t, 'tk-original', ['user', 'lab-b']);
    for (const method of ['GET', 'POST'] as const) {
      const reply = await t.api<{ token: string; expires: string }>(method, '/api/v1/auth/api_token', {
        token: session,
        query: { expiry_days: '7' },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(Object.keys(reply.body).sort()).toEqual(['expires', 'token']);
      expect(reply.body.token).toMatch(/^atlas_pat_/);
      const days = (Date.parse(reply.body.expires) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);
      expect((await runData(reply.body.token, 'D00201')).status).toBe(200);
    }
    const bad = await t.api('GET', '/api/v1/auth/api_token', { token: session, query: { expiry_days: 'ten' } });
    expect(bad.status).toBe(400);
    const listed = await t.api<TApiToken[]>('GET', '/api/v1/auth/api_tokens', { token: session });
    expect(listed.body.map((x) => x.name)).toEqual([API_TOKEN_DEFAULT_NAME, API_TOKEN_DEFAULT_NAME]);
  });

  it('are listed for admins with their owners, and only for admins', async () => {
    const session = await buildUser(t, 'tk-listed', ['user']);
    const created = await createToken(session, 'for the admin list');
    const all = await t.api<TOwnedApiToken[]>('GET', '/api/v1/auth/api_tokens/all', { token: t.admin });
    expect(all.status).toBe(200);
    expect(all.body.find((x) => x.id === created.id)).toMatchObject({ owner: 'tk-listed', name: 'for the admin list' });
    expect(JSON.stringify(all.body)).not.toContain(created.token);
    expect((await t.api('GET', '/api/v1/auth/api_tokens/all', { token: session })).status).toBe(403);
    expect((await bearer(created.token, 'GET', '/api/v1/auth/api_tokens/all')).status).toBe(403);
  });
});
