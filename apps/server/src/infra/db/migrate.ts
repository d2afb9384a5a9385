import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { Tables } from './tables.js';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');
/** The advisory lock every migrating process takes; any fixed number the application uses for nothing else. */
const MIGRATION_LOCK = 7311;

/** The database was migrated by a newer Atlas Portal: this code does not know its tables and must not run on it. */
export class SchemaTooNewError extends Error {
  constructor(
    readonly unknown: string[],
    readonly known: string,
  ) {
    super(
      `The database schema is newer than this version of Atlas Portal knows: it has migration ${unknown.join(', ')} ` +
        `and this version stops at ${known}. Start the newer version of Atlas Portal (or restore a backup made ` +
        `with this version); this process will not change the database.`,
    );
  }
}

/** The migration files this code knows, in order (`001_accounts.sql`, …). */
export async function knownMigrations(): Promise<string[]> {
  return (await fs.readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort();
}

/** The schema version of a migration file name (`014_task_heartbeat.sql` → `014`); `000` before any migration. */
export const schemaVersionOf = (names: readonly string[]): string =>
  names.length ? names[names.length - 1]!.slice(0, 3) : '000';

/** The migrations recorded in this database, in order (empty for a new database). */
export async function appliedMigrations(db: Kysely<Tables>): Promise<string[]> {
  const exists = await sql<{ found: boolean }>`select to_regclass('schema_migrations') is not null as found`.execute(
    db,
  );
  if (!exists.rows[0]?.found) return [];
  const rows = await db.selectFrom('schema_migrations').select('name').orderBy('name').execute();
  return rows.map((r) => r.name);
}

/**
 * Applies the ordered SQL files of src/migrations that are not yet recorded, each in its own transaction, up to
 * `until` (a file name, inclusive) when given. Everything happens under one advisory lock, so several processes
 * (API replicas, workers, a deploy script) may start at once: the first migrates, the others wait and find
 * nothing left to do. A database that records a migration this code does not know is refused (SchemaTooNewError).
 */
export async function migrate(db: Kysely<Tables>, options: { until?: string } = {}): Promise<string[]> {
  const files = (await knownMigrations()).filter((f) => !options.until || f <= options.until);
  const applied: string[] = [];
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      // Inside the lock: two processes running `create table if not exists` at once can both try to create it.
      await sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`.execute(
        conn,
      );
      const done = new Set((await conn.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
      const known = await knownMigrations();
      const unknown = [...done].filter((name) => !known.includes(name)).sort();
      if (unknown.length) throw new SchemaTooNewError(unknown, schemaVersionOf(known));
      for (const file of files) {
        if (done.has(file)) continue;
        const text = await fs.readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
        await conn.transaction().execute(async (trx) => {
          await sql.raw(text).execute(trx);
          await trx.insertInto('schema_migrations').values({ name: file }).execute();
        });
        applied.push(file);
      }
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
  return applied;
}
