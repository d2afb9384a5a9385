import type { Kysely, Selectable } from 'kysely';
import type { ReviewerLinksTable, Tables } from '../../../infra/db/tables.js';

type Db = Kysely<Tables>;
export type LinkRow = Selectable<ReviewerLinksTable> & { run_ids: string[] };

/** The rows of reviewer links (023_reviewer_links.sql) with the run ids each opens. */
export const reviewerLinkStore = {
  async insert(
    db: Db,
    link: {
      label: string;
      code_hash: string;
      pin_hash: string;
      allow_downloads: boolean;
      created_by: string | null;
      expires_at: Date;
    },
    runIds: readonly string[],
  ): Promise<string> {
    const { id } = await db.insertInto('reviewer_links').values(link).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('reviewer_link_runs')
      .values(runIds.map((run_id) => ({ link_id: id, run_id })))
      .execute();
    return id;
  },

  async find(db: Db, where: { id: string } | { code_hash: string }): Promise<LinkRow | undefined> {
    let query = db.selectFrom('reviewer_links').selectAll();
    query = 'id' in where ? query.where('id', '=', where.id) : query.where('code_hash', '=', where.code_hash);
    const row = await query.executeTakeFirst();
    if (!row) return undefined;
    return { ...row, run_ids: await runIdsOf(db, row.id) };
  },

  async list(db: Db, runId?: string): Promise<LinkRow[]> {
    let query = db.selectFrom('reviewer_links').selectAll().orderBy('created_at', 'desc');
    if (runId)
      query = query.where(
        'id',
        'in',
        db.selectFrom('reviewer_link_runs').select('link_id').where('run_id', '=', runId),
      );
    const rows = await query.execute();
    return Promise.all(rows.map(async (row) => ({ ...row, run_ids: await runIdsOf(db, row.id) })));
  },

  /** A new code, PIN and session key: every session made under the old key ends. */
  async rotate(db: Db, id: string, hashes: { code_hash: string; pin_hash: string }, at: Date): Promise<void> {
    await db
      .updateTable('reviewer_links')
      .set((eb) => ({ ...hashes, rotated_at: at, session_key: eb.fn('gen_random_uuid') }))
      .where('id', '=', id)
      .execute();
  },

  async revoke(db: Db, id: string, by: string, at: Date): Promise<boolean> {
    const done = await db
      .updateTable('reviewer_links')
      .set({ revoked_at: at, revoked_by: by })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return done.numUpdatedRows > 0n;
  },

  async touch(db: Db, id: string, at: Date): Promise<void> {
    await db.updateTable('reviewer_links').set({ last_used_at: at }).where('id', '=', id).execute();
  },

  /** How many links that are live at `at` open each run. */
  async liveCounts(db: Db, at: Date): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom('reviewer_link_runs as r')
      .innerJoin('reviewer_links as l', 'l.id', 'r.link_id')
      .select(['r.run_id'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('l.revoked_at', 'is', null)
      .where('l.expires_at', '>', at)
      .groupBy('r.run_id')
      .execute();
    return new Map(rows.map((row) => [row.run_id, Number(row.n)]));
  },
};

async function runIdsOf(db: Db, id: string): Promise<string[]> {
  const rows = await db
    .selectFrom('reviewer_link_runs')
    .select('run_id')
    .where('link_id', '=', id)
    .orderBy('run_id')
    .execute();
  return rows.map((row) => row.run_id);
}
