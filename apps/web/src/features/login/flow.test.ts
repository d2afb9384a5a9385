import { describe, expect, it } from 'vitest';
import { MSG } from '@atlas/contracts';
import { ApiError } from '../../api/client';
import { forgotOutcome, isRejectedCode, registrationValid, resetValid, signInError } from './flow';

const email = { DeliveryMedium: 'EMAIL' as const, Destination: 'a***@lab.org' };

describe('forgotOutcome', () => {
  it('opens the reset screen when the code went by email', () => {
    expect(forgotOutcome({ state: 'Success', msg: '', CodeDeliveryDetails: email })).toEqual({ kind: 'reset' });
  });

  it('asks SMS users to contact support', () => {
    const sms = { DeliveryMedium: 'SMS' as const, Destination: '+1***' };
    expect(forgotOutcome({ state: 'Success', msg: '', CodeDeliveryDetails: sms })).toEqual({
      kind: 'error',
      message: MSG.contactSupport,
    });
  });

  it('maps the other states of the spec', () => {
    const base = { msg: '', CodeDeliveryDetails: null };
    expect(forgotOutcome({ ...base, state: 'user_na' })).toEqual({ kind: 'error', message: MSG.usernameMissing });
    expect(forgotOutcome({ ...base, state: 'email_unconfirmed' })).toEqual({ kind: 'neverVerified' });
    expect(forgotOutcome({ ...base, state: 'needs_confirmation' })).toEqual({ kind: 'confirm' });
    expect(forgotOutcome({ ...base, state: 'Failure', msg: MSG.attemptLimitExceeded })).toEqual({
      kind: 'error',
      message: MSG.mustWait,
    });
    expect(forgotOutcome({ ...base, state: 'Failure', msg: MSG.accountDisabled })).toEqual({
      kind: 'error',
      message: MSG.accountDisabled,
    });
    expect(forgotOutcome({ ...base, state: 'Failure' })).toEqual({ kind: 'error', message: MSG.resetCodeError });
  });
});

describe('signInError', () => {
  it('says invalid username or password for a 401 and passes other server messages through', () => {
    expect(signInError(new ApiError(401, 'whatever', '/login'))).toBe(MSG.invalidLogin);
    expect(signInError(new ApiError(403, MSG.accountUnconfirmed, '/login'))).toBe(MSG.accountUnconfirmed);
    expect(signInError(new ApiError(429, MSG.tooManyAttempts, '/login'))).toBe(MSG.tooManyAttempts);
  });
});

describe('isRejectedCode', () => {
  it('tells a rejected code from an unreachable server', () => {
    expect(isRejectedCode(new ApiError(400, 'bad', '/x'))).toBe(true);
    expect(isRejectedCode(new ApiError(0, 'offline', '/x'))).toBe(false);
    expect(isRejectedCode(new ApiError(500, 'boom', '/x'))).toBe(false);
  });
});

describe('registration and reset validation', () => {
  const valid = {
    name: 'Ada Lovelace',
    email: 'ada@lab.org',
    pi_name: 'Babbage',
    organization: 'Lab',
    username: 'ada',
    password: 'Secret#123',
    confirm: 'Secret#123',
  };

  it('accepts a complete registration', () => {
    expect(registrationValid(valid)).toBe(true);
  });

  it('refuses blanks, a bad email, a weak password or a mismatch', () => {
    expect(registrationValid({ ...valid, pi_name: '  ' })).toBe(false);
    expect(registrationValid({ ...valid, email: 'ada@lab' })).toBe(false);
    expect(registrationValid({ ...valid, password: 'secret#123', confirm: 'secret#123' })).toBe(false);
    expect(registrationValid({ ...valid, confirm: 'Secret#124' })).toBe(false);
  });

  it('needs a code and a valid matching password to reset', () => {
    expect(resetValid('123456', 'Secret#123', 'Secret#123')).toBe(true);
    expect(resetValid(' ', 'Secret#123', 'Secret#123')).toBe(false);
    expect(resetValid('123456', 'Secret123', 'Secret123')).toBe(false);
    expect(resetValid('123456', 'Secret#123', 'Secret#12')).toBe(false);
  });
});
