import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { Tables } from './tables.js';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/**
 * Applies the ordered SQL files of src/migrations that are not yet recorded, each in its own transaction.
 * An advisory lock keeps two processes (API and worker) from migrating at once on PostgreSQL.
 */
export async function migrate(db: Kysely<Tables>): Promise<string[]> {
  await sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`.execute(
    db,
  );
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(7311)`.execute(conn);
    try {
      const done = new Set((await conn.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
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
      await sql`select pg_advisory_unlock(7311)`.execute(conn);
    }
  });
  return applied;
}
