import path from 'node:path';
import type { Kysely } from 'kysely';
import {
  IMAGE_EXTENSIONS,
  LAB_KEY,
  LAB_MSG,
  LAB_SINGULAR,
  type LabKind,
  ZLabRecordInput,
  ZQcInput,
  type TBulkResult,
  type TImportPreview,
  type TImportResult,
  type TPutResult,
} from '@atlas/contracts';
import { HttpError } from '../../http/errors.js';
import type { Tables } from '../../infra/db/tables.js';
import { checkKey, InvalidKeyError, type ObjectStore } from '../../infra/storage/index.js';
import { listAudit, recordAudit, type AuditRow } from '../audit/index.js';
import { CsvError, readLabCsv } from './csv.js';
import { canonical, checkColumns, previewRows } from './importPlan.js';
import { FilterError, parseFilterParam, parseOptionsParam, type Filter } from './filter.js';
import { KEY_OF, labStore, type LabRecord, type LabTable } from './store.js';

/**
 * Rules of the lab metadata (spec 02 §3–§5, DESIGN §4): records are keyed by wafer_id / chip_id / run_id / id,
 * everything else is free-form and kept; an update merges the given fields into the stored ones; chips accept
 * `waferid` for `wafer_id`; every create, update and delete is audited with before and after in the same
 * transaction; a CSV import is one transaction.
 */
type Db = Kysely<Tables>;
const SINGULAR: Record<LabTable, string> = { ...LAB_SINGULAR, qc: 'qc' };
export const auditTarget = (table: LabTable, key: string) => `${SINGULAR[table]}:${key}`;

/** Folders of a run's own data (DESIGN §5) that are not part of its QC images. */
const RUN_DATA_FOLDERS = new Set(['h5', 'images', 'spatial', 'tracks', 'downloads', 'figure']);

export interface LabServiceDeps {
  db: Db;
  storage: ObjectStore;
  dataBucket: string;
  log?: { warn(obj: unknown, msg?: string): void };
}

interface UpsertItem {
  key: string;
  doc: Record<string, unknown>;
  id?: string;
}

interface UpsertResult {
  /** The created records; empty when the caller asked for counts only. */
  created: LabRecord[];
  createdCount: number;
  updated: LabRecord[];
  unchanged: LabRecord[];
}

/** Maps the errors of filters and the database to answers. */
async function withHttpErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FilterError || error instanceof CsvError) throw new HttpError(400, error.message);
    const code = (error as { code?: string }).code;
    if (code === '2201B') throw new HttpError(400, LAB_MSG.badRegex(''));
    throw error;
  }
}

function docOf(record: LabRecord, key: string): Record<string, unknown> {
  const { _id: _ignored, [key]: _key, ...doc } = record;
  return doc;
}

/** Chips: `waferid` fills `wafer_id` when that is empty, and is not stored. */
function foldChipAliases(record: Record<string, unknown>): Record<string, unknown> {
  if (!('waferid' in record)) return record;
  const { waferid, ...rest } = record;
  const current = rest.wafer_id;
  if (current === undefined || current === null || String(current).trim() === '') rest.wafer_id = waferid;
  return rest;
}

function keyText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/**
 * Creates or merges records by `_id` (when given) or key, auditing every change; with `createOnly`, a key that
 * names a stored record is a conflict (an editor's Duplicate must never overwrite); with `countCreated`, the
 * created records are counted, not sent back (a CSV import of 200,000 rows). Run inside a transaction.
 */
