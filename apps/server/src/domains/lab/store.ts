import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Tables } from '../../infra/db/tables.js';
import { auditRowsSql } from '../audit/index.js';
import {
  limitOffset,
  orderBy,
  projectedJson,
  recordJson,
  translateFilter,
  type Filter,
  type QueryOptions,
  type TableShape,
} from './filter.js';

/** The four lab tables: key column + JSONB doc (005_lab.sql). */
export type LabTable = 'wafers' | 'chips' | 'dbits' | 'qc';
export const KEY_OF: Record<LabTable, string> = { wafers: 'wafer_id', chips: 'chip_id', dbits: 'run_id', qc: 'id' };

export type LabRecord = Record<string, unknown> & { _id: string };
type Db = Kysely<Tables>;

const shapeOf = (table: LabTable, alias?: string): TableShape => ({ keyColumn: KEY_OF[table], alias });

/** SQL of the lab tables. Every function takes the executor (the database or a transaction). */
export const labStore = {
  async list(db: Db, table: LabTable, filter: Filter, options: QueryOptions): Promise<LabRecord[]> {
    const shape = shapeOf(table);
    const rows = await sql<{
      record: LabRecord;
    }>`select ${projectedJson(options, shape)} as record from ${sql.table(table)} where ${translateFilter(filter, shape)} order by ${orderBy(options, shape)}${limitOffset(options)}`.execute(
      db,
    );
    return rows.rows.map((r) => r.record);
  },

  /**
   * Records whose key or `_id` is in the lists, locked for update when `lock`. Each list goes as ONE array parameter
   * (`= any($1)`), so a 200,000-key import is a few statements, not one per 10,000 keys under the parameter limit.
   */
  async find(db: Db, table: LabTable, by: { keys?: string[]; ids?: string[] }, lock = false): Promise<LabRecord[]> {
    const shape = shapeOf(table);
    const select = async (column: RawBuilder<unknown>, values: string[]) => {
      let found: LabRecord[] = [];
      for (const batch of batches(values)) {
        const rows = await sql<{
          record: LabRecord;
        }>`select ${recordJson(shape)} as record from ${sql.table(table)} where ${column} = any(${sql.val(batch)}::text[])${lock ? sql` for update` : sql``}`.execute(
          db,
        );
        found = found.concat(rows.rows.map((r) => r.record));
      }
      return found;
    };
    const byKey = await select(sql.ref(shape.keyColumn), by.keys ?? []);
    const byId = await select(sql`_id::text`, by.ids ?? []);
    const seen = new Set(byKey.map((r) => r._id));
    return [...byKey, ...byId.filter((r) => !seen.has(r._id))];
  },

  /**
   * New records and their `create` audit entries, in one statement per 50,000: keys and docs go as two array
   * parameters (unnest), and the entries are written from the inserted rows by the same statement (a CTE), not
   * sent back here and in again. The records come back only when `records` (a CSV import needs counts only).
   */
  async insertMany(
    db: Db,
    table: LabTable,
    items: Array<{ key: string; doc: Record<string, unknown> }>,
    audit: { actor: string | null; action: string; targetPrefix: string; records: boolean },
  ): Promise<{ count: number; records: LabRecord[] }> {
    const shape = shapeOf(table);
    const key = sql.ref(shape.keyColumn);
    let records: LabRecord[] = [];
    let count = 0;
    for (const batch of batches(items)) {
      const keys = batch.map((i) => i.key);
      const docs = batch.map((i) => JSON.stringify(i.doc));
      const entries = auditRowsSql('inserted', {
        actor: audit.actor,
        action: audit.action,
        target: sql<string>`${audit.targetPrefix}::text || ${key}`,
        after: sql`record`,
      });
      const rows = await sql<{ record: LabRecord | null; count: number }>`
        with inserted as (
          insert into ${sql.table(table)} (${key}, doc)
          select k, d::jsonb from unnest(${sql.val(keys)}::text[], ${sql.val(docs)}::text[]) as u(k, d)
          returning ${key}, ${recordJson(shape)} as record
        ), audited as (${entries})
        ${audit.records ? sql`select record, 1 as count from inserted` : sql`select null as record, count(*)::int as count from inserted`}`.execute(
        db,
      );
      if (audit.records) {
        records = records.concat(rows.rows.map((r) => r.record!));
        count += rows.rows.length;
      } else count += rows.rows[0]?.count ?? 0;
    }
    return { count, records };
  },

  async update(db: Db, table: LabTable, id: string, key: string, doc: Record<string, unknown>): Promise<LabRecord> {
    const shape = shapeOf(table);
    const rows = await sql<{
      record: LabRecord;
    }>`update ${sql.table(table)} set ${sql.ref(shape.keyColumn)} = ${key}, doc = ${JSON.stringify(doc)}::jsonb, updated_at = now() where _id::text = ${id} returning ${recordJson(shape)} as record`.execute(
      db,
    );
    return rows.rows[0]!.record;
  },

  async deleteWhere(db: Db, table: LabTable, filter: Filter): Promise<LabRecord[]> {
    const shape = shapeOf(table);
    const rows = await sql<{
      record: LabRecord;
    }>`delete from ${sql.table(table)} where ${translateFilter(filter, shape)} returning ${recordJson(shape)} as record`.execute(
      db,
    );
    return rows.rows.map((r) => r.record);
  },

  /** Every field name some record of the table holds (its free-form fields included), without the key and `_id`. */
  async fieldNames(db: Db, table: LabTable): Promise<string[]> {
    const rows = await sql<{
      field: string;
    }>`select distinct jsonb_object_keys(doc) as field from ${sql.table(table)} order by field`.execute(db);
    return rows.rows.map((r) => r.field);
  },

  async exists(db: Db, table: LabTable, key: string): Promise<boolean> {
    const rows = await sql<{
      one: number;
    }>`select 1 as one from ${sql.table(table)} where ${sql.ref(KEY_OF[table])} = ${key} limit 1`.execute(db);
    return rows.rows.length > 0;
  },

  /**
   * Wafer id → chip id → DBiT records, as ONE statement: the nesting is built by PostgreSQL with correlated
   * jsonb_object_agg / jsonb_agg subqueries (served by the chips_wafer and dbits_chip_* indexes), so the
   * database answers in one round trip however many wafers and chips there are (no N+1). A chip links to a
   * wafer through doc.wafer_id; a DBiT run appears under both of its chips (chip_a_id, chip_b_id). The filter
   * and options select and order the wafers.
   */
  async waferTrace(
    db: Db,
    filter: Filter,
    options: QueryOptions,
  ): Promise<Record<string, Record<string, LabRecord[]>>> {
    const w = shapeOf('wafers', 'w');
    const d = shapeOf('dbits', 'd');
    const result = await sql<{ trace: Record<string, Record<string, LabRecord[]>> | null }>`
      select coalesce(jsonb_object_agg(sel.wafer_id, sel.chips), '{}'::jsonb) as trace
      from (
        select w.wafer_id, (
          select coalesce(jsonb_object_agg(c.chip_id, (
            select coalesce(jsonb_agg(${recordJson(d)} order by d.run_id), '[]'::jsonb)
            from dbits d
            where d.doc ->> 'chip_a_id' = c.chip_id or d.doc ->> 'chip_b_id' = c.chip_id
          )), '{}'::jsonb)
          from chips c where c.doc ->> 'wafer_id' = w.wafer_id
        ) as chips
        from wafers w
        where ${translateFilter(filter, w)}
        order by ${orderBy(options, w)}${limitOffset(options)}
      ) sel`.execute(db);
    return result.rows[0]?.trace ?? {};
  },
};

/** Big imports go in slices: each statement's arrays and answer stay a few MB. */
function batches<T>(items: readonly T[], size = 50_000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
