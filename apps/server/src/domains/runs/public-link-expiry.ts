import type { Kysely } from 'kysely';
import { CATALOGUE_MSG, REVIEWER_LINK_MAX_DAYS, SHARING_MSG, type TPublicLinkState } from '@atlas/contracts';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { Tables } from '../../infra/db/tables.js';
import { recordAudit } from '../audit/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often each API process turns expired public runs private (a link lives at most this much past its expiry). */
export const PUBLIC_SWEEP_EVERY_MS = 60_000;

/**
 * The expiry and revoke of a run's public link (issue 35). A run's public link opens while the run is public
 * (./run-access.ts), so expiring it means turning the run private: a sweep does it, by one UPDATE whose trigger
 * bumps the run tables' version, so every cache (catalogue lists, run facts, download links) follows at once — rather
 * than a time-dependent visibility rule that those version-keyed caches could not see change.
 */
export function createPublicLinkExpiry(db: Kysely<Tables>) {
  async function stateOf(runId: string): Promise<TPublicLinkState> {
    const row = await db
      .selectFrom('results as r')
      .innerJoin('tissues as t', 't.tissue_id', 'r.tissue_id')
      .select(['t.run_id', 'r.public', 'r.public_until'])
      .where('t.run_id', '=', runId)
      .executeTakeFirst();
    if (!row) throw notFound(CATALOGUE_MSG.runNotFound(runId));
    return { run_id: row.run_id, public: row.public, expires_at: row.public_until?.toISOString() ?? null };
  }

  const resultsOf = (runId: string) =>
    db
      .selectFrom('tissues as t')
      .innerJoin('results as r', 'r.tissue_id', 't.tissue_id')
      .select('r.results_id')
      .where('t.run_id', '=', runId);

  return {
    /** Turns every public run whose link expired by `now` private; answers the run ids. */
    async sweep(now: number): Promise<string[]> {
      const rows = await db
        .updateTable('results')
        .set({ public: false, public_until: null })
        .where('public', '=', true)
        .where('public_until', '<=', new Date(now))
        .returning('tissue_id')
        .execute();
      if (rows.length === 0) return [];
      const runs = await db
        .selectFrom('tissues')
        .select('run_id')
        .where(
          'tissue_id',
          'in',
          rows.map((row) => row.tissue_id),
        )
        .execute();
      const runIds = runs.map((row) => row.run_id);
      await recordAudit(
        db,
        runIds.map((runId) => ({ actor: null, action: 'run.public_link_expired', target: `run:${runId}` })),
      );
      return runIds;
    },

    async get(runId: string, now: number): Promise<TPublicLinkState> {
      await this.sweep(now);
      return stateOf(runId);
    },

    async setExpiry(
      runId: string,
      expiresAt: string | null,
      actor: string | null,
      now: number,
    ): Promise<TPublicLinkState> {
      const before = await this.get(runId, now);
      if (!before.public) throw conflict(SHARING_MSG.publicNotPublic(runId));
      const at = expiresAt === null ? null : new Date(expiresAt);
      if (at && at.getTime() <= now) throw badRequest(SHARING_MSG.publicInPast);
      if (at && at.getTime() > now + REVIEWER_LINK_MAX_DAYS * DAY_MS) throw badRequest(SHARING_MSG.publicTooFar);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('results')
          .set({ public_until: at })
          .where('results_id', 'in', resultsOf(runId))
          .execute();
        await recordAudit(trx, {
          actor,
          action: 'run.public_link_expiry',
          target: `run:${runId}`,
          before: { expires_at: before.expires_at },
          after: { expires_at: at?.toISOString() ?? null },
        });
      });
      return stateOf(runId);
    },

    /** The run turns private: every public link to it stops opening at its next use. */
    async revoke(runId: string, actor: string | null, now: number): Promise<TPublicLinkState> {
      const before = await this.get(runId, now);
      if (!before.public) throw conflict(SHARING_MSG.publicNotPublic(runId));
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('results')
          .set({ public: false, public_until: null })
          .where('results_id', 'in', resultsOf(runId))
          .execute();
        await recordAudit(trx, { actor, action: 'run.public_link_revoke', target: `run:${runId}`, before });
      });
      return stateOf(runId);
    },

    /** Public runs with their link's expiry (the catalogue's link chip). */
    async livePublic(): Promise<{ run_id: string; public_until: string | null }[]> {
      const rows = await db
        .selectFrom('results as r')
        .innerJoin('tissues as t', 't.tissue_id', 'r.tissue_id')
        .select(['t.run_id', 'r.public_until'])
        .where('r.public', '=', true)
        .execute();
      return rows.map((row) => ({ run_id: row.run_id, public_until: row.public_until?.toISOString() ?? null }));
    },
  };
}

export type PublicLinkExpiry = ReturnType<typeof createPublicLinkExpiry>;