async function upsert(
  trx: Db,
  table: LabTable,
  items: UpsertItem[],
  actor: string | null,
  options: { createOnly?: boolean; countCreated?: boolean } = {},
): Promise<UpsertResult> {
  const createOnly = options.createOnly ?? false;
  const key = KEY_OF[table];
  const singular = SINGULAR[table];
  const existing = await labStore.find(
    trx,
    table,
    { keys: [...new Set(items.map((i) => i.key))], ids: items.flatMap((i) => (i.id ? [i.id] : [])) },
    true,
  );
  const byKey = new Map(existing.map((r) => [String(r[key]), r]));
  const byId = new Map(existing.map((r) => [r._id, r]));
  const pending = new Map<string, Record<string, unknown>>();
  const result: UpsertResult = { created: [], createdCount: 0, updated: [], unchanged: [] };

  for (const item of items) {
    let target: LabRecord | undefined;
    if (item.id) {
      target = byId.get(item.id);
      if (!target) throw new HttpError(404, LAB_MSG.recordNotFound(item.id));
      const holder = byKey.get(item.key) ?? (pending.has(item.key) ? ({ _id: '' } as LabRecord) : undefined);
      if (holder && holder._id !== target._id) throw new HttpError(409, LAB_MSG.keyTaken(key, item.key));
    } else {
      target = byKey.get(item.key);
      if (target && createOnly) throw new HttpError(409, LAB_MSG.keyTaken(key, item.key));
    }
    if (!target) {
      pending.set(item.key, { ...(pending.get(item.key) ?? {}), ...item.doc });
      continue;
    }
    const merged = { ...docOf(target, key), ...item.doc };
    const oldKey = String(target[key]);
    if (oldKey === item.key && canonical(merged) === canonical(docOf(target, key))) {
      result.unchanged.push(target);
      continue;
    }
    const after = await labStore.update(trx, table, target._id, item.key, merged);
    await recordAudit(trx, {
      actor,
      action: `${singular}.update`,
      target: auditTarget(table, item.key),
      before: target,
      after,
    });
    if (oldKey !== item.key) byKey.delete(oldKey);
    byKey.set(item.key, after);
    byId.set(after._id, after);
    result.updated.push(after);
  }
  const created = await labStore.insertMany(
    trx,
    table,
    [...pending].map(([k, doc]) => ({ key: k, doc })),
    { actor, action: `${singular}.create`, targetPrefix: auditTarget(table, ''), records: !options.countCreated },
  );
  result.created = created.records;
  result.createdCount = created.count;
  return result;
}

/** A refusal that names its row (1-based), in the message and as `row` in the body. */
const rowError = (status: number, row: number, problem: string) =>
  new HttpError(status, LAB_MSG.row(row, problem), { row });

/**
 * One row of a bulk create, checked as a single record is: the record schema (ZQcInput for QC, any object for the
 * others), the chips' `waferid` alias, a key, QC file paths. Rows are created, never matched, so `_id` is refused.
 */
function bulkItem(table: LabTable, raw: unknown, row: number): UpsertItem {
  const schema = table === 'qc' ? ZQcInput : ZLabRecordInput;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    throw rowError(400, row, `${where}${issue.message}`);
  }
  const key = KEY_OF[table];
  const input = table === 'chips' ? foldChipAliases(parsed.data) : (parsed.data as Record<string, unknown>);
  if ('_id' in input) throw rowError(400, row, LAB_MSG.bulkHasId);
  const value = keyText(input[key]);
  if (!value) throw rowError(400, row, LAB_MSG.bulkKeyMissing(key));
  if (table === 'qc') {
    try {
      checkQcFiles(input.files as { root: string; images: Record<string, string> });
    } catch (error) {
      if (error instanceof HttpError) throw rowError(error.statusCode, row, error.message);
      throw error;
    }
  }
  const { [key]: _key, ...doc } = input;
  return { key: value, doc };
}

function putResult(result: UpsertResult): TPutResult {
  return {
    created: result.createdCount,
    updated: result.updated.length,
    unchanged: result.unchanged.length,
    records: [...result.created, ...result.updated, ...result.unchanged],
  };
}

/** Delete filters name records by `_id` or key only: a value or {$in: [...]}. Anything else would be a mass delete. */
function checkDeleteFilter(filter: Filter, key: string): void {
  const fields = Object.keys(filter);
  const ok =
    fields.length > 0 &&
    fields.every((f) => {
      if (f !== '_id' && f !== key) return false;
      const v = filter[f];
      if (typeof v === 'string' || typeof v === 'number') return true;
      return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).join() === '$in';
    });
  if (!ok) throw new HttpError(400, LAB_MSG.deleteFilter(key));
}

