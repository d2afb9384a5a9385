import { sql, type Kysely } from 'kysely';
import type { ExternalProvider } from '@atlas/contracts';
import type { Tables } from '../../../infra/db/tables.js';

/** The links from a provider's stable subject to a portal account (022_external_sign_in.sql). */
export function externalIdentityStore(db: Kysely<Tables>) {
  return {
    /** The account linked to a provider's subject, if any. */
    async linkedUserId(provider: ExternalProvider, subject: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('external_identities')
        .select('user_id')
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row?.user_id;
    },

    async linkIdentity(provider: ExternalProvider, subject: string, userId: number): Promise<void> {
      await db.insertInto('external_identities').values({ provider, subject, user_id: userId }).execute();
    },

    async touchIdentity(provider: ExternalProvider, subject: string): Promise<void> {
      await db
        .updateTable('external_identities')
        .set({ last_sign_in_at: sql`now()` })
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .execute();
    },

    /** The profile fields a provider owns: refreshed at each sign-in, so the directory stays the source. */
    async updateExternalProfile(userId: number, profile: { name: string; email: string }): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...profile, updated_at: sql`now()` })
        .where('id', '=', userId)
        .execute();
    },
  };
}
