import { describe, expect, it } from 'vitest';
import { LOGIN_COOKIE_NAME, TOKEN_REFRESH_MARGIN_MS } from '@atlas/contracts';
import {
  clearLoginCookieString,
  loginCookieString,
  parseLoginCookie,
  refreshDelayMs,
  tokenExpiryMs,
} from './loginRecord';

/** An unsigned JWT with the given claims: the client only reads them, the server checks signatures. */
function jwt(claims: object): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

describe('login cookie', () => {
  it('round-trips the {url, token} record with a one-hour lifetime', () => {
    const record = { url: 'http://localhost:8080', token: 'a.b.c' };
    const assignment = loginCookieString(record, false);
    expect(assignment).toContain(`${LOGIN_COOKIE_NAME}=`);
    expect(assignment).toContain('Max-Age=3600');
    expect(assignment).not.toContain('Secure');
    const cookieHeader = `other=1; ${assignment.split(';')[0]}; theme=dark`;
    expect(parseLoginCookie(cookieHeader)).toEqual(record);
  });

  it('marks the cookie Secure on https', () => {
    expect(loginCookieString({ url: 'https://x', token: 't' }, true)).toContain('; Secure');
  });

  it('treats a missing, malformed or empty record as no session', () => {
    expect(parseLoginCookie('')).toBeNull();
    expect(parseLoginCookie('other=1')).toBeNull();
    expect(parseLoginCookie(`${LOGIN_COOKIE_NAME}=%7Bnot-json`)).toBeNull();
    expect(parseLoginCookie(`${LOGIN_COOKIE_NAME}=${encodeURIComponent('{"url":"x","token":""}')}`)).toBeNull();
  });

  it('clears the cookie by expiring it', () => {
    expect(clearLoginCookieString()).toMatch(new RegExp(`^${LOGIN_COOKIE_NAME}=; Max-Age=0; Path=/`));
  });
});

describe('token refresh scheduling', () => {
  const now = Date.UTC(2024, 0, 1, 12, 0, 0);

  it('reads the exp claim in milliseconds', () => {
    expect(tokenExpiryMs(jwt({ sub: 'ada', exp: now / 1000 + 3600 }))).toBe(now + 3_600_000);
  });

  it('refreshes ten minutes before expiry', () => {
    const token = jwt({ sub: 'ada', exp: now / 1000 + 3600 });
    expect(refreshDelayMs(token, now)).toBe(3_600_000 - TOKEN_REFRESH_MARGIN_MS);
  });

  it('refreshes at once when the token is already inside the margin', () => {
    const token = jwt({ sub: 'ada', exp: now / 1000 + 60 });
    expect(refreshDelayMs(token, now)).toBe(0);
  });

  it('does not schedule for unreadable tokens', () => {
    expect(refreshDelayMs('not-a-jwt', now)).toBeNull();
    expect(refreshDelayMs(jwt({ sub: 'ada' }), now)).toBeNull();
  });
});
