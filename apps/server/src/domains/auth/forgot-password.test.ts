import { AUTH_CODE_MAX_ATTEMPTS, CODE_REQUEST_LIMIT, MSG } from '@atlas/contracts';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../infra/mail/outbox-reader.js';
import { useTestApp } from '../../../test/harness.js';
import { codeOf, expireCodes, GOOD_PASSWORD, login, otherCode, requestAccount } from '../../../test/accounts.js';
import { buildUser } from '../../../test/factories.js';
import { maskEmail } from './self-service.js';

const t = useTestApp();

const forgot = (username: string) => t.api('GET', '/api/v1/auth/forgot_password_request', { query: { username } });
const reset = (username: string, code: string, password = 'Fresh#Pass9') =>
  t.api('POST', '/api/v1/auth/forgot_password_confirmation', { body: { username, password, code } });

/** A user who registered, confirmed the email and was authorised: the only kind that may reset by mail. */
async function verifiedUser(username: string): Promise<void> {
  const code = await requestAccount(t, username);
  await t.api('GET', '/api/v1/auth/confirm_user_via_email', { query: { username, confirmation_code: code } });
  await t.api('PUT', '/api/v1/auth/confirm', { token: t.admin, body: { username } });
}

describe('forgot_password_request', () => {
  it('user_na for an unknown username', async () => {
    expect(await forgot('ghost')).toEqual({
      status: 200,
      body: { state: 'user_na', msg: MSG.usernameMissing, CodeDeliveryDetails: null },
    });
  });

  it('email_unconfirmed for an admin-confirmed account whose email was never verified', async () => {
    await buildUser(t, 'byadmin');
    const before = readOutbox(t.infra.dataDir).length;
    expect((await forgot('byadmin')).body).toEqual({
      state: 'email_unconfirmed',
      msg: MSG.neverVerifiedTitle,
      CodeDeliveryDetails: null,
    });
    expect(readOutbox(t.infra.dataDir)).toHaveLength(before);
  });

  it('needs_confirmation for an unfinished registration, and mails the confirmation code again', async () => {
    await requestAccount(t, 'unfinished');
    const before = readOutbox(t.infra.dataDir).length;
    expect((await forgot('unfinished')).body).toEqual({
      state: 'needs_confirmation',
      msg: MSG.verifyFirstBody,
      CodeDeliveryDetails: null,
    });
    const mails = readOutbox(t.infra.dataDir);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe('Atlas Portal: confirm your email address');
    const code = codeOf(t, 'unfinished');
    const confirmed = await t.api('GET', '/api/v1/auth/confirm_user_via_email', {
      query: { username: 'unfinished', confirmation_code: code },
    });
    expect(confirmed.status).toBe(200);
  });

  it('Success with a masked email destination, and a reset code in the mail', async () => {
    await verifiedUser('erin');
    expect(await forgot('erin')).toEqual({
      status: 200,
      body: {
        state: 'Success',
        msg: MSG.resetCodeMailed,
        CodeDeliveryDetails: { DeliveryMedium: 'EMAIL', Destination: 'e***@e***.org' },
      },
    });
    const mail = readOutbox(t.infra.dataDir).at(-1)!;
    expect(mail).toMatchObject({ to: 'erin@example.org', subject: 'Atlas Portal: reset your password' });
    expect(mail.text).toMatch(/^Code: \d{6}$/m);
  });

  it('Failure with the attempt limit after too many requests in a short time', async () => {
    await verifiedUser('hasty');
    for (let i = 0; i < CODE_REQUEST_LIMIT.max; i++) expect((await forgot('hasty')).body.state).toBe('Success');
    expect((await forgot('hasty')).body).toEqual({
      state: 'Failure',
      msg: MSG.attemptLimitExceeded,
      CodeDeliveryDetails: null,
    });
  });

  it('Failure for a disabled account, and 400 without a username', async () => {
    await verifiedUser('frozen');
    await t.api('PUT', '/api/v1/auth/disable_user', { token: t.admin, body: { username: 'frozen' } });
    expect((await forgot('frozen')).body).toEqual({
      state: 'Failure',
      msg: MSG.accountDisabled,
      CodeDeliveryDetails: null,
    });
    expect((await t.api('GET', '/api/v1/auth/forgot_password_request')).status).toBe(400);
  });

  it('answers 500 with the spec message when the mail cannot be sent', async () => {
    await verifiedUser('offline');
    const send = t.infra.mailer.send;
    t.infra.mailer.send = async () => {
      throw new Error('mail server down');
    };
    try {
      expect(await forgot('offline')).toEqual({ status: 500, body: { msg: MSG.resetCodeError, status_code: 500 } });
    } finally {
      t.infra.mailer.send = send;
    }
  });
});

describe('forgot_password_confirmation', () => {
  it('resets the password with the mailed code, once', async () => {
    await verifiedUser('gina');
    await forgot('gina');
    const code = codeOf(t, 'gina');
    expect(await reset('gina', code)).toEqual({
      status: 200,
      body: { state: 'Success', msg: MSG.passwordHasBeenReset },
    });
    expect(await login(t.app, 'gina', 'Fresh#Pass9')).toBeTruthy();
    expect(
      (await t.api('POST', '/api/v1/auth/login', { body: { username: 'gina', password: GOOD_PASSWORD } })).status,
    ).toBe(401);
    // The code is used up.
    expect((await reset('gina', code, 'Other#Pass9')).body).toEqual({ state: 'wrong_code', msg: MSG.wrongCode });
  });

  it('wrong_code for a wrong code, then Failure at the attempt limit', async () => {
    await verifiedUser('henry');
    await forgot('henry');
    const code = codeOf(t, 'henry');
    for (let i = 0; i < AUTH_CODE_MAX_ATTEMPTS; i++) {
      expect(await reset('henry', otherCode(code))).toEqual({
        status: 200,
        body: { state: 'wrong_code', msg: MSG.wrongCode },
      });
    }
    expect((await reset('henry', code)).body).toEqual({ state: 'Failure', msg: MSG.attemptLimitExceeded });
    expect(await login(t.app, 'henry', GOOD_PASSWORD)).toBeTruthy();
  });

  it('Failure for an expired code, an unknown user; 400 for a weak password', async () => {
    await verifiedUser('ivy');
    await forgot('ivy');
    const code = codeOf(t, 'ivy');
    expect(await reset('ivy', code, 'weakpassword')).toEqual({
      status: 400,
      body: { msg: `password: ${MSG.passwordNotValid}`, status_code: 400 },
    });
    await expireCodes(t, 'ivy');
    expect((await reset('ivy', code)).body).toEqual({ state: 'Failure', msg: MSG.codeExpired });
    expect((await reset('ghost', code)).body).toEqual({ state: 'Failure', msg: MSG.usernameMissing });
    expect(
      (await t.api('POST', '/api/v1/auth/forgot_password_confirmation', { body: { username: 'ivy' } })).status,
    ).toBe(400);
  });

  it('audits the reset without any secret', async () => {
    const rows = await t.infra.db.selectFrom('audit_log').selectAll().where('target', '=', 'user:gina').execute();
    expect(rows.map((r) => r.action)).toContain('user.password.reset');
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/\$argon2|Fresh#Pass9|Good#Pass1/);
  });
});

describe('maskEmail', () => {
  it('keeps only the first letters and the top-level domain', () => {
    expect(maskEmail('alice@example.org')).toBe('a***@e***.org');
    expect(maskEmail('x@localhost')).toBe('x***@l***');
    expect(maskEmail('broken')).toBe('***');
  });
});