function checkQcFiles(files: { root: string; images: Record<string, string> }): void {
  const root = files.root;
  const validRoot = (() => {
    if (!root.startsWith('data/') || !root.endsWith('/') || root.length < 7) return false;
    try {
      checkKey(root.slice(0, -1));
      return !root.slice(0, -1).split('/').includes('');
    } catch {
      return false;
    }
  })();
  if (!validRoot) throw new HttpError(400, LAB_MSG.qcRootInvalid);
  for (const [name, relative] of Object.entries(files.images)) {
    try {
      if (!name) throw new InvalidKeyError('empty name');
      checkKey(relative);
    } catch {
      throw new HttpError(400, LAB_MSG.qcImagePath(name));
    }
  }
}

const isImage = (key: string) =>
  (IMAGE_EXTENSIONS as readonly string[]).includes(path.posix.extname(key).slice(1).toLowerCase());

/** The wafer, chip and DBiT records: lists and filters, writes in one transaction each, and their history. */
function createLabRecords(deps: LabServiceDeps) {
  const { db } = deps;

  return {
    list(kind: LabKind | 'qc', filterText?: string, optionsText?: string): Promise<LabRecord[]> {
      return withHttpErrors(() =>
        labStore.list(db, kind, parseFilterParam(filterText), parseOptionsParam(optionsText)),
      );
    },

    waferTrace(filterText?: string, optionsText?: string) {
      return withHttpErrors(() =>
        labStore.waferTrace(db, parseFilterParam(filterText), parseOptionsParam(optionsText)),
      );
    },

    async put(
      kind: LabKind,
      inputs: Array<Record<string, unknown>>,
      actor: string | null,
      options: { createOnly?: boolean } = {},
    ): Promise<TPutResult> {
      const key = LAB_KEY[kind];
      const items = inputs.map((raw, index): UpsertItem => {
        const input = kind === 'chips' ? foldChipAliases(raw) : raw;
        const value = keyText(input[key]);
        if (!value) throw new HttpError(400, LAB_MSG.keyMissing(key, index));
        const { _id, [key]: _key, ...doc } = input;
        const id = typeof _id === 'string' && _id.trim() ? _id.trim() : undefined;
        return { key: value, doc, id };
      });
      const result = await withUniqueConflict(key, () =>
        db.transaction().execute((trx) => upsert(trx, kind, items, actor, { createOnly: options.createOnly })),
      );
      return putResult(result);
    },

    /**
     * Creates many records in one transaction (a lab script's batch): every row is checked first, a key given twice
     * or already stored refuses the whole batch naming the row, and nothing is created unless everything is.
     */
    async createMany(table: LabTable, rows: unknown[], actor: string | null): Promise<TBulkResult> {
      const key = KEY_OF[table];
      const items = rows.map((raw, index) => bulkItem(table, raw, index + 1));
      const firstRow = new Map<string, number>();
      items.forEach((item, index) => {
        const seen = firstRow.get(item.key);
        if (seen !== undefined) throw rowError(409, index + 1, LAB_MSG.bulkDuplicate(key, item.key, seen));
        firstRow.set(item.key, index + 1);
      });
      const created = await withUniqueConflict(key, () =>
        db.transaction().execute(async (trx) => {
          const stored = await labStore.find(trx, table, { keys: [...firstRow.keys()] }, true);
          const taken = stored
            .map((record) => String(record[key]))
            .sort((a, b) => firstRow.get(a)! - firstRow.get(b)!)[0];
          if (taken !== undefined) throw rowError(409, firstRow.get(taken)!, LAB_MSG.bulkKeyTaken(key, taken));
          const inserted = await labStore.insertMany(trx, table, items, {
            actor,
            action: `${SINGULAR[table]}.create`,
            targetPrefix: auditTarget(table, ''),
            records: true,
          });
          return inserted.records;
        }),
      );
      return { created: created.length, records: created };
    },

    async remove(kind: LabKind, filterText: string | undefined, actor: string | null) {
      const key = LAB_KEY[kind];
      const filter = await withHttpErrors(async () => parseFilterParam(filterText));
      checkDeleteFilter(filter, key);
      const deleted = await withHttpErrors(() =>
        db.transaction().execute(async (trx) => {
          const rows = await labStore.deleteWhere(trx, kind, filter);
          for (const before of rows)
            await recordAudit(trx, {
              actor,
              action: `${SINGULAR[kind]}.delete`,
              target: auditTarget(kind, String(before[key])),
              before,
            });
          return rows;
        }),
      );
      return { deleted: deleted.length, msg: LAB_MSG.itemDeleted };
    },

    exists(kind: LabKind | 'qc', key: string): Promise<boolean> {
      return labStore.exists(db, kind, key.trim());
    },

    history(kind: LabKind | 'qc', key: string): Promise<AuditRow[]> {
      return listAudit(db, { target: auditTarget(kind, key.trim()), limit: 200 });
    },
  };
}

