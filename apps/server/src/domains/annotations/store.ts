import type { Selectable } from 'kysely';
import type { Db } from '../../infra/db/index.js';
import type { AnnotationsTable } from '../../infra/db/tables.js';

export type AnnotationRow = Selectable<AnnotationsTable>;

/** What a create or an update writes. */
export interface AnnotationFields {
  name: string;
  color: string;
  note: string;
  tixels: number[];
}

/** SQL of the annotations table; the service decides who may call it. */
export function createAnnotationStore(db: Db) {
  return {
    listForRun(runId: string): Promise<AnnotationRow[]> {
      return db.selectFrom('annotations').selectAll().where('run_id', '=', runId).orderBy('created_at').execute();
    },

    find(id: string): Promise<AnnotationRow | undefined> {
      return db.selectFrom('annotations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    nameTaken(runId: string, name: string, exceptId?: string): Promise<boolean> {
      let query = db.selectFrom('annotations').select('id').where('run_id', '=', runId).where('name', '=', name);
      if (exceptId) query = query.where('id', '!=', exceptId);
      return query.executeTakeFirst().then((row) => row !== undefined);
    },

    insert(trx: Db, runId: string, fields: AnnotationFields, actor: string): Promise<AnnotationRow> {
      return trx
        .insertInto('annotations')
        .values({
          run_id: runId,
          ...fields,
          tixels: JSON.stringify(fields.tixels),
          created_by: actor,
          updated_by: actor,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    update(trx: Db, id: string, fields: AnnotationFields, actor: string): Promise<AnnotationRow> {
      return trx
        .updateTable('annotations')
        .set({ ...fields, tixels: JSON.stringify(fields.tixels), updated_by: actor, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async remove(trx: Db, id: string): Promise<void> {
      await trx.deleteFrom('annotations').where('id', '=', id).execute();
    },
  };
}

export type AnnotationStore = ReturnType<typeof createAnnotationStore>;

/** SQL of the cluster_colours table (one row per run); the service decides who may call it. */
export function createClusterColourStore(db: Db) {
  return {
    async get(runId: string): Promise<Record<string, string>> {
      const row = await db
        .selectFrom('cluster_colours')
        .select('colors')
        .where('run_id', '=', runId)
        .executeTakeFirst();
      return row?.colors ?? {};
    },

    /** Replaces the run's table in one statement: a reader sees the old table or the new one, never a mix. */
    async put(trx: Db, runId: string, colors: Record<string, string>, actor: string): Promise<void> {
      const values = { colors: JSON.stringify(colors), updated_by: actor, updated_at: new Date() };
      await trx
        .insertInto('cluster_colours')
        .values({ run_id: runId, ...values })
        .onConflict((oc) => oc.column('run_id').doUpdateSet(values))
        .execute();
    },
  };
}
