import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { sql } from 'kysely';
import type { Db, DatabaseHandle } from '../infra/db/index.js';
import { appliedMigrations, knownMigrations, migrate, schemaVersionOf } from '../infra/db/index.js';
import type { ObjectStore } from '../infra/storage/port.js';
import { BackupError, MANIFEST, objectFile, sha256OfFile, ZBackupManifest, type BackupManifest } from './manifest.js';
import { ident, tablesInLoadOrder } from './tables.js';

const BATCH_ROWS = 500;

export interface RestoreTarget {
  database: DatabaseHandle;
  storage: ObjectStore;
  /** The installation's configured buckets (ATLAS_BUCKETS): created too, whatever the backup holds. */
  buckets?: readonly string[];
}

/** Reads and checks a backup folder: its manifest, and the SHA-256 of every file it names. Changes nothing. */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file))
    throw new BackupError(`${dir} is not a finished Atlas Portal backup: it has no ${MANIFEST}.`);
  const parsed = ZBackupManifest.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new BackupError(`${file} is not an Atlas Portal backup manifest of a known version.`);
  const manifest = parsed.data;
  const check = async (where: string, expected: string) => {
    if (!fs.existsSync(where)) throw new BackupError(`The backup is incomplete: ${where} is missing.`);
    if ((await sha256OfFile(where)) !== expected)
      throw new BackupError(`The backup is damaged: ${where} does not match its checksum.`);
  };
  for (const table of manifest.database.tables) await check(path.join(dir, table.file), table.sha256);
  for (const object of manifest.objects.list) await check(objectFile(dir, object.bucket, object.key), object.sha256);
  const known = await knownMigrations();
  const unknown = manifest.migrations.filter((name) => !known.includes(name));
  if (unknown.length)
    throw new BackupError(
      `This backup was made by a newer Atlas Portal (schema ${manifest.schemaVersion}; this version knows ` +
        `${schemaVersionOf(known)}). Restore it with that version or newer.`,
    );
  return manifest;
}

/** Rows in the application's tables (0 for a new database). */
async function rowCount(db: Db): Promise<number> {
  let total = 0;
  for (const name of await tablesInLoadOrder(db)) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${ident(name)}`.execute(db);
    total += rows[0]!.n;
  }
  return total;
}

/**
 * Restores a backup into the configured database and storage. The database must be new (or, with `replace`, at
 * the backup's schema version: its rows are then deleted first). The tables are created by the migrations up to the
 * backup's schema version, filled, and then migrated to this version, so a backup of an older version upgrades as
 * a database of that version would. Objects are written through the store (the filesystem or S3 alike), into
 * buckets created first: every bucket the backup names (empty ones too) and every configured one, so the restored
 * installation backs up again before its server has ever started.
 */
export async function restore(
  target: RestoreTarget,
  dir: string,
  options: { replace?: boolean; say?: (line: string) => void } = {},
): Promise<BackupManifest> {
  const say = options.say ?? (() => {});
  const manifest = await verifyBackup(dir);
  say(`backup of ${manifest.createdAt}: schema ${manifest.schemaVersion}, checksums verified`);
  const { db } = target.database;

  const applied = await appliedMigrations(db);
  const beyond = applied.filter((name) => !manifest.migrations.includes(name));
  if (beyond.length)
    throw new BackupError(
      `The database is at schema ${schemaVersionOf(applied)}, newer than the backup's ${manifest.schemaVersion}: ` +
        'restore into a new database (an empty data folder, or a new PostgreSQL database).',
    );
  await migrate(db, { until: manifest.migrations.at(-1) });
  const existing = await rowCount(db);
  // A new database holds only the rows its migrations wrote (lookup lists), which the backup has too.
  if (existing > 0 && applied.length > 0 && !options.replace)
    throw new BackupError(
      `The database already holds ${existing} rows. Restore into a new database, or pass --replace to delete them first.`,
    );

  const order = await tablesInLoadOrder(db);
  await db.transaction().execute(async (trx) => {
    if (existing > 0) await sql`truncate ${sql.join(order.map(ident))} restart identity cascade`.execute(trx);
    const byName = new Map(manifest.database.tables.map((t) => [t.name, t]));
    for (const name of order) {
      const table = byName.get(name);
      if (!table) continue;
      let batch: Record<string, unknown>[] = [];
      const flush = async () => {
        if (!batch.length) return;
        // Only the columns the backup has: a column a later migration added keeps its default.
        const columns = Object.keys(batch[0]!).map((c) => sql.id(c));
        await sql`insert into ${ident(name)} (${sql.join(columns)})
          select ${sql.join(columns)} from json_populate_recordset(null::${ident(name)}, ${JSON.stringify(batch)}::json)`.execute(
          trx,
        );
        batch = [];
      };
      const lines = readline.createInterface({ input: fs.createReadStream(path.join(dir, table.file)) });
      for await (const line of lines) {
        if (!line) continue;
        batch.push(JSON.parse(line) as Record<string, unknown>);
        if (batch.length >= BATCH_ROWS) await flush();
      }
      await flush();
    }
    // Serial ids continue after the restored rows.
    const serials = await sql<{ table_name: string; column_name: string; seq: string }>`
      select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
      from information_schema.columns
      where table_schema = 'public' and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`.execute(
      trx,
    );
    for (const s of serials.rows) {
      await sql`select setval(${s.seq}::regclass, coalesce((select max(${sql.id(s.column_name)}) from ${ident(s.table_name)}), 0) + 1, false)`.execute(
        trx,
      );
    }
  });
  say(`database: ${manifest.database.tables.reduce((n, t) => n + t.rows, 0)} rows restored`);
  const upgraded = await migrate(db);
  if (upgraded.length) say(`database: upgraded with ${upgraded.join(', ')}`);

  const buckets = new Set([
    ...(manifest.buckets ?? []),
    ...(target.buckets ?? []),
    ...manifest.objects.list.map((o) => o.bucket),
  ]);
  for (const bucket of buckets) await target.storage.ensureBucket(bucket);
  say(`storage: buckets ${[...buckets].sort().join(', ')}`);
  for (const object of manifest.objects.list) {
    await target.storage.put(
      object.bucket,
      object.key,
      fs.createReadStream(objectFile(dir, object.bucket, object.key)),
    );
  }
  say(`storage: ${manifest.objects.count} objects restored (${manifest.objects.bytes} bytes)`);
  return manifest;
}
