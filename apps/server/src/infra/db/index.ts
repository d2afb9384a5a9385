import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import type { Tables } from './tables.js';

export type Db = Kysely<Tables>;

export interface DatabaseHandle {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Connections of the PostgreSQL pool (metrics); PGlite is one connection and has none. */
  pool?: () => { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

/** Opens the database: PostgreSQL when a URL is given, otherwise PGlite in `{dataDir}/db` (created on first use). */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    // Keep bigint/numeric as JS numbers where safe: counts and ids here are small.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server closes (restart, failover, admin command) is discarded by the pool and
    // replaced on the next checkout; without a listener its 'error' event would crash the process.
    pool.on('error', () => {});
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      driver: 'postgres',
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: 10 }),
      close: () => db.destroy(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pgliteDialect } = await import('./pglite-dialect.js');
  const dir = path.join(options.dataDir, 'db');
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { parsers: { 20: (v: string) => Number(v) } });
  const db = new Kysely<Tables>({ dialect: pgliteDialect(client) });
  return { db, driver: 'pglite', close: () => db.destroy() };
}

export { appliedMigrations, knownMigrations, migrate, schemaVersionOf, SchemaTooNewError } from './migrate.js';
export type { Tables } from './tables.js';
