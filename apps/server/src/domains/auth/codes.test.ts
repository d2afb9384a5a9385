import { AUTH_CODE_MAX_ATTEMPTS } from '@atlas/contracts';
import { describe, expect, it } from 'vitest';
import { codeMatches, codeState, generateCode, hashCode } from './codes.js';

describe('one-time codes', () => {
  it('are 6 digits, zero-padded', () => {
    const codes = Array.from({ length: 200 }, generateCode);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it('are stored as a keyed hash that depends on secret and purpose', () => {
    const h = hashCode('secret', 'confirm_email', '012345');
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toContain('012345');
    expect(hashCode('secret', 'confirm_email', ' 012345 ')).toBe(h);
    expect(hashCode('other', 'confirm_email', '012345')).not.toBe(h);
    expect(hashCode('secret', 'reset_password', '012345')).not.toBe(h);
    expect(codeMatches(h, hashCode('secret', 'confirm_email', '012345'))).toBe(true);
    expect(codeMatches(h, hashCode('secret', 'confirm_email', '012346'))).toBe(false);
    expect(codeMatches(h, 'abc')).toBe(false);
  });

  it('are usable until the attempt limit or the expiry, the limit first', () => {
    const now = new Date('2024-01-01T00:00:00Z');
    const later = new Date(now.getTime() + 1000);
    const code = { id: 1, code_hash: 'x', attempts: 0, expires_at: later };
    expect(codeState(undefined, now)).toBe('missing');
    expect(codeState(code, now)).toBe('usable');
    expect(codeState({ ...code, attempts: AUTH_CODE_MAX_ATTEMPTS - 1 }, now)).toBe('usable');
    expect(codeState({ ...code, attempts: AUTH_CODE_MAX_ATTEMPTS }, now)).toBe('attempt_limit');
    expect(codeState(code, later)).toBe('expired');
    expect(codeState({ ...code, attempts: AUTH_CODE_MAX_ATTEMPTS }, later)).toBe('attempt_limit');
  });
});
