import { AUTH_CODE_MAX_ATTEMPTS, CODE_REQUEST_LIMIT, MSG } from '@atlas/contracts';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../infra/mail/outbox-reader.js';
import { useTestApp } from '../../../test/harness.js';
import {
  codeOf,
  expireCodes,
  GOOD_PASSWORD,
  login,
  otherCode,
  REQUEST,
  requestAccount,
} from '../../../test/accounts.js';
import { buildUser } from '../../../test/factories.js';

const t = useTestApp();

const confirm = (username: string, confirmation_code: string) =>
  t.api('GET', '/api/v1/auth/confirm_user_via_email', { query: { username, confirmation_code } });
const resend = (username: string) =>
  t.api('GET', '/api/v1/auth/resend_confirmation_via_email', { query: { username } });

describe('registration flow', () => {
  it('request → emailed code → confirm email → admin confirm → sign in', async () => {
    const reply = await t.api('POST', '/api/v1/auth/user_account_request', { body: REQUEST });
    expect(reply).toEqual({ status: 200, body: { username_exists: false, msg: MSG.accountRequested } });
    const mails = readOutbox(t.infra.dataDir);
    const mail = mails.find((m) => m.to === 'alice@example.org')!;
    expect(mail.text).toContain('Username: alice');
    // Every admin hears of the request, with what to do next.
    const notice = mails.find((m) => m.subject === 'Atlas Portal: account request from alice')!;
    expect(notice.to).toBe(t.infra.config.admin.email);
    expect(notice.text).toContain('Organization: Wonderland Lab');
    expect(notice.text).toContain("'awaiting approval'");
    const code = codeOf(t, 'alice');

    const accounts = await t.api<{ username: string }[]>('GET', '/api/v1/auth/list_accounts', { token: t.admin });
    expect(accounts.body.find((u) => u.username === 'alice')).toMatchObject({
      name: 'Alice Liddell',
      email: 'alice@example.org',
      organization: 'Wonderland Lab',
      piname: 'Dr. Dodo',
      status: 'UNCONFIRMED',
      email_verified: false,
      groups: [],
      group_names: '',
    });

    // Before the email is verified, a sign-in sends the registrant back to the code screen.
    expect(await t.api('POST', '/api/v1/auth/login', { body: { username: 'alice', password: GOOD_PASSWORD } })).toEqual(
      { status: 403, body: { msg: MSG.accountEmailUnverified, status_code: 403 } },
    );
    expect(await confirm('alice', code)).toEqual({ status: 200, body: { msg: 'Success' } });
    const loginBody = { username: 'alice', password: GOOD_PASSWORD };
    // Email verified, but not yet authorised by an admin.
    expect(await t.api('POST', '/api/v1/auth/login', { body: loginBody })).toEqual({
      status: 403,
      body: { msg: MSG.accountAwaitingApproval, status_code: 403 },
    });
    expect((await t.api('PUT', '/api/v1/auth/confirm', { token: t.admin, body: { username: 'alice' } })).body).toEqual({
      msg: MSG.userConfirmed,
    });
    const token = await login(t.app, 'alice', GOOD_PASSWORD);
    expect((await t.api('GET', '/api/v1/auth/whoami', { token })).body).toEqual({
      username: 'alice',
      groups: [],
      public: false,
      profile: {
        name: 'Alice Liddell',
        email: 'alice@example.org',
        organization: 'Wonderland Lab',
        pi_name: 'Dr. Dodo',
      },
    });

    const audit = await t.api<{ action: string }[]>('GET', '/api/v1/auth/audit', {
      token: t.admin,
      query: { target: 'user:alice' },
    });
    expect(audit.body.map((row) => row.action)).toEqual(['user.confirm', 'user.email.verify', 'user.request']);
  });

  it('tells a user without groups whom to ask, and nobody else', async () => {
    const token = await buildUser(t, 'groupless', []);
    const contacts = await t.api('GET', '/api/v1/auth/admin_contacts', { token });
    expect(contacts).toEqual({
      status: 200,
      body: [{ name: 'Administrator', email: t.infra.config.admin.email }],
    });
    const visitor = await t.api<{ access_token: string }>('GET', '/api/v1/auth/log_into_public');
    const hidden = await t.api('GET', '/api/v1/auth/admin_contacts', { token: visitor.body.access_token });
    expect(hidden).toEqual({ status: 200, body: [] });
    expect((await t.api('GET', '/api/v1/auth/admin_contacts')).status).toBe(401);
  });

  it('tells that a username exists without creating anything', async () => {
    await requestAccount(t, 'taken');
    const before = readOutbox(t.infra.dataDir).length;
    const again = await t.api('POST', '/api/v1/auth/user_account_request', {
      body: { ...REQUEST, username: 'taken' },
    });
    expect(again).toEqual({ status: 200, body: { username_exists: true, msg: MSG.usernameExists } });
    expect(readOutbox(t.infra.dataDir)).toHaveLength(before);
    const admins = await t.api('POST', '/api/v1/auth/user_account_request', {
      body: { ...REQUEST, username: 'admin' },
    });
    expect(admins.body).toEqual({ username_exists: true, msg: MSG.usernameExists });
    // Unique regardless of case, through the account request and the admin's Add User alike.
    const upper = await t.api('POST', '/api/v1/auth/user_account_request', {
      body: { ...REQUEST, username: 'Taken' },
    });
    expect(upper.body).toEqual({ username_exists: true, msg: MSG.usernameExists });
    const added = await t.api('POST', '/api/v1/auth/user', {
      token: t.admin,
      body: { username: 'TAKEN', password: GOOD_PASSWORD, name: 'T', email: 't@example.org', groups: [] },
    });
    expect(added.status).toBe(409);
    expect(readOutbox(t.infra.dataDir)).toHaveLength(before);
  });

  it('validates every field with a 400 and a message', async () => {
    const cases: [Partial<typeof REQUEST>, string][] = [
      [{ password: 'weakpassword' }, `password: ${MSG.passwordNotValid}`],
      [{ password: 'Sh#1' }, 'password: Password must be at least 8 characters'],
      [{ email: 'not-an-email' }, `email: ${MSG.emailInvalid}`],
      [{ email: '' }, `email: ${MSG.emailMissing}`],
      [{ name: '  ' }, 'name: Name is required'],
      [{ pi_name: '' }, 'pi_name: PI name is required'],
      [{ organization: '' }, 'organization: Organization is required'],
      [{ username: 'bad name' }, 'username: Username may contain letters, digits and _ . @ - only'],
    ];
    for (const [change, msg] of cases) {
      const reply = await t.api('POST', '/api/v1/auth/user_account_request', {
        body: { ...REQUEST, username: 'val', ...change },
      });
      expect(reply, msg).toEqual({ status: 400, body: { msg, status_code: 400 } });
    }
    const { email: _email, ...withoutEmail } = REQUEST;
    const missing = await t.api('POST', '/api/v1/auth/user_account_request', {
      body: { ...withoutEmail, username: 'val' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toMatch(/^email: /);
  });

  it('undoes the request when the confirmation mail cannot be sent', async () => {
    const send = t.infra.mailer.send;
    t.infra.mailer.send = async () => {
      throw new Error('mail server down');
    };
    try {
      const reply = await t.api('POST', '/api/v1/auth/user_account_request', {
        body: { ...REQUEST, username: 'unlucky' },
      });
      expect(reply).toEqual({ status: 500, body: { msg: MSG.accountRequestError, status_code: 500 } });
    } finally {
      t.infra.mailer.send = send;
    }
    const retry = await t.api('POST', '/api/v1/auth/user_account_request', {
      body: { ...REQUEST, username: 'unlucky' },
    });
    expect(retry.body).toEqual({ username_exists: false, msg: MSG.accountRequested });
  });
});

describe('confirm_user_via_email', () => {
  it('refuses a wrong code, then the attempt limit, even for the right code', async () => {
    const code = await requestAccount(t, 'guesser');
    for (let i = 0; i < AUTH_CODE_MAX_ATTEMPTS; i++) {
      expect(await confirm('guesser', otherCode(code))).toEqual({
        status: 400,
        body: { msg: MSG.wrongConfirmationCode, status_code: 400 },
      });
    }
    expect(await confirm('guesser', code)).toEqual({
      status: 400,
      body: { msg: MSG.attemptLimitExceeded, status_code: 400 },
    });
    // A new code starts a fresh count.
    await resend('guesser');
    expect((await confirm('guesser', codeOf(t, 'guesser'))).status).toBe(200);
  });

  it('refuses an expired code with a clear message', async () => {
    const code = await requestAccount(t, 'slowpoke');
    await expireCodes(t, 'slowpoke');
    expect(await confirm('slowpoke', code)).toEqual({ status: 400, body: { msg: MSG.codeExpired, status_code: 400 } });
  });

  it('answers 404 for an unknown user, 400 once verified, 400 without a code', async () => {
    expect(await confirm('nobody', '123456')).toEqual({
      status: 404,
      body: { msg: MSG.usernameMissing, status_code: 404 },
    });
    const code = await requestAccount(t, 'twice');
    expect((await confirm('twice', code)).status).toBe(200);
    expect(await confirm('twice', code)).toEqual({
      status: 400,
      body: { msg: MSG.emailAlreadyVerified, status_code: 400 },
    });
    const missing = await t.api('GET', '/api/v1/auth/confirm_user_via_email', { query: { username: 'twice' } });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toMatch(/^confirmation_code: /);
  });
});

describe('resend_confirmation_via_email', () => {
  it('mails a new code that replaces the old one', async () => {
    const first = await requestAccount(t, 'forgetful');
    expect(await resend('forgetful')).toEqual({ status: 200, body: { msg: MSG.codeResent } });
    const second = codeOf(t, 'forgetful');
    // Codes are random: only in one run of a million are both the same.
    if (first !== second) {
      expect(await confirm('forgetful', first)).toMatchObject({
        status: 400,
        body: { msg: MSG.wrongConfirmationCode },
      });
    }
    expect((await confirm('forgetful', second)).status).toBe(200);
  });

  it('answers 404 for an unknown user and 400 once verified', async () => {
    expect(await resend('nobody')).toEqual({ status: 404, body: { msg: MSG.usernameMissing, status_code: 404 } });
    expect(await resend('alice')).toEqual({ status: 400, body: { msg: MSG.emailAlreadyVerified, status_code: 400 } });
  });

  it('limits how many codes one user can have mailed (429)', async () => {
    await requestAccount(t, 'spammer');
    // The request itself mailed the first code of the window.
    for (let i = 1; i < CODE_REQUEST_LIMIT.max; i++) expect((await resend('spammer')).status).toBe(200);
    expect(await resend('spammer')).toEqual({ status: 429, body: { msg: MSG.tooManyCodeRequests, status_code: 429 } });
  });
});
