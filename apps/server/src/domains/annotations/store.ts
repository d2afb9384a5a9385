import { sql } from 'kysely';
import { indicesOfBitset } from '@atlas/contracts';
import type { Db } from '../../infra/db/index.js';

/** An annotation without its tixels: what lists, rights checks and the audit log read. */
export interface AnnotationRow {
  id: string;
  run_id: string;
  name: string;
  color: string;
  note: string;
  tixel_count: number;
  created_by: string | null;
  created_at: Date;
  updated_by: string | null;
  updated_at: Date;
}

/** A stored tixel set (./tixel-set.ts) and its size. */
export interface TixelSet {
  bits: Uint8Array;
  size: number;
}

/** What a create or an update writes; an update without `tixels` keeps the stored ones. */
export interface AnnotationFields {
  name: string;
  color: string;
  note: string;
  tixels?: TixelSet;
}

/** Every column but the tixels themselves. */
const SUMMARY = [
  'id',
  'run_id',
  'name',
  'color',
  'note',
  'tixel_count',
  'created_by',
  'created_at',
  'updated_by',
  'updated_at',
] as const;

/** The bitset as both drivers take a bytea parameter. */
const bytea = (bits: Uint8Array) => Buffer.from(bits.buffer, bits.byteOffset, bits.byteLength);

/** The columns a tixel set writes: the bitset and its size, and no list (rows written before 020 lose theirs). */
const tixelColumns = (set: TixelSet) => ({ tixel_bits: bytea(set.bits), tixel_count: set.size, tixels: null });

/** SQL of the annotations table; the service decides who may call it. */
export function createAnnotationStore(db: Db) {
  return {
    /** A run's annotations without their tixels: the list stays small whatever the sets hold. */
    listForRun(runId: string): Promise<AnnotationRow[]> {
      return db.selectFrom('annotations').select(SUMMARY).where('run_id', '=', runId).orderBy('created_at').execute();
    },

    find(id: string): Promise<AnnotationRow | undefined> {
      return db.selectFrom('annotations').select(SUMMARY).where('id', '=', id).executeTakeFirst();
    },

    /** An annotation's tixels, ascending: from its bitset, or the list of a row written before the bitsets. */
    async tixels(id: string): Promise<number[]> {
      const row = await db
        .selectFrom('annotations')
        .select(['tixel_bits', 'tixels'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return [];
      return row.tixel_bits ? indicesOfBitset(row.tixel_bits) : (row.tixels ?? []);
    },

    nameTaken(runId: string, name: string, exceptId?: string): Promise<boolean> {
      let query = db.selectFrom('annotations').select('id').where('run_id', '=', runId).where('name', '=', name);
      if (exceptId) query = query.where('id', '!=', exceptId);
      return query.executeTakeFirst().then((row) => row !== undefined);
    },

    /**
     * How many annotations the run holds and the account has made, counted under a lock that creates take in
     * turn (reads go on), so two creates at once cannot both pass a cap. Call inside the creating transaction.
     */
    async countsForCreate(trx: Db, runId: string, actor: string): Promise<{ run: number; user: number }> {
      await sql`lock table annotations in share row exclusive mode`.execute(trx);
      const count = (column: 'run_id' | 'created_by', value: string) =>
        trx
          .selectFrom('annotations')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(column, '=', value)
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.n));
      return { run: await count('run_id', runId), user: await count('created_by', actor) };
    },

    insert(
      trx: Db,
      runId: string,
      fields: AnnotationFields & { tixels: TixelSet },
      actor: string,
    ): Promise<AnnotationRow> {
      return trx
        .insertInto('annotations')
        .values({
          run_id: runId,
          name: fields.name,
          color: fields.color,
          note: fields.note,
          ...tixelColumns(fields.tixels),
          created_by: actor,
          updated_by: actor,
        })
        .returning(SUMMARY)
        .executeTakeFirstOrThrow();
    },

    update(trx: Db, id: string, fields: AnnotationFields, actor: string): Promise<AnnotationRow> {
      return trx
        .updateTable('annotations')
        .set({
          name: fields.name,
          color: fields.color,
          note: fields.note,
          ...(fields.tixels && tixelColumns(fields.tixels)),
          updated_by: actor,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returning(SUMMARY)
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
