import { sql, type Kysely } from 'kysely';
import { AUTH_CODE_MAX_ATTEMPTS, GROUP_ADMIN, type SignInMethod } from '@atlas/contracts';
import type { Tables } from '../../infra/db/tables.js';
import { listAudit, recordAudit, type AuditEntry } from '../audit/index.js';
import type { CodePurpose, StoredCode } from './codes.js';
import { externalIdentityStore } from './external/store.js';
import { secondFactorStore } from './second-factor/store.js';

/** All SQL of the accounts domain: users, groups, memberships, one-time codes and their audit entries. */
export interface UserRecord {
  id: number;
  username: string;
  password_hash: string;
  name: string;
  email: string;
  organization: string;
  pi_name: string;
  status: 'UNCONFIRMED' | 'CONFIRMED';
  email_verified: boolean;
  disabled: boolean;
  /** Changes with the password: tokens carry it, so a new password ends older sessions. */
  session_key: string;
  /** Group names, sorted. */
  groups: string[];
  /** Local password, or an institution's OpenID provider or directory (external/). */
  sign_in_method: SignInMethod;
}

interface NewUserValues {
  username: string;
  sign_in_method?: SignInMethod;
  password_hash: string;
  name: string;
  email: string;
  organization: string;
  pi_name: string;
  status: 'UNCONFIRMED' | 'CONFIRMED';
  email_verified: boolean;
}

type UserPatch = Partial<Pick<UserRecord, 'password_hash' | 'status' | 'email_verified' | 'disabled'>>;

export interface GroupRecord {
  id: number;
  name: string;
  description: string;
}

export type AccountStore = ReturnType<typeof bindStore> & {
  /** Runs `fn` in one transaction; everything it does through the given store commits or rolls back together. */
  transaction<T>(fn: (store: AccountStore) => Promise<T>): Promise<T>;
};

export function createAccountStore(db: Kysely<Tables>): AccountStore {
  return withTransactions(db);
}

function withTransactions(db: Kysely<Tables>): AccountStore {
  return {
    ...bindStore(db),
    // Nested calls reuse the open transaction (PGlite has one connection: a second one would wait for ever).
    transaction: (fn) =>
      db.isTransaction ? fn(withTransactions(db)) : db.transaction().execute((trx) => fn(withTransactions(trx))),
  };
}

/** What the identity hook learns about a signed-in account on each request. */
export interface ActiveAccount {
  groups: string[];
  sessionKey: string;
  profile: { name: string; email: string; organization: string; pi_name: string };
}

