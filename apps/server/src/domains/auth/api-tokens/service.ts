import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  API_TOKEN_HINT_CHARS,
  API_TOKEN_MAX_LIVE,
  API_TOKEN_PREFIX,
  GROUP_ADMIN,
  TOKEN_MSG,
  type ApiTokenState,
  type Identity,
  type TApiToken,
  type TCreatedApiToken,
  type TOwnedApiToken,
} from '@atlas/contracts';
import { conflict, notFound } from '../../../http/errors.js';
import type { Tables } from '../../../infra/db/tables.js';
import { recordAudit, userTarget } from '../../audit/index.js';
import type { AccountStore } from '../store.js';
import { apiTokenStore, type TokenRow } from './store.js';

/**
 * Personal API tokens (issue 20). The secret is `atlas_pat_` + 256 random bits; only its SHA-256 is stored (a slow
 * password hash buys nothing for a secret that cannot be guessed, and this one is checked on every request). A
 * token acts as its owner with the owner's groups at the time of each request, and stops when it is revoked, when
 * it expires, when the owner's password changes or is reset (the session key it was made under is gone) and while
 * the account is disabled.
 */
type Db = Kysely<Tables>;
const DAY_MS = 24 * 60 * 60 * 1000;
/** last_used_at is written at most this often per token and process: a script's burst costs one write. */
const TOUCH_EVERY_MS = 60_000;

export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const isApiToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);

/** A presented token resolved to the identity it acts as, or the reason it is refused (sent with the 401). */
export type ResolvedApiToken = { identity: Identity & { kind: 'user' }; tokenId: string } | { refusal: string };

export interface ApiTokenDeps {
  db: Db;
  accounts: AccountStore;
  now?: () => number;
}

function stateOf(row: TokenRow, now: number): ApiTokenState {
  if (row.revoked_at) return 'revoked';
  if (row.ended) return 'ended';
  return new Date(row.expires_at).getTime() <= now ? 'expired' : 'active';
}

const iso = (value: Date | string) => new Date(value).toISOString();
/** `2026-11-25 16:04 UTC`: how an expiry reads in a refusal. */
const readable = (value: Date | string) => `${iso(value).slice(0, 16).replace('T', ' ')} UTC`;

function present(row: TokenRow, now: number): TApiToken {
  return {
    id: row.id,
    name: row.name,
    hint: `${API_TOKEN_PREFIX}…${row.hint}`,
    created_at: iso(row.created_at),
    expires_at: iso(row.expires_at),
    last_used_at: row.last_used_at ? iso(row.last_used_at) : null,
    state: stateOf(row, now),
    revoked_at: row.revoked_at ? iso(row.revoked_at) : null,
    revoked_by: row.revoked_by,
  };
}

export function createApiTokenService(deps: ApiTokenDeps) {
  const { db, accounts } = deps;
  const now = deps.now ?? Date.now;
  const touched = new Map<string, number>();

  async function requireAccount(username: string) {
    const user = await accounts.findUser(username);
    // The identity hook let this user in a moment ago; a deletion in between reads as a missing token owner.
    if (!user) throw notFound(TOKEN_MSG.notFound);
    return user;
  }

  return {
    async create(username: string, name: string, days: number): Promise<TCreatedApiToken> {
      const user = await requireAccount(username);
      const secret = randomBytes(32).toString('base64url');
      const token = `${API_TOKEN_PREFIX}${secret}`;
      const row = await db.transaction().execute(async (trx) => {
        // The account row is the lock: two creations at once cannot both take the last free place.
        await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute();
        if ((await apiTokenStore.countLive(trx, user.id)) >= API_TOKEN_MAX_LIVE) throw conflict(TOKEN_MSG.tooMany);
        const created = await apiTokenStore.insert(trx, {
          user_id: user.id,
          name,
          token_hash: hashApiToken(token),
          hint: secret.slice(-API_TOKEN_HINT_CHARS),
          session_key: user.session_key,
          expires_at: new Date(now() + days * DAY_MS),
        });
        await recordAudit(trx, {
          actor: username,
          action: 'api_token.create',
          target: userTarget(username),
          after: { id: created.id, name, expires_at: iso(created.expires_at) },
        });
        return created;
      });
      return { ...present(row, now()), token };
    },

    async listOwn(username: string): Promise<TApiToken[]> {
      const user = await requireAccount(username);
      const t = now();
      return (await apiTokenStore.list(db, user.id)).map((row) => present(row, t));
    },

    async listAll(): Promise<TOwnedApiToken[]> {
      const t = now();
      return (await apiTokenStore.list(db)).map((row) => ({ ...present(row, t), owner: row.owner }));
    },

    /** The owner or an admin revokes; anyone else is told there is no such token, as if it did not exist. */
    async revoke(actor: { username: string; groups: string[] }, id: string): Promise<{ msg: string }> {
      const row = await apiTokenStore.find(db, id);
      const isAdmin = actor.groups.includes(GROUP_ADMIN);
      if (!row || (row.owner !== actor.username && !isAdmin)) throw notFound(TOKEN_MSG.notFound);
      await db.transaction().execute(async (trx) => {
        if (!(await apiTokenStore.revoke(trx, id, actor.username))) return;
        await recordAudit(trx, {
          actor: actor.username,
          action: 'api_token.revoke',
          target: userTarget(row.owner),
          before: { id, name: row.name },
        });
      });
      return { msg: TOKEN_MSG.revokedNamed(row.name) };
    },

    /** Whether a token still signs requests: a download link made with it closes when it no longer does. */
    isLive: (id: string): Promise<boolean> => apiTokenStore.isLive(db, id),

    /** For the identity hook: who a presented `atlas_pat_…` token acts as, or why it is refused. */
    async resolve(token: string): Promise<ResolvedApiToken> {
      const row = await apiTokenStore.findByHash(db, hashApiToken(token));
      if (!row) return { refusal: TOKEN_MSG.unknown };
      const t = now();
      const state = stateOf(row, t);
      if (state === 'revoked') return { refusal: TOKEN_MSG.revoked };
      // Before 'ended': disabling an account also ends its sessions, and the owner should hear the cause.
      if (!row.account_active) return { refusal: TOKEN_MSG.accountInactive };
      if (state === 'ended') return { refusal: TOKEN_MSG.ended };
      if (state === 'expired') return { refusal: TOKEN_MSG.expired(readable(row.expires_at)) };
      if (t - (touched.get(row.id) ?? 0) >= TOUCH_EVERY_MS) {
        touched.set(row.id, t);
        if (touched.size > 10_000) touched.clear();
        await apiTokenStore.touch(db, row.id);
      }
      return { identity: { kind: 'user', username: row.owner, groups: row.groups }, tokenId: row.id };
    },
  };
}

export type ApiTokenService = ReturnType<typeof createApiTokenService>;
