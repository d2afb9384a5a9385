import { decodeJwt, SignJWT } from 'jose';
import { LOGIN_ACCOUNT_LIMIT, LOGIN_ADDRESS_LIMIT, LOGIN_RATE_LIMIT, MSG } from '@atlas/contracts';
import { describe, expect, it } from 'vitest';
import { createTokenService } from '../../http/tokens.js';
import { useTestApp } from '../../../test/harness.js';
import { ADMIN, GOOD_PASSWORD, login } from '../../../test/accounts.js';
import { buildUser, buildVisitor } from '../../../test/factories.js';

const t = useTestApp();

describe('login', () => {
  it('answers a 1 h HS256 token with role user and the groups', async () => {
    const reply = await t.api<{ access_token: string }>('POST', '/api/v1/auth/login', { body: ADMIN });
    expect(reply.status).toBe(200);
    const claims = decodeJwt(reply.body.access_token);
    expect(claims).toMatchObject({ sub: 'admin', role: 'user', groups: ['admin', 'user'] });
    expect(claims.exp! - claims.iat!).toBe(3600);
  });

  it('refuses a wrong password and an unknown user with the same 401 message', async () => {
    const wrong = await t.api('POST', '/api/v1/auth/login', {
      body: { username: 'admin', password: 'Nope#1234' },
    });
    const unknown = await t.api('POST', '/api/v1/auth/login', {
      body: { username: 'ghost', password: 'Nope#1234' },
    });
    expect(wrong).toEqual({ status: 401, body: { msg: MSG.invalidLogin, status_code: 401 } });
    expect(unknown).toEqual(wrong);
  });

  it('answers 400 with a message when fields are missing', async () => {
    const noPassword = await t.api('POST', '/api/v1/auth/login', { body: { username: 'admin' } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body).toEqual({ msg: expect.stringContaining('password'), status_code: 400 });
    const empty = await t.api('POST', '/api/v1/auth/login', { body: { username: '', password: 'x' } });
    expect(empty.body).toEqual({ msg: 'username: Username is required', status_code: 400 });
  });

  it('refuses an unconfirmed account with 403 until an admin confirms it', async () => {
    const body = { username: 'pending', password: GOOD_PASSWORD, name: 'P', email: 'p@example.org', groups: ['user'] };
    await t.api('POST', '/api/v1/auth/user', { token: t.admin, body });
    const refused = await t.api('POST', '/api/v1/auth/login', {
      body: { username: 'pending', password: GOOD_PASSWORD },
    });
    expect(refused).toEqual({ status: 403, body: { msg: MSG.accountUnconfirmed, status_code: 403 } });
    await t.api('PUT', '/api/v1/auth/confirm', { token: t.admin, body: { username: 'pending' } });
    expect(await login(t.app, 'pending', GOOD_PASSWORD)).toBeTruthy();
  });

  it('refuses a disabled account with 403, and its existing token stops working at once', async () => {
    const token = await buildUser(t, 'soon-gone');
    expect((await t.api('GET', '/api/v1/auth/whoami', { token })).status).toBe(200);
    const disabled = await t.api('PUT', '/api/v1/auth/disable_user', {
      token: t.admin,
      body: { username: 'soon-gone' },
    });
    expect(disabled.body).toEqual({ msg: MSG.userDisabled });
    expect(await t.api('GET', '/api/v1/auth/whoami', { token })).toEqual({
      status: 401,
      body: { msg: MSG.invalidToken, status_code: 401 },
    });
    const again = await t.api('POST', '/api/v1/auth/login', {
      body: { username: 'soon-gone', password: GOOD_PASSWORD },
    });
    expect(again).toEqual({ status: 403, body: { msg: MSG.accountDisabled, status_code: 403 } });
  });

  it('a re-enabled account signs in again; its sessions from before the disable stay ended', async () => {
    const before = await buildUser(t, 'back-again');
    const set = (path: string) =>
      t.api('PUT', `/api/v1/auth/${path}`, { token: t.admin, body: { username: 'back-again' } });
    await set('disable_user');
    const credentials = { username: 'back-again', password: GOOD_PASSWORD };
    expect((await t.api('POST', '/api/v1/auth/login', { body: credentials })).status).toBe(403);
    expect((await set('enable_user')).body).toEqual({ msg: MSG.userEnabled });
    const token = await login(t.app, 'back-again', GOOD_PASSWORD);
    expect((await t.api('GET', '/api/v1/auth/whoami', { token })).body).toMatchObject({ username: 'back-again' });
    // A token taken (or stolen) before the disable does not come back to life with the account.
    expect((await t.api('GET', '/api/v1/auth/whoami', { token: before })).status).toBe(401);
  });

  it('slows a guesser down where it guesses from, never locks the owner out elsewhere', async () => {
    const wrong = { username: 'target', password: 'Wrong#123' };
    const login = (body: object, ip: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: body, remoteAddress: ip, headers });
    await buildUser(t, 'target');

    // From one address, for one account: 429 there, even with the right password; fine from elsewhere.
    for (let i = 0; i < LOGIN_RATE_LIMIT.max; i++) await login(wrong, '10.0.2.2');
    const limited = await login({ ...wrong, password: GOOD_PASSWORD }, '10.0.2.2');
    expect([limited.statusCode, limited.json()]).toEqual([429, { msg: MSG.tooManyAttempts, status_code: 429 }]);
    expect((await login({ ...wrong, password: GOOD_PASSWORD }, '10.0.2.3')).statusCode).toBe(200);

    // X-Forwarded-For is not believed unless ATLAS_TRUST_PROXY says so: a new header each time changes nothing.
    for (let i = 0; i < LOGIN_RATE_LIMIT.max; i++)
      await login({ ...wrong, username: 'admin' }, '10.0.3.3', { 'x-forwarded-for': `203.0.113.${i}` });
    expect((await login(ADMIN, '10.0.3.3', { 'x-forwarded-for': '203.0.113.99' })).statusCode).toBe(429);

    // One address guessing across accounts is stopped too.
    for (let i = 0; i < LOGIN_ADDRESS_LIMIT.max; i++)
      await login({ username: `nobody${i}`, password: 'x' }, '10.9.9.9');
    expect((await login(ADMIN, '10.9.9.9')).statusCode).toBe(429);
    expect((await login(ADMIN, '10.9.9.8')).statusCode).toBe(200);
  });

  it('counts one account’s failures over every address; the owner’s known browser is not held', async () => {
    const login = (body: object, ip: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: body,
        remoteAddress: ip,
        headers: cookie ? { cookie } : {},
      });
    await buildUser(t, 'victim');
    const owner = await login({ username: 'victim', password: GOOD_PASSWORD }, '192.0.2.10');
    const device = String(owner.headers['set-cookie']);
    expect(device).toMatch(
      /^atlas_device_[\w-]+=.+; Max-Age=\d+; Path=\/api\/v1\/auth\/login; HttpOnly; SameSite=Strict$/,
    );
    const cookie = device.split(';')[0]!;

    // 60 wrong passwords from 5 addresses (12 each, over the per-address allowance too): only the account's
    // allowance is checked against the password at all, the rest are refused unchecked.
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++)
      statuses.push((await login({ username: 'victim', password: `Guess#${i}` }, `198.51.100.${i % 5}`)).statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_ACCOUNT_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - LOGIN_ACCOUNT_LIMIT.max);

    // A stranger's browser, even with the right password, waits and is told why; the owner's browser goes in.
    const stranger = await login({ username: 'victim', password: GOOD_PASSWORD }, '203.0.113.7');
    expect([stranger.statusCode, stranger.json().msg]).toEqual([429, MSG.accountGuessedAt]);
    const known = await login({ username: 'victim', password: GOOD_PASSWORD }, '203.0.113.7', cookie);
    expect(known.statusCode).toBe(200);
    expect(known.headers['set-cookie']).toBeUndefined();

    // A forged or another account's cookie is a stranger's browser.
    const forged = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await login({ username: 'victim', password: GOOD_PASSWORD }, '203.0.113.8', forged)).statusCode).toBe(429);
    const adminCookie = String((await login(ADMIN, '192.0.2.11')).headers['set-cookie']).split(';')[0]!;
    const renamed = adminCookie.replace(/^atlas_device_[\w-]+/, cookie.split('=')[0]!);
    expect((await login({ username: 'victim', password: GOOD_PASSWORD }, '203.0.113.8', renamed)).statusCode).toBe(429);

    // The known browser's own failures are limited per browser.
    for (let i = 0; i < LOGIN_RATE_LIMIT.max; i++)
      expect((await login({ username: 'victim', password: 'Wrong#1' }, '192.0.2.10', cookie)).statusCode).toBe(401);
    expect((await login({ username: 'victim', password: GOOD_PASSWORD }, '192.0.2.10', cookie)).statusCode).toBe(429);
  });
});

