import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MSG,
  SECOND_FACTOR_LIMIT,
  SECOND_FACTOR_MSG as M,
  TOTP_PERIOD_SECONDS,
  TOKEN_MSG,
  type TEnrolment,
  type TManagedUser,
  type TSecondFactorState,
} from '@atlas/contracts';
import { useTestApp } from '../../../../test/harness.js';
import { GOOD_PASSWORD } from '../../../../test/accounts.js';
import { buildUser } from '../../../../test/factories.js';
import { resetPasswordAsOperator } from '../operator.js';
import { codeAt } from './totp.js';

/**
 * The second factor through the HTTP API: set-up in User Settings, the sign-in's code step, recovery codes, the
 * per-account code throttle, the admin's policy and reset, and personal API tokens that never need a code.
 */
const t = useTestApp();
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
/** The code of the step after the current one: right (within the window) and newer than a code just used. */
const nextCode = (secret: string) => codeAt(secret, Date.now() + STEP_MS);

type Answer = { access_token?: string; second_factor?: 'code' | 'enrol'; challenge?: string; msg?: string | null };
const passwordStep = (username: string, password = GOOD_PASSWORD) =>
  t.api<Answer>('POST', '/api/v1/auth/login', { body: { username, password } });
const codeStep = (challenge: string, proof: { code?: string; recovery_code?: string }) =>
  t.api<Answer>('POST', '/api/v1/auth/login/second_factor', { body: { challenge, ...proof } });
const stateOf = (token: string) => t.api<TSecondFactorState>('GET', '/api/v1/auth/second_factor', { token });
const whoami = (token: string) => t.api<{ username: string | null }>('GET', '/api/v1/auth/whoami', { token });

/** A user with TOTP on: their session from before, the secret (as the app holds it) and the recovery codes. */
async function enrolled(username: string, groups = ['user']) {
  const session = await buildUser(t, username, groups);
  const started = await t.api<TEnrolment>('POST', '/api/v1/auth/second_factor/enrolment', { token: session });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const code = codeAt(started.body.secret, Date.now());
  const confirmed = await t.api<{ recovery_codes: string[] }>('POST', '/api/v1/auth/second_factor/enrolment/confirm', {
    token: session,
    body: { code },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { session, secret: started.body.secret, recovery: confirmed.body.recovery_codes };
}

/** A fresh password step's challenge (the account must have a second factor). */
async function challengeOf(username: string): Promise<string> {
  const reply = await passwordStep(username);
  expect(reply.body.second_factor, JSON.stringify(reply.body)).toBe('code');
  return reply.body.challenge!;
}

async function auditOf(username: string) {
  const reply = await t.api<{ action: string; actor: string; after: unknown }[]>('GET', '/api/v1/auth/audit', {
    token: t.admin,
    query: { target: `user:${username}` },
  });
  return reply.body;
}

const setPolicy = (require: string, token = t.admin) =>
  t.api('PUT', '/api/v1/auth/second_factor/policy', { token, body: { require } });

describe('setting up TOTP in User Settings', () => {
  it('starts with a secret, URI and QR code, turns on only with a right code, and answers 10 recovery codes once', async () => {
    const session = await buildUser(t, 'sf-kim');
    expect((await stateOf(session)).body).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required: false,
    });
    const started = await t.api<TEnrolment>('POST', '/api/v1/auth/second_factor/enrolment', { token: session });
    expect(started.body.uri).toContain(`secret=${started.body.secret}`);
    expect(started.body.qr_svg).toContain('<svg');
    const confirm = (code: string) =>
      t.api<{ msg: string; recovery_codes: string[] }>('POST', '/api/v1/auth/second_factor/enrolment/confirm', {
        token: session,
        body: { code },
      });
    expect((await confirm('000000')).body).toEqual({ msg: M.wrongCode, status_code: 400 });
    expect((await confirm('12ab')).status).toBe(400);
    expect((await stateOf(session)).body.enabled).toBe(false);

    const done = await confirm(codeAt(started.body.secret, Date.now()));
    expect(done.body.msg).toBe(M.enabled);
    expect(done.body.recovery_codes).toHaveLength(10);
    expect((await stateOf(session)).body).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    // Kept encrypted; the codes only as hashes.
    const rows = await t.infra.db.selectFrom('second_factors').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(started.body.secret);
    const hashes = await t.infra.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(JSON.stringify(hashes)).not.toContain(done.body.recovery_codes[0]);
    // A second set-up would replace the phone's secret unseen: turning off comes first.
    const again = await t.api('POST', '/api/v1/auth/second_factor/enrolment', { token: session });
    expect(again).toEqual({ status: 409, body: { msg: M.alreadyEnabled, status_code: 409 } });
    expect((await auditOf('sf-kim'))[0]).toMatchObject({ action: 'user.second_factor.enable', actor: 'sf-kim' });
  });

  it('is turned off with the password or a current code, audited', async () => {
    const { session, secret } = await enrolled('sf-lou');
    const disable = (body: object) => t.api('POST', '/api/v1/auth/second_factor/disable', { token: session, body });
    expect((await disable({})).status).toBe(400);
    expect((await disable({ password: 'Wrong#Pass1' })).body).toEqual({ msg: M.wrongPassword, status_code: 400 });
    expect((await disable({ code: nextCode(secret) })).body).toEqual({ msg: M.disabled });
    expect((await stateOf(session)).body.enabled).toBe(false);
    expect((await passwordStep('sf-lou')).body.access_token).toBeTruthy();
    expect((await auditOf('sf-lou'))[0]).toMatchObject({
      action: 'user.second_factor.disable',
      after: { via: 'code' },
    });
  });
});

