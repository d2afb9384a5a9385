import { createHash } from 'node:crypto';
import { EncryptJWT, errors as joseErrors, jwtDecrypt, type JWTPayload } from 'jose';
import { OIDC_PATHS } from '@atlas/contracts';
import { cookieValue } from '../device-cookies.js';

/**
 * The OIDC sign-in's browser-held state: encrypted and authenticated cookies (JWE, `dir` + A256GCM, jose) under a
 * key derived from the server secret, so any API process behind the proxy can read what another wrote and no
 * process keeps per-sign-in memory. Each kind has its own audience and path; a cookie of one kind never passes for
 * another. Used once: the routes record each one's id in the shared limit store (routes.ts).
 */
export type SealedKind = 'transaction' | 'handoff';

export interface SealedCookie {
  name: string;
  path: string;
  maxAgeSeconds: number;
}

/** The sign-in's cookies, each on the one path that reads it. */
export const OIDC_COOKIES = {
  /** state, nonce and PKCE verifier, between `start` and the provider's return (ten minutes to sign in there). */
  TRANSACTION: { name: 'atlas_oidc_txn', path: OIDC_PATHS.callback, maxAgeSeconds: 600 },
  /** The callback's outcome, for the sign-in page to trade once for its session token. */
  HANDOFF: { name: 'atlas_oidc_handoff', path: OIDC_PATHS.session, maxAgeSeconds: 60 },
  /**
   * The provider's ID token, as `id_token_hint` of its end-session request (so it ends the right session without
   * asking whom). Not secret (the provider signed it for this client) but personal: HttpOnly, read by sign-out only.
   * Kept as is, not sealed: an Entra ID token with groups is near the 4 KB a browser keeps for a cookie.
   */
  LOGOUT_HINT: { name: 'atlas_oidc_hint', path: OIDC_PATHS.signOut, maxAgeSeconds: 12 * 3600 },
} satisfies Record<string, SealedCookie>;

export function createSealer(serverSecret: string, now: () => number = Date.now) {
  const key = createHash('sha256').update(`atlas oidc cookie\n${serverSecret}`).digest();
  return {
    /** The Set-Cookie header storing `payload` in this cookie (HttpOnly, SameSite=Lax: the provider's redirect is a top-level GET). */
    async seal(kind: SealedKind, cookie: SealedCookie, payload: JWTPayload, secure: boolean): Promise<string> {
      const seconds = Math.floor(now() / 1000);
      const value = await new EncryptJWT(payload)
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setAudience(`atlas oidc ${kind}`)
        .setIssuedAt(seconds)
        .setExpirationTime(seconds + cookie.maxAgeSeconds)
        .encrypt(key);
      return setCookie(cookie, value, secure);
    },
    /** The payload of the request's cookie, or null when it is missing, forged, expired or of another kind. */
    async open(kind: SealedKind, cookie: SealedCookie, header: string | undefined): Promise<JWTPayload | null> {
      const value = header ? cookieValue(header, cookie.name) : undefined;
      if (!value) return null;
      try {
        const { payload } = await jwtDecrypt(value, key, {
          audience: `atlas oidc ${kind}`,
          currentDate: new Date(now()),
          keyManagementAlgorithms: ['dir'],
          contentEncryptionAlgorithms: ['A256GCM'],
        });
        return payload;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export type Sealer = ReturnType<typeof createSealer>;

/** A Set-Cookie header; an empty value with Max-Age=0 removes the cookie. */
export function setCookie(cookie: SealedCookie, value: string, secure: boolean): string {
  const attributes = [`Max-Age=${value ? cookie.maxAgeSeconds : 0}`, `Path=${cookie.path}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return [`${cookie.name}=${value}`, ...attributes].join('; ');
}
