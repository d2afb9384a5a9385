import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { TOKEN_LIFETIME_SECONDS } from '@atlas/contracts';

/** Claims of our HS256 access tokens. `role: public` tokens belong to visitors' public sessions. */
interface TokenClaims {
  sub: string;
  role: 'user' | 'public';
  groups: string[];
  /** The account's session key when the token was issued (users only): a new password changes it. */
  sk?: string;
  /** Expiry, seconds since epoch. */
  exp: number;
}

export interface TokenService {
  issue(
    subject: { sub: string; role: 'user' | 'public'; groups: string[]; sk?: string },
    lifetimeSeconds?: number,
  ): Promise<string>;
  verify(token: string): Promise<TokenClaims>;
}

export class InvalidTokenError extends Error {}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(subject, lifetimeSeconds = TOKEN_LIFETIME_SECONDS) {
      return new SignJWT({ role: subject.role, groups: subject.groups, ...(subject.sk && { sk: subject.sk }) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(subject.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const role = payload.role === 'public' ? 'public' : 'user';
        const groups = Array.isArray(payload.groups)
          ? payload.groups.filter((g): g is string => typeof g === 'string')
          : [];
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number')
          throw new InvalidTokenError('malformed');
        const sk = typeof payload.sk === 'string' ? payload.sk : undefined;
        return { sub: payload.sub, role, groups, exp: payload.exp, ...(sk && { sk }) };
      } catch (error) {
        if (error instanceof InvalidTokenError || error instanceof joseErrors.JOSEError)
          throw new InvalidTokenError(String(error));
        throw error;
      }
    },
  };
}