describe('signing in with a second factor', () => {
  it('the password step answers a challenge that is no session; a right code turns it into one', async () => {
    const { secret } = await enrolled('sf-max');
    const first = await passwordStep('sf-max');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ second_factor: 'code', expires_in: 600 });
    expect(first.body.access_token).toBeUndefined();
    expect((await whoami(first.body.challenge!)).status).toBe(401);
    expect((await codeStep(first.body.challenge!, { code: '000000' })).body.msg).toBe(M.wrongCode);

    const signedIn = await codeStep(first.body.challenge!, { code: nextCode(secret) });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(decodeJwt(signedIn.body.access_token!)).toMatchObject({ sub: 'sf-max', role: 'user' });
    expect((await whoami(signedIn.body.access_token!)).body.username).toBe('sf-max');
  });

  it('refuses a code used before (even within its window), a forged challenge and one from before a new password', async () => {
    const { secret } = await enrolled('sf-ned');
    const code = nextCode(secret);
    expect((await codeStep(await challengeOf('sf-ned'), { code })).status).toBe(200);
    const replay = await codeStep(await challengeOf('sf-ned'), { code });
    expect(replay).toEqual({ status: 400, body: { msg: M.replayed, status_code: 400 } });

    const forged = await codeStep(t.admin, { code: nextCode(secret) });
    expect(forged).toEqual({ status: 401, body: { msg: M.challengeExpired, status_code: 401 } });
    const challenge = await challengeOf('sf-ned');
    await t.api('PUT', '/api/v1/auth/resetpassword', {
      token: t.admin,
      body: { username: 'sf-ned', password: GOOD_PASSWORD },
    });
    expect((await codeStep(challenge, { code: nextCode(secret) })).status).toBe(401);
  });

  it('a recovery code signs in once and says how many are left', async () => {
    const { recovery } = await enrolled('sf-oda');
    const used = await codeStep(await challengeOf('sf-oda'), { recovery_code: recovery[0]!.toUpperCase() });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    expect(used.body.msg).toBe(M.recoveryLeft(9));
    expect((await whoami(used.body.access_token!)).body.username).toBe('sf-oda');
    const again = await codeStep(await challengeOf('sf-oda'), { recovery_code: recovery[0]! });
    expect(again.body).toEqual({ msg: M.wrongRecoveryCode, status_code: 400 });
    expect((await stateOf(used.body.access_token!)).body.recovery_codes_left).toBe(9);
    expect((await auditOf('sf-oda'))[0]).toMatchObject({
      action: 'user.second_factor.recovery',
      after: { recovery_codes_left: 9 },
    });
  });

  it('counts code tries per account: past the allowance even a right code waits', async () => {
    const { secret } = await enrolled('sf-pia');
    const challenge = await challengeOf('sf-pia');
    for (let i = 0; i < SECOND_FACTOR_LIMIT.max; i += 1)
      expect((await codeStep(challenge, { code: '000000' })).status).toBe(400);
    const held = await codeStep(challenge, { code: nextCode(secret) });
    expect(held).toEqual({ status: 429, body: { msg: M.tooManyCodes, status_code: 429 } });
    // From another address too: whoever tries codes knows the password, so the count is the account's.
    const elsewhere = await t.api('POST', '/api/v1/auth/login/second_factor', {
      body: { challenge, recovery_code: 'abcde-fghjk' },
      ip: '203.0.113.9',
    });
    expect(elsewhere.status).toBe(429);
  });

  it('a personal API token keeps working without a code', async () => {
    const { session } = await enrolled('sf-quin');
    const created = await t.api<{ token: string }>('POST', '/api/v1/auth/api_tokens', {
      token: session,
      body: { name: 'script' },
    });
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/whoami',
      headers: { authorization: `Bearer ${created.body.token}` },
    });
    expect(reply.json()).toMatchObject({ username: 'sf-quin' });
    // But it cannot change the second factor: that needs a password session.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/second_factor/disable',
      headers: { authorization: `Bearer ${created.body.token}` },
      payload: { password: GOOD_PASSWORD },
    });
    expect(refused.json()).toEqual({ msg: TOKEN_MSG.sessionOnly, status_code: 403 });
  });
});

