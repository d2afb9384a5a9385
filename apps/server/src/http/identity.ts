import type { FastifyInstance } from 'fastify';
import { SHARING_MSG, type Identity } from '@atlas/contracts';
import { InvalidTokenError, type TokenService } from './tokens.js';

/** The profile fields `whoami` shows, read with the account's groups. */
export interface AccountProfile {
  name: string;
  email: string;
  organization: string;
  pi_name: string;
}

/** Reads the current groups of an active account, or null when it does not exist, is disabled or unconfirmed. */
export type ActiveUserLookup = (
  username: string,
) => Promise<{ groups: string[]; sessionKey: string; profile: AccountProfile } | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account's profile as the identity hook read it (null for anyone else). */
    accountProfile: AccountProfile | null;
  }
}

/**
 * Resolves a personal API token (`atlas_pat_…`, told apart by its prefix so session JWTs cost no database read):
 * the identity it acts as, or the refusal sent with the 401.
 */
/** Resolves a reviewer session token's link (issue 35): its identity, or null once the link no longer opens. */
export type ReviewerResolver = (
  linkId: string,
  sessionKey: string | undefined,
) => Promise<Extract<Identity, { kind: 'reviewer' }> | null>;

export interface ApiTokenResolver {
  isApiToken(token: string): boolean;
  resolve(token: string): Promise<{ identity: Identity; tokenId: string } | { refusal: string }>;
}

const SCHEMES = /^(?:JWT|Bearer)\s+(\S+)$/i;
/**
 * Account and API token lookups are cached this long per process: bounded staleness across processes, none within one
 * (below). A token past its expiry may so be taken for up to this long more.
 */
const LOOKUP_CACHE_MS = 1000;
const LOOKUP_CACHE_MAX = 10_000;

/**
 * A short-lived cache of account lookups, so that authenticated reads do not each cost a database round trip.
 * `clear()` runs after every account-changing call in this process, so a change applies to the next request.
 */
export function cacheLookups<T>(lookup: (key: string) => Promise<T>, now: () => number = Date.now) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  const cached = (username: string): Promise<T> => {
    const hit = entries.get(username);
    if (hit && now() - hit.at < LOOKUP_CACHE_MS) return hit.value;
    if (entries.size >= LOOKUP_CACHE_MAX) entries.clear();
    const value = lookup(username);
    entries.set(username, { at: now(), value });
    value.catch(() => entries.delete(username));
    return value;
  };
  return { lookup: cached, clear: () => entries.clear() };
}

/**
 * Resolves `Authorization: JWT|Bearer <token>` into request.identity on every request. A user's groups are read
 * from the database, not trusted from the token, so removing a group or disabling an account takes effect at once.
 * Returns the account lookup it uses (cached, emptied by every account change in this process), for other checks of
 * an account's current state (download links).
 */
export function installIdentity(
  app: FastifyInstance,
  tokens: TokenService,
  lookupAccount: ActiveUserLookup,
  apiTokens?: ApiTokenResolver,
  reviewers?: ReviewerResolver,
): ActiveUserLookup {
  const cache = cacheLookups(lookupAccount);
  const lookupUser = cache.lookup;
  // Scripts send many requests in a row with one token: each costs a database read only once a second.
  const tokenCache = apiTokens && cacheLookups((token) => apiTokens.resolve(token));
  // Reviewer sessions: the link's state, cached as accounts are (a rotation or revoke clears it in this process).
  const reviewerCache =
    reviewers &&
    cacheLookups((key) => {
      const [linkId, sessionKey] = key.split('\n') as [string, string];
      return reviewers(linkId, sessionKey);
    });
  // Fastify 5 refuses object placeholders (shared by reference); the hook below sets the value on every request.
  app.decorateRequest('identity', null as never);
  app.decorateRequest('tokenRejected', false);
  app.decorateRequest('accountProfile', null);
  app.decorateRequest('tokenRefusal', null);
  app.decorateRequest('apiTokenId', null);
  app.addHook('onResponse', async (request) => {
    // Every account change goes through a non-GET /api/v1/auth call: forget cached groups and states.
    if (request.method !== 'GET' && request.url.startsWith('/api/v1/auth/')) {
      cache.clear();
      tokenCache?.clear();
      reviewerCache?.clear();
    }
  });
  app.addHook('onRequest', async (request) => {
    request.identity = { kind: 'anonymous' };
    request.accountProfile = null;
    request.tokenRefusal = null;
    request.apiTokenId = null;
    const header = request.headers.authorization;
    if (!header) return;
    const token = SCHEMES.exec(header)?.[1];
    if (!token) {
      request.tokenRejected = true;
      return;
    }
    if (tokenCache && apiTokens?.isApiToken(token)) {
      const resolved = await tokenCache.lookup(token);
      if ('refusal' in resolved) {
        request.tokenRejected = true;
        request.tokenRefusal = resolved.refusal;
        return;
      }
      request.identity = resolved.identity;
      request.apiTokenId = resolved.tokenId;
      return;
    }
    try {
      const claims = await tokens.verify(token);
      if (claims.role === 'public') {
        request.identity = { kind: 'public' };
        return;
      }
      if (claims.role === 'reviewer') {
        const reviewer = reviewerCache ? await reviewerCache.lookup(`${claims.sub}\n${claims.sk ?? ''}`) : null;
        if (!reviewer) {
          request.tokenRejected = true;
          request.tokenRefusal = SHARING_MSG.sessionEnded;
          return;
        }
        request.identity = reviewer;
        return;
      }
      const user = await lookupUser(claims.sub);
      // A token from before the last password change (or with no session key) is over.
      if (!user || claims.sk !== user.sessionKey) {
        request.tokenRejected = true;
        return;
      }
      request.identity = { kind: 'user', username: claims.sub, groups: user.groups };
      request.accountProfile = user.profile;
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
      request.tokenRejected = true;
    }
  });
  return lookupUser;
}
