import { sql, type Kysely } from 'kysely';
import { ZSecondFactorPolicy, type TSecondFactorPolicy } from '@atlas/contracts';
import type { Tables } from '../../../infra/db/tables.js';

/** The SQL of the second factor; part of the account store, so its writes share the account transactions. */
export interface SecondFactorRow {
  secret_box: string | null;
  enabled_at: Date | null;
  last_step: number | null;
  pending_box: string | null;
}

const POLICY_SETTING = 'require_second_factor';

export function secondFactorStore(db: Kysely<Tables>) {
  return {
    async findSecondFactor(userId: number): Promise<SecondFactorRow | undefined> {
      const row = await db
        .selectFrom('second_factors')
        .select(['secret_box', 'enabled_at', 'last_step', 'pending_box'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row && { ...row, last_step: row.last_step === null ? null : Number(row.last_step) };
    },

    /** A set-up's secret, replacing an unfinished one; an enabled secret stays until the set-up is confirmed. */
    async savePendingSecret(userId: number, box: string): Promise<void> {
      await db
        .insertInto('second_factors')
        .values({ user_id: userId, pending_box: box, pending_at: sql`now()` })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_box: box, pending_at: sql`now()` }))
        .execute();
    },

    /** The pending secret becomes the account's, its confirming code's step the last one used. */
    async enableSecondFactor(userId: number, box: string, step: number): Promise<boolean> {
      const row = await db
        .updateTable('second_factors')
        .set({ secret_box: box, enabled_at: sql`now()`, last_step: step, pending_box: null, pending_at: null })
        .where('user_id', '=', userId)
        .where('pending_box', '=', box)
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Records a step as used, in one statement: false when it is not newer than the last one (a replay). */
    async useStep(userId: number, step: number): Promise<boolean> {
      const row = await db
        .updateTable('second_factors')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async removeSecondFactor(userId: number): Promise<void> {
      await db.deleteFrom('second_factors').where('user_id', '=', userId).execute();
      await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    },

    async replaceRecoveryCodes(userId: number, hashes: readonly string[]): Promise<void> {
      await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await db
        .insertInto('recovery_codes')
        .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
        .execute();
    },

    /** Uses up a recovery code in one statement: false when there is no such unused code. */
    async useRecoveryCode(userId: number, hash: string): Promise<boolean> {
      const row = await db
        .updateTable('recovery_codes')
        .set({ used_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Per account with a second factor on: when, and how many recovery codes are left. */
    async secondFactorStates(userId?: number): Promise<Map<number, { enabledAt: Date; recoveryLeft: number }>> {
      let query = db
        .selectFrom('second_factors')
        .select([
          'user_id',
          'enabled_at',
          sql<number>`(select count(*)::int from recovery_codes r where r.user_id = second_factors.user_id and r.used_at is null)`.as(
            'left',
          ),
        ])
        .where('secret_box', 'is not', null);
      if (userId !== undefined) query = query.where('user_id', '=', userId);
      const rows = await query.execute();
      return new Map(
        rows.map((r) => [r.user_id, { enabledAt: new Date(r.enabled_at!), recoveryLeft: Number(r.left) }]),
      );
    },

    async secondFactorPolicy(): Promise<TSecondFactorPolicy> {
      const row = await db
        .selectFrom('portal_settings')
        .select('value')
        .where('name', '=', POLICY_SETTING)
        .executeTakeFirst();
      const parsed = ZSecondFactorPolicy.safeParse(row?.value);
      return parsed.success ? parsed.data : 'nobody';
    },

    async setSecondFactorPolicy(policy: TSecondFactorPolicy, actor: string): Promise<void> {
      const value = JSON.stringify(policy);
      await db
        .insertInto('portal_settings')
        .values({ name: POLICY_SETTING, value, updated_by: actor })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_by: actor, updated_at: sql`now()` }))
        .execute();
    },
  };
}