describe('the admin: reset and policy', () => {
  afterEach(async () => {
    expect((await setPolicy('nobody')).status).toBe(200);
  });

  it("sees each account's state and resets a lost device, audited", async () => {
    await enrolled('sf-rex');
    const accounts = await t.api<TManagedUser[]>('GET', '/api/v1/auth/list_accounts', { token: t.admin });
    const rex = accounts.body.find((a) => a.username === 'sf-rex');
    expect(rex?.second_factor).toEqual({ enabled: true, recovery_codes_left: 10, required: false });
    const reset = await t.api('PUT', '/api/v1/auth/second_factor/reset', {
      token: t.admin,
      body: { username: 'sf-rex' },
    });
    expect(reset.body).toEqual({ msg: M.resetDone('sf-rex') });
    expect((await auditOf('sf-rex'))[0]).toMatchObject({ action: 'user.second_factor.reset', actor: 'admin' });
    expect((await passwordStep('sf-rex')).body.access_token).toBeTruthy();
    const nobody = await t.api('PUT', '/api/v1/auth/second_factor/reset', {
      token: t.admin,
      body: { username: 'sf-rex' },
    });
    expect(nobody.body).toEqual({ msg: M.resetNothing('sf-rex') });
  });

  it('"admins": an admin without a second factor sets one up before any session; users are not asked', async () => {
    const boss = await buildUser(t, 'sf-boss', ['admin']);
    const member = await buildUser(t, 'sf-member');
    const patToken = await t.api<{ token: string }>('POST', '/api/v1/auth/api_tokens', {
      token: boss,
      body: { name: 'script' },
    });
    expect((await setPolicy('admins', boss)).body).toEqual({ msg: M.policySaved });
    expect((await t.api('GET', '/api/v1/auth/second_factor/policy', { token: boss })).body).toEqual({
      require: 'admins',
    });
    expect((await stateOf(member)).body.required).toBe(false);
    // The admin's session from before is not renewed without a second factor; the member's is.
    const refresh = (token: string) => t.api('POST', '/api/v1/auth/refreshtoken', { token });
    expect(await refresh(boss)).toEqual({ status: 401, body: { msg: M.enrolRequired, status_code: 401 } });
    expect((await refresh(member)).status).toBe(200);
    expect((await passwordStep('sf-member')).body.access_token).toBeTruthy();

    const step = await passwordStep('sf-boss');
    expect(step.body).toMatchObject({ second_factor: 'enrol' });
    expect(step.body.access_token).toBeUndefined();
    const challenge = step.body.challenge!;
    // The enrolment challenge is no code challenge, and no session.
    expect((await codeStep(challenge, { code: '000000' })).status).toBe(401);
    expect((await whoami(challenge)).status).toBe(401);
    const started = await t.api<TEnrolment>('POST', '/api/v1/auth/login/enrolment', { body: { challenge } });
    expect(started.status).toBe(200);
    const done = await t.api<{ access_token: string; recovery_codes: string[] }>(
      'POST',
      '/api/v1/auth/login/enrolment/confirm',
      { body: { challenge, code: codeAt(started.body.secret, Date.now()) } },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.recovery_codes).toHaveLength(10);
    expect((await whoami(done.body.access_token)).body.username).toBe('sf-boss');
    // Required: it cannot be turned off, only reset by an admin. The API token made before still works.
    const off = await t.api('POST', '/api/v1/auth/second_factor/disable', {
      token: done.body.access_token,
      body: { password: GOOD_PASSWORD },
    });
    expect(off).toEqual({ status: 403, body: { msg: M.requiredCannotDisable, status_code: 403 } });
    const pat = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/whoami',
      headers: { authorization: `Bearer ${patToken.body.token}` },
    });
    expect(pat.json()).toMatchObject({ username: 'sf-boss' });
    const audit = await t.api<{ action: string; after: unknown }[]>('GET', '/api/v1/auth/audit', {
      token: t.admin,
      query: { target: 'portal:settings' },
    });
    expect(audit.body[0]).toMatchObject({
      action: 'portal.second_factor_policy',
      after: { require_second_factor: 'admins' },
    });
  });

  it("the operator's reset-password removes the second factor too, audited", async () => {
    await enrolled('sf-tom', ['admin', 'user']);
    const reset = await resetPasswordAsOperator(t.infra.db, {
      username: 'sf-tom',
      password: GOOD_PASSWORD,
      source: 'test',
    });
    expect(reset).toMatchObject({ username: 'sf-tom', second_factor_removed: true });
    expect((await passwordStep('sf-tom')).body.access_token).toBeTruthy();
    const actions = (await auditOf('sf-tom')).map((entry) => [entry.action, entry.actor]);
    expect(actions.slice(0, 2)).toEqual([
      ['user.password.reset', null],
      ['user.second_factor.reset', null],
    ]);
  });

  it('"everyone" covers members too; a wrong policy name is refused', async () => {
    await buildUser(t, 'sf-sam');
    expect((await setPolicy('some')).status).toBe(400);
    await setPolicy('everyone');
    expect((await passwordStep('sf-sam')).body.second_factor).toBe('enrol');
    const accounts = await t.api<TManagedUser[]>('GET', '/api/v1/auth/list_accounts', { token: t.admin });
    expect(accounts.body.find((a) => a.username === 'sf-sam')?.second_factor).toEqual({
      enabled: false,
      recovery_codes_left: 0,
      required: true,
    });
    // A wrong password still reads as one, whatever the policy.
    expect((await passwordStep('sf-sam', 'Wrong#Pass1')).body).toEqual({ msg: MSG.invalidLogin, status_code: 401 });
  });
});
