import { createHash, randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import { DEVICE_COOKIE_DAYS } from '@atlas/contracts';

/**
 * OWASP's device cookies ("Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in to an
 * account gets a signed cookie naming that account. Its failures are counted per cookie, while failures from
 * browsers without one count against the account as a whole. Strangers guessing one account from many addresses
 * so get few guesses in all, and the owner's own browser is never held by their failures.
 *
 * Signing is @fastify/cookie's (HMAC-SHA256, timing-safe check). Its parse/serialize need the `cookie` v2 module,
 * which the Node 20 pin (`cookie` 1.1.1, package.json overrides) replaces, so this one cookie, whose value holds
 * only base64 characters and dots, is written and found here. It is read only by the sign-in route (its path),
 * never as a credential: requests are still authorised by their bearer token.
 */
export interface DeviceCookie {
  name: string;
  value: string;
  /** The Set-Cookie header that stores it. */
  header: string;
}

const COOKIE_PATH = '/api/v1/auth/login';

/** One cookie per account, so people sharing a lab computer each keep their own. */
export function deviceCookieName(username: string): string {
  return `atlas_device_${createHash('sha256').update(username).digest('base64url').slice(0, 12)}`;
}

/** The device id a request's cookie proves for this account, or null (none, forged, or another account's). */
export function trustedDevice(secret: string, username: string, cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  const raw = cookieValue(cookieHeader, deviceCookieName(username));
  if (!raw) return null;
  const unsigned = fastifyCookie.unsign(raw, deviceSecret(secret));
  if (!unsigned.valid) return null;
  const [owner, device] = unsigned.value.split('.');
  return owner === Buffer.from(username).toString('base64url') && device ? device : null;
}

/** A new device cookie for the account, HttpOnly and same-site, Secure when the portal is reached over HTTPS. */
export function newDeviceCookie(secret: string, username: string, secure: boolean): DeviceCookie {
  const name = deviceCookieName(username);
  const owner = Buffer.from(username).toString('base64url');
  const value = fastifyCookie.sign(`${owner}.${randomBytes(16).toString('base64url')}`, deviceSecret(secret));
  const attributes = [
    `Max-Age=${DEVICE_COOKIE_DAYS * 24 * 3600}`,
    `Path=${COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (secure) attributes.push('Secure');
  return { name, value, header: [`${name}=${value}`, ...attributes].join('; ') };
}

/** A key of its own, so a device cookie's signature can never pass for anything else the JWT secret signs. */
function deviceSecret(secret: string): string {
  return createHash('sha256').update(`atlas device cookie\n${secret}`).digest('base64url');
}

/** The first value of the named cookie in a Cookie header (RFC 6265 §5.4: `name=value` pairs joined by `; `). */
export function cookieValue(header: string, name: string): string | undefined {
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}
