import { sql, type Kysely } from 'kysely';
import type { Tables } from '../../../infra/db/tables.js';

/** All SQL of personal API tokens (017_api_tokens.sql). A token's state is derived here, in one place. */
type Db = Kysely<Tables>;

export interface TokenRow {
  id: string;
  owner: string;
  name: string;
  hint: string;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  revoked_by: string | null;
  /** The owner's password changed or was reset after the token was made. */
  ended: boolean;
}

/** What the identity hook needs to accept or refuse a presented token. */
export interface PresentedToken extends TokenRow {
  account_active: boolean;
  groups: string[];
}

export interface NewToken {
  user_id: number;
  name: string;
  token_hash: string;
  hint: string;
  session_key: string;
  expires_at: Date;
}

function tokensWithOwner(db: Db) {
  return db
    .selectFrom('api_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      'u.username as owner',
      't.name',
      't.hint',
      't.created_at',
      't.expires_at',
      't.last_used_at',
      't.revoked_at',
      't.revoked_by',
      sql<boolean>`t.session_key <> u.session_key`.as('ended'),
    ]);
}

/** Tokens not revoked, not expired and not ended by a password change (their session key is the account's). */
function liveTokens(db: Db) {
  return db
    .selectFrom('api_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .whereRef('t.session_key', '=', 'u.session_key');
}

export const apiTokenStore = {
  async insert(db: Db, token: NewToken): Promise<TokenRow> {
    const { id } = await db.insertInto('api_tokens').values(token).returning('id').executeTakeFirstOrThrow();
    return (await this.find(db, id))!;
  },

  find(db: Db, id: string): Promise<TokenRow | undefined> {
    return tokensWithOwner(db).where('t.id', '=', id).executeTakeFirst();
  },

  /** Newest first; one account's (by user id) or everyone's. */
  list(db: Db, userId?: number): Promise<TokenRow[]> {
    let query = tokensWithOwner(db);
    if (userId !== undefined) query = query.where('t.user_id', '=', userId);
    return query.orderBy('t.created_at', 'desc').orderBy('t.id').execute();
  },

  /** Tokens of an account that still work: not revoked, not expired, not ended by a password change. */
  async countLive(db: Db, userId: number): Promise<number> {
    const row = await liveTokens(db)
      .where('t.user_id', '=', userId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Whether this token still works (as countLive counts): one indexed read. */
  async isLive(db: Db, id: string): Promise<boolean> {
    return (await liveTokens(db).where('t.id', '=', id).select('t.id').executeTakeFirst()) !== undefined;
  },

  /** The token with this hash, its owner's state and current groups: one indexed read per scripted request. */
  findByHash(db: Db, tokenHash: string): Promise<PresentedToken | undefined> {
    return tokensWithOwner(db)
      .select([
        sql<boolean>`(not u.disabled and u.status = 'CONFIRMED')`.as('account_active'),
        sql<
          string[]
        >`coalesce((select json_agg(g.name order by g.name) from user_groups ug join groups g on g.id = ug.group_id where ug.user_id = u.id), '[]'::json)`.as(
          'groups',
        ),
      ])
      .where('t.token_hash', '=', tokenHash)
      .executeTakeFirst();
  },

  /** Marks a token revoked; false when it was revoked already. */
  async revoke(db: Db, id: string, by: string): Promise<boolean> {
    const row = await db
      .updateTable('api_tokens')
      .set({ revoked_at: sql<Date>`now()`, revoked_by: by })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  async touch(db: Db, id: string): Promise<void> {
    await db
      .updateTable('api_tokens')
      .set({ last_used_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  },
};