describe('sessions and tokens', () => {
  it('whoami describes the signed-in user with groups and profile', async () => {
    const token = await buildUser(t, 'bob');
    expect(await t.api('GET', '/api/v1/auth/whoami', { token })).toEqual({
      status: 200,
      body: {
        username: 'bob',
        groups: ['user'],
        public: false,
        profile: { name: 'Name bob', email: 'bob@example.org', organization: '', pi_name: '' },
      },
    });
  });

  it('log_into_public gives a public token; whoami and refreshtoken keep it public', async () => {
    const reply = await t.api<{ access_token: string }>('GET', '/api/v1/auth/log_into_public');
    expect(reply.status).toBe(200);
    const token = reply.body.access_token;
    expect(decodeJwt(token)).toMatchObject({ role: 'public', groups: [] });
    expect((await t.api('GET', '/api/v1/auth/whoami', { token })).body).toEqual({
      username: null,
      groups: [],
      public: true,
      profile: null,
    });
    const refreshed = await t.api<{ access_token: string }>('POST', '/api/v1/auth/refreshtoken', { token });
    expect(refreshed.status).toBe(200);
    expect(decodeJwt(refreshed.body.access_token)).toMatchObject({ sub: 'public', role: 'public' });
  });

  it('refreshtoken gives a new token for the same user, with a later expiry', async () => {
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refreshtoken',
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(old.statusCode).toBe(200);
    const token = (old.json() as { access_token: string }).access_token;
    expect(decodeJwt(token)).toMatchObject({ sub: 'admin', role: 'user', groups: ['admin', 'user'] });
    expect((await t.api('GET', '/api/v1/auth/whoami', { token })).body).toMatchObject({ username: 'admin' });
  });

  it('rejects an expired, a tampered, a foreign-key and a malformed token with 401', async () => {
    const tokens = createTokenService(t.infra.config.jwtSecret);
    const expired = await tokens.issue({ sub: 'admin', role: 'user', groups: ['admin'] }, -10);
    const [head, payload, signature] = t.admin.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(t.admin), sub: 'someone-else' })).toString('base64url');
    const tampered = `${head}.${forged}.${signature}`;
    const foreign = await new SignJWT({ role: 'user', groups: ['admin'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('admin')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(40)));
    for (const token of [expired, tampered, foreign, `${head}.${payload}`]) {
      expect(await t.api('GET', '/api/v1/auth/whoami', { token })).toEqual({
        status: 401,
        body: { msg: MSG.invalidToken, status_code: 401 },
      });
    }
    const noScheme = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/whoami',
      headers: { authorization: t.admin },
    });
    expect(noScheme.statusCode).toBe(401);
    expect((await t.api('GET', '/api/v1/auth/whoami')).body).toEqual({
      msg: MSG.unauthenticated,
      status_code: 401,
    });
  });

  it('removing a group takes effect on the very next request, with the old token', async () => {
    const token = await buildUser(t, 'carol', ['user', 'admin']);
    expect((await t.api('GET', '/api/v1/auth/list_accounts', { token })).status).toBe(200);
    const body = { username: 'carol', groups_removing: ['admin'] };
    expect((await t.api('PUT', '/api/v1/auth/modify_group_list', { token: t.admin, body })).status).toBe(200);
    expect((await t.api('GET', '/api/v1/auth/list_accounts', { token })).status).toBe(403);
    expect((await t.api('GET', '/api/v1/auth/whoami', { token })).body).toMatchObject({ groups: ['user'] });
  });
});

