import { LOGIN_COOKIE_DAYS, LOGIN_COOKIE_NAME, TOKEN_REFRESH_MARGIN_MS } from '@atlas/contracts';

/**
 * The spec's session record (spec 01 §3, §4, §9): cookie 'atxLogin' holding JSON {url, token} for 1/24 day,
 * and a token refresh at expiry minus 10 minutes. Pure functions over strings so they are testable without a browser.
 */
export interface LoginRecord {
  url: string;
  token: string;
}

const COOKIE_MAX_AGE_SECONDS = Math.round(LOGIN_COOKIE_DAYS * 24 * 60 * 60);

/** Finds and parses the login record in a `document.cookie` string; anything malformed counts as no record. */
export function parseLoginCookie(cookieHeader: string): LoginRecord | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== LOGIN_COOKIE_NAME) continue;
    try {
      const value = JSON.parse(decodeURIComponent(part.slice(eq + 1).trim())) as Partial<LoginRecord>;
      if (typeof value.token === 'string' && value.token && typeof value.url === 'string') {
        return { url: value.url, token: value.token };
      }
    } catch {
      return null;
    }
    return null;
  }
  return null;
}

/** The `document.cookie` assignment that stores the record for the spec's lifetime. */
export function loginCookieString(record: LoginRecord, secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify(record));
  return `${LOGIN_COOKIE_NAME}=${value}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The `document.cookie` assignment that removes the record. */
export function clearLoginCookieString(): string {
  return `${LOGIN_COOKIE_NAME}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/** The `exp` claim of a JWT in epoch milliseconds, or null when the token cannot be read. */
export function tokenExpiryMs(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims = JSON.parse(atob(base64)) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * How long to wait before refreshing the token: expiry minus the spec's margin, never negative
 * (a token already inside the margin is refreshed at once). Null when the token has no readable expiry.
 */
export function refreshDelayMs(token: string, now: number): number | null {
  const expiry = tokenExpiryMs(token);
  if (expiry === null) return null;
  return Math.max(0, expiry - TOKEN_REFRESH_MARGIN_MS - now);
}