/** The lab metadata's service: its records, its QC records and CSV imports (a preview, then one transaction). */
export function createLabService(deps: LabServiceDeps) {
  const { db, storage, dataBucket } = deps;
  const records = createLabRecords(deps);

  return {
    ...records,
    ...createQcRecords(deps, records),

    /** What a CSV file would create and change (per row), written nowhere: the preview the user confirms. */
    async previewCsv(kind: LabKind, bytes: Buffer): Promise<TImportPreview> {
      const { parsed, items } = await readCsvImport(kind, bytes);
      const newFields = await withHttpErrors(async () =>
        checkColumns(kind, parsed.columns, await labStore.fieldNames(db, kind)),
      );
      const stored = await labStore.find(db, kind, { keys: items.map((item) => item.key) });
      const key = LAB_KEY[kind];
      const rows = previewRows(items, new Map(stored.map((record) => [String(record[key]), docOf(record, key)])));
      const count = (status: string) => rows.filter((row) => row.status === status).length;
      return {
        dry_run: true,
        created: count('new'),
        updated: count('changed'),
        unchanged: count('unchanged'),
        empty_rows: parsed.emptyRows,
        duplicates: parsed.duplicates,
        warnings: parsed.warnings,
        columns: parsed.columns,
        new_fields: newFields,
        rows,
      };
    },

    /** One CSV file → records, in one transaction (a bad row imports nothing), after the same checks as the preview. */
    async importCsv(
      kind: LabKind,
      bytes: Buffer,
      upload: { filename: string; outputFilename?: string; meta: Record<string, unknown>; actor: string | null },
    ): Promise<TImportResult> {
      const key = LAB_KEY[kind];
      const { parsed, items } = await readCsvImport(kind, bytes);
      const result = await withUniqueConflict(key, () =>
        db.transaction().execute(async (trx) => {
          checkColumns(kind, parsed.columns, await labStore.fieldNames(trx, kind));
          const done = await upsert(trx, kind, items, upload.actor, { countCreated: true });
          await recordAudit(trx, {
            actor: upload.actor,
            action: `${SINGULAR[kind]}.import`,
            target: `${kind}:csv`,
            after: {
              filename: upload.filename,
              output_filename: upload.outputFilename ?? null,
              meta: upload.meta,
              created: done.createdCount,
              updated: done.updated.length,
              unchanged: done.unchanged.length,
            },
          });
          return done;
        }),
      );
      let storedAs: string | null = null;
      const name = (upload.outputFilename || upload.filename).replace(/^.*[\\/]/, '').replace(/[^A-Za-z0-9._-]+/g, '_');
      if (name) {
        const objectKey = `metadata/${kind}/${new Date().toISOString().replace(/[:.]/g, '-')}_${name}`;
        try {
          await storage.put(dataBucket, objectKey, bytes, { contentType: 'text/csv' });
          storedAs = objectKey;
        } catch (error) {
          deps.log?.warn({ err: error, objectKey }, 'could not keep the imported CSV file');
        }
      }
      return {
        created: result.createdCount,
        updated: result.updated.length,
        unchanged: result.unchanged.length,
        empty_rows: parsed.emptyRows,
        skipped: parsed.emptyRows + parsed.superseded + result.unchanged.length,
        duplicates: parsed.duplicates,
        warnings: parsed.warnings,
        columns: parsed.columns,
        stored_as: storedAs,
      };
    },
  };
}

