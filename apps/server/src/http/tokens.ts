import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { TOKEN_LIFETIME_SECONDS } from '@atlas/contracts';

/**
 * Claims of our HS256 access tokens. `role: public` tokens belong to visitors' public sessions; `role: reviewer` to
 * reviewer link sessions (sub: the link's id, sk: its session key).
 */
type TokenRole = 'user' | 'public' | 'reviewer';
interface TokenClaims {
  sub: string;
  role: TokenRole;
  groups: string[];
  /** The account's session key when the token was issued (users only): a new password changes it. */
  sk?: string;
  /** Expiry, seconds since epoch. */
  exp: number;
}

export interface TokenService {
  issue(
    subject: { sub: string; role: TokenRole; groups: string[]; sk?: string },
    lifetimeSeconds?: number,
  ): Promise<string>;
  verify(token: string): Promise<TokenClaims>;
}

export class InvalidTokenError extends Error {}

/** Tokens whose signature was checked, kept per process: a bounded map, emptied whole when full. */
const VERIFIED_MAX = 10_000;

export function createTokenService(secret: string, now: () => number = Date.now): TokenService {
  const key = new TextEncoder().encode(secret);
  // A token's claims never change and its signature checks once for all (one secret per process), so each
  // request of a session costs a map read instead of an HMAC and two JSON parses. Expiry is checked every time.
  const verified = new Map<string, TokenClaims>();

  const checkSignature = async (token: string): Promise<TokenClaims> => {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(now()) });
      const role: TokenRole = payload.role === 'public' || payload.role === 'reviewer' ? payload.role : 'user';
      const groups = Array.isArray(payload.groups)
        ? payload.groups.filter((g): g is string => typeof g === 'string')
        : [];
      if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') throw new InvalidTokenError('malformed');
      const sk = typeof payload.sk === 'string' ? payload.sk : undefined;
      return { sub: payload.sub, role, groups, exp: payload.exp, ...(sk && { sk }) };
    } catch (error) {
      if (error instanceof InvalidTokenError || error instanceof joseErrors.JOSEError)
        throw new InvalidTokenError(String(error));
      throw error;
    }
  };

  return {
    async issue(subject, lifetimeSeconds = TOKEN_LIFETIME_SECONDS) {
      return new SignJWT({ role: subject.role, groups: subject.groups, ...(subject.sk && { sk: subject.sk }) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(subject.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(now() / 1000) + lifetimeSeconds)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        // jose's own check: expired once the clock reaches `exp` (no clock tolerance).
        if (Math.floor(now() / 1000) >= known.exp) {
          verified.delete(token);
          throw new InvalidTokenError('"exp" claim timestamp check failed');
        }
        return known;
      }
      const claims = await checkSignature(token);
      if (verified.size >= VERIFIED_MAX) verified.clear();
      verified.set(token, claims);
      return claims;
    },
  };
}
