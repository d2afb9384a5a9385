import { createHmac } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/**
 * Whom a download link was made for: a signed-in account (as of its session key, and of the personal API token the
 * request was signed with, if any) or a run's public link.
 */
export type Holder =
  | { kind: 'user'; username: string; sessionKey: string; apiTokenId?: string }
  | { kind: 'link'; runId: string }
  /** A reviewer link's session whose link allows downloads (issue 35), as of the link's session key. */
  | { kind: 'reviewer'; linkId: string; sessionKey: string };

/** What a download link opens: one object, and the run whose visibility decides (null: a key outside runs). */
export interface DownloadTarget {
  bucket: string;
  key: string;
  run: string | null;
}

export interface DownloadClaims extends DownloadTarget {
  holder: Holder;
  /** Epoch seconds. */
  expires: number;
}

export class DownloadTokenError extends Error {
  constructor(readonly reason: 'invalid' | 'expired') {
    super(`download token ${reason}`);
  }
}

const AUDIENCE = 'atlas-download';

/**
 * Download tokens: HS256 JWTs (jose) under a key of their own derived from the server secret, so that a download
 * token can never pass for a session token, a public run link or a storage signature, nor the reverse. Short claim
 * names keep the URLs short: b bucket, k key, r run, h holder (u + s: account and session key, t: its API token;
 * l: link's run; v + k: reviewer link and its session key).
 */
export function createDownloadTokens(secret: string) {
  const key = createHmac('sha256', secret).update('download-link').digest();
  return {
    seal(claims: DownloadClaims): Promise<string> {
      const { holder } = claims;
      const h =
        holder.kind === 'user'
          ? { u: holder.username, s: holder.sessionKey, ...(holder.apiTokenId && { t: holder.apiTokenId }) }
          : holder.kind === 'reviewer'
            ? { v: holder.linkId, k: holder.sessionKey }
            : { l: holder.runId };
      return new SignJWT({ b: claims.bucket, k: claims.key, r: claims.run, h })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(AUDIENCE)
        .setExpirationTime(claims.expires)
        .sign(key);
    },

    /** The claims of a token this server sealed and that has not expired; DownloadTokenError otherwise. */
    async open(token: string): Promise<DownloadClaims> {
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new DownloadTokenError('expired');
        if (error instanceof joseErrors.JOSEError) throw new DownloadTokenError('invalid');
        throw error;
      }
      const { b, k, r, h, exp } = payload;
      const holder = holderOf(h);
      if (typeof b !== 'string' || typeof k !== 'string' || !(typeof r === 'string' || r === null) || !holder)
        throw new DownloadTokenError('invalid');
      return { bucket: b, key: k, run: r, holder, expires: Number(exp) };
    },
  };
}

export type DownloadTokens = ReturnType<typeof createDownloadTokens>;

function holderOf(h: unknown): Holder | null {
  if (typeof h !== 'object' || h === null) return null;
  const { u, s, t, l, v, k } = h as Record<string, unknown>;
  if (typeof v === 'string' && typeof k === 'string') return { kind: 'reviewer', linkId: v, sessionKey: k };
  if (typeof u === 'string' && typeof s === 'string') {
    if (t !== undefined && typeof t !== 'string') return null;
    return { kind: 'user', username: u, sessionKey: s, ...(t && { apiTokenId: t }) };
  }
  if (typeof l === 'string') return { kind: 'link', runId: l };
  return null;
}