/** QC records: by id or filter, written with their image paths checked, or made from a run folder in storage. */
function createQcRecords(deps: LabServiceDeps, records: { list: ReturnType<typeof createLabRecords>['list'] }) {
  const { db, storage, dataBucket } = deps;

  return {
    async getQc(query: { id?: string; filter?: string; options?: string }): Promise<LabRecord[]> {
      if (query.id !== undefined) {
        const ids = query.id
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        return records.list('qc', JSON.stringify({ id: { $in: ids } }), query.options);
      }
      return records.list('qc', query.filter, query.options);
    },

    async putQc(
      inputs: Array<{ id: string; files: { root: string; images: Record<string, string> } } & Record<string, unknown>>,
      actor: string | null,
    ) {
      const items = inputs.map((input) => {
        checkQcFiles(input.files);
        const { id, _id, ...doc } = input;
        return { key: id, doc, id: typeof _id === 'string' && _id ? _id : undefined };
      });
      const result = await withUniqueConflict('id', () =>
        db.transaction().execute((trx) => upsert(trx, 'qc', items, actor)),
      );
      return putResult(result);
    },

    /** The QC record of `data/{dir}/` (or `data/{dir}/out/`) from its metadata.json and the images under it. */
    async createQcEntry(dir: string, actor: string | null): Promise<LabRecord> {
      if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(dir) || dir.includes('..'))
        throw new HttpError(400, LAB_MSG.qcIdInvalid);
      if (await labStore.exists(db, 'qc', dir)) throw new HttpError(409, LAB_MSG.qcEntriesExist);
      let root = `data/${dir}/`;
      if (!(await storage.exists(dataBucket, `${root}metadata.json`))) {
        if (!(await storage.exists(dataBucket, `${root}out/metadata.json`)))
          throw new HttpError(404, LAB_MSG.qcMetadataMissing(dir));
        root = `${root}out/`;
      }
      const metadata = await readJsonObject(storage, dataBucket, `${root}metadata.json`);
      if (!metadata) throw new HttpError(422, LAB_MSG.qcMetadataInvalid(dir));
      const listed = await storage.list(dataBucket, { prefix: root });
      const images: Record<string, string> = {};
      for (const object of listed.objects) {
        const relative = object.key.slice(root.length);
        if (!isImage(relative) || RUN_DATA_FOLDERS.has(relative.split('/')[0]!)) continue;
        images[relative.replace(/\.[^./]+$/, '')] = relative;
      }
      const sorted = Object.fromEntries(Object.entries(images).sort(([a], [b]) => a.localeCompare(b)));
      const created = await withUniqueConflict('id', () =>
        db
          .transaction()
          .execute((trx) =>
            upsert(trx, 'qc', [{ key: dir, doc: { files: { root, images: sorted }, metadata } }], actor),
          ),
      );
      const record = created.created[0];
      if (!record) throw new HttpError(409, LAB_MSG.qcEntriesExist);
      return record;
    },
  };
}

export type LabService = ReturnType<typeof createLabService>;

/** A CSV file read for `kind` (its aliases, chips' `waferid` folded): the parse and one item per key. */
async function readCsvImport(kind: LabKind, bytes: Buffer) {
  const key = LAB_KEY[kind];
  const aliases: Record<string, string> =
    kind === 'dbits'
      ? { runid: 'run_id' }
      : kind === 'chips'
        ? { chipid: 'chip_id', waferid: 'wafer_id' }
        : { waferid: 'wafer_id' };
  const parsed = await withHttpErrors(async () => readLabCsv(bytes, { key, aliases }));
  const items = parsed.records.map(({ key: value, row, record }) => {
    const folded = kind === 'chips' ? foldChipAliases(record) : record;
    const { [key]: _key, ...doc } = folded;
    return { key: value, row, doc };
  });
  return { parsed, items };
}

/** A concurrent writer took the key between our read and write: 409. */
async function withUniqueConflict<T>(key: string, work: () => Promise<T>): Promise<T> {
  try {
    return await withHttpErrors(work);
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new HttpError(409, LAB_MSG.keyTaken(key, '?'));
    throw error;
  }
}

async function readJsonObject(
  storage: ObjectStore,
  bucket: string,
  key: string,
): Promise<Record<string, unknown> | null> {
  try {
    const object = await storage.get(bucket, key);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of object.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > 10 * 1024 * 1024) return null;
      chunks.push(chunk);
    }
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