describe('sessions end with the password', () => {
  it('an admin reset ends every older token and refresh token of the account at once', async () => {
    const token = await buildUser(t, 'erin');
    const refreshed = (await t.api<{ access_token: string }>('POST', '/api/v1/auth/refreshtoken', { token })).body
      .access_token;
    const reset = await t.api('PUT', '/api/v1/auth/resetpassword', {
      token: t.admin,
      body: { username: 'erin', password: 'Reset#Pass7' },
    });
    expect(reset.status).toBe(200);
    for (const old of [token, refreshed]) {
      expect((await t.api('GET', '/api/v1/auth/whoami', { token: old })).status).toBe(401);
      expect((await t.api('POST', '/api/v1/auth/refreshtoken', { token: old })).status).toBe(401);
    }
    const fresh = await login(t.app, 'erin', 'Reset#Pass7');
    expect((await t.api('GET', '/api/v1/auth/whoami', { token: fresh })).body).toMatchObject({ username: 'erin' });
  });
});

describe('changepassword', () => {
  it('changes the own password after checking the old one', async () => {
    const token = await buildUser(t, 'dave');
    const wrongOld = await t.api('PUT', '/api/v1/auth/changepassword', {
      token,
      body: { old_password: 'Wrong#123', new_password: 'Newer#Pass2' },
    });
    expect(wrongOld).toEqual({ status: 400, body: { msg: MSG.incorrectPassword, status_code: 400 } });
    const weak = await t.api('PUT', '/api/v1/auth/changepassword', {
      token,
      body: { old_password: GOOD_PASSWORD, new_password: 'weakpassword' },
    });
    expect(weak).toEqual({ status: 400, body: { msg: `new_password: ${MSG.passwordNotValid}`, status_code: 400 } });
    const short = await t.api('PUT', '/api/v1/auth/changepassword', {
      token,
      body: { old_password: GOOD_PASSWORD, new_password: 'A#1a' },
    });
    expect(short.body).toMatchObject({ msg: 'new_password: Password must be at least 8 characters' });
    const missing = await t.api('PUT', '/api/v1/auth/changepassword', {
      token,
      body: { new_password: 'Newer#Pass2' },
    });
    expect(missing.status).toBe(400);

    const ok = await t.api('PUT', '/api/v1/auth/changepassword', {
      token,
      body: { old_password: GOOD_PASSWORD, new_password: 'Newer#Pass2' },
    });
    expect(ok).toMatchObject({ status: 200, body: { msg: MSG.passwordChanged } });
    // The new password ends every older token, refresh included; this session goes on with the one it was given.
    const renewed = (ok.body as { access_token: string }).access_token;
    expect((await t.api('GET', '/api/v1/auth/whoami', { token })).status).toBe(401);
    expect((await t.api('POST', '/api/v1/auth/refreshtoken', { token })).status).toBe(401);
    expect((await t.api('GET', '/api/v1/auth/whoami', { token: renewed })).body).toMatchObject({
      username: 'dave',
    });
    const audit = await t.infra.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', 'user:dave')
      .orderBy('id', 'desc')
      .execute();
    expect(audit[0]).toMatchObject({ actor: 'dave', action: 'user.password.change', before: null, after: null });
    expect(await login(t.app, 'dave', 'Newer#Pass2')).toBeTruthy();
    const old = await t.api('POST', '/api/v1/auth/login', { body: { username: 'dave', password: GOOD_PASSWORD } });
    expect(old.status).toBe(401);
  });

  it('needs a signed-in group member: 401 without a token, 403 for a public session', async () => {
    const body = { old_password: 'a', new_password: 'Newer#Pass2' };
    expect((await t.api('PUT', '/api/v1/auth/changepassword', { body })).status).toBe(401);
    const pub = await buildVisitor(t);
    expect((await t.api('PUT', '/api/v1/auth/changepassword', { token: pub, body })).status).toBe(403);
  });
});