function bindStore(db: Kysely<Tables>) {
  const usersWithGroups = () =>
    db
      .selectFrom('users')
      .select([
        'users.id',
        'users.username',
        'users.password_hash',
        'users.name',
        'users.email',
        'users.organization',
        'users.pi_name',
        'users.status',
        'users.email_verified',
        'users.disabled',
        'users.session_key',
        'users.sign_in_method',
        sql<
          string[]
        >`coalesce((select json_agg(g.name order by g.name) from user_groups ug join groups g on g.id = ug.group_id where ug.user_id = users.id), '[]'::json)`.as(
          'groups',
        ),
      ]);

  return {
    ...secondFactorStore(db),
    ...externalIdentityStore(db),
    /**
     * Current groups and profile of an existing, enabled, admin-confirmed user; null otherwise (the identity hook
     * reads this per request, so `whoami` answers from it without another query).
     */
    async activeUserGroups(username: string): Promise<ActiveAccount | null> {
      const user = await usersWithGroups()
        .where('users.username', '=', username)
        .where('users.disabled', '=', false)
        .where('users.status', '=', 'CONFIRMED')
        .executeTakeFirst();
      if (!user) return null;
      const profile = { name: user.name, email: user.email, organization: user.organization, pi_name: user.pi_name };
      return { groups: user.groups, sessionKey: user.session_key, profile };
    },

    findUser(username: string): Promise<UserRecord | undefined> {
      return usersWithGroups().where('users.username', '=', username).executeTakeFirst();
    },

    findUserById(id: number): Promise<UserRecord | undefined> {
      return usersWithGroups().where('users.id', '=', id).executeTakeFirst();
    },

    listUsers(): Promise<UserRecord[]> {
      return usersWithGroups().orderBy('users.username').execute();
    },

    async countUsers(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Inserts a user; returns its id, or undefined when the username is taken in any case (also under a race). */
    async insertUser(values: NewUserValues): Promise<number | undefined> {
      const row = await db
        .insertInto('users')
        .values(values)
        // No conflict target: the exact name and its lower-case form (012_username_case.sql) are both unique.
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    async updateUser(id: number, patch: UserPatch): Promise<void> {
      // A new password, or a disable, draws a new session key: every token issued before it stops working (and a
      // re-enabled account's old tokens, API tokens included, do not come back to life).
      const endsSessions = patch.password_hash !== undefined || patch.disabled === true;
      const session = endsSessions ? { session_key: sql<string>`gen_random_uuid()` } : {};
      await db
        .updateTable('users')
        .set({ ...patch, ...session, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },

    async deleteUser(id: number): Promise<void> {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },

    listGroups(): Promise<GroupRecord[]> {
      return db.selectFrom('groups').select(['id', 'name', 'description']).orderBy('name').execute();
    },

    async findGroups(names: readonly string[]): Promise<GroupRecord[]> {
      if (names.length === 0) return [];
      return db
        .selectFrom('groups')
        .select(['id', 'name', 'description'])
        .where('name', 'in', [...names])
        .execute();
    },

    /** Inserts a group; false when the name is taken. */
    async insertGroup(name: string, description: string): Promise<boolean> {
      const row = await db
        .insertInto('groups')
        .values({ name, description })
        .onConflict((oc) => oc.column('name').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async deleteGroup(id: number): Promise<void> {
      await db.deleteFrom('groups').where('id', '=', id).execute();
    },

    async groupMembers(groupId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('user_groups')
        .innerJoin('users', 'users.id', 'user_groups.user_id')
        .select('users.username')
        .where('user_groups.group_id', '=', groupId)
        .orderBy('users.username')
        .execute();
      return rows.map((r) => r.username);
    },

    async addMemberships(userId: number, groupIds: readonly number[]): Promise<void> {
      if (groupIds.length === 0) return;
      await db
        .insertInto('user_groups')
        .values(groupIds.map((group_id) => ({ user_id: userId, group_id })))
        .onConflict((oc) => oc.columns(['user_id', 'group_id']).doNothing())
        .execute();
    },

    async removeMemberships(userId: number, groupIds: readonly number[]): Promise<void> {
      if (groupIds.length === 0) return;
      await db
        .deleteFrom('user_groups')
        .where('user_id', '=', userId)
        .where('group_id', 'in', [...groupIds])
        .execute();
    },

    /** Enabled, confirmed members of the admin group other than `exceptUserId`. */
    async countOtherActiveAdmins(exceptUserId: number): Promise<number> {
      const row = await db
        .selectFrom('user_groups')
        .innerJoin('groups', 'groups.id', 'user_groups.group_id')
        .innerJoin('users', 'users.id', 'user_groups.user_id')
        .where('groups.name', '=', GROUP_ADMIN)
        .where('users.id', '!=', exceptUserId)
        .where('users.disabled', '=', false)
        .where('users.status', '=', 'CONFIRMED')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Stores a new code for a purpose, replacing any older one: only the newest code works. */
    async replaceCode(userId: number, purpose: CodePurpose, codeHash: string, expiresAt: Date): Promise<void> {
      await db.deleteFrom('auth_codes').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
      await db
        .insertInto('auth_codes')
        .values({ user_id: userId, purpose, code_hash: codeHash, expires_at: expiresAt })
        .execute();
    },

    async findCode(userId: number, purpose: CodePurpose): Promise<StoredCode | undefined> {
      const row = await db
        .selectFrom('auth_codes')
        .select(['id', 'code_hash', 'attempts', 'expires_at'])
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row && { ...row, expires_at: new Date(row.expires_at) };
    },

    /** Uses up one try of a code in a single statement; false when none is left (so parallel guesses cannot pass the limit). */
    async reserveAttempt(codeId: number): Promise<boolean> {
      const row = await db
        .updateTable('auth_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', codeId)
        .where('attempts', '<', AUTH_CODE_MAX_ATTEMPTS)
        .returning('attempts')
        .executeTakeFirst();
      return row !== undefined;
    },

    async deleteCodes(userId: number, purpose: CodePurpose): Promise<void> {
      await db.deleteFrom('auth_codes').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
    },

    audit(entry: AuditEntry): Promise<void> {
      return recordAudit(db, entry);
    },

    listAudit(options: { target?: string; limit: number }) {
      return listAudit(db, options);
    },
  };
}
