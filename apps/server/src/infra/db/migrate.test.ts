import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestInfra } from '../../../test/harness.js';
import { loadConfig } from '../../config.js';
import { appliedMigrations, knownMigrations, migrate, SchemaTooNewError } from './index.js';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const databaseUrl = loadConfig().databaseUrl;

/** Runs `main.ts --migrate-only` as a deploy script would; resolves with its exit code and JSON log lines. */
function migrateOnly(env: Record<string, string>): Promise<{ code: number | null; lines: Record<string, unknown>[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--migrate-only'], {
      cwd: ROOT,
      env: { ...process.env, ATLAS_LOG_FORMAT: 'json', ATLAS_LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const lines = out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      resolve({ code, lines });
    });
  });
}

describe('safe starts', () => {
  it('refuses a database whose schema is newer than this code, and changes nothing', async () => {
    const infra = await createTestInfra();
    try {
      await infra.db.insertInto('schema_migrations').values({ name: '999_from_the_future.sql' }).execute();
      const before = await appliedMigrations(infra.db);
      const error = await migrate(infra.db).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SchemaTooNewError);
      expect((error as Error).message).toContain('newer than this version of Atlas Portal knows');
      expect((error as Error).message).toContain('999_from_the_future.sql');
      expect(await appliedMigrations(infra.db)).toEqual(before);
    } finally {
      await infra.cleanup();
    }
    // The test opens a database of its own (PGlite starting, or a PostgreSQL database made and migrated): beside the
    // browser specs on two cores that alone once took over the 30 s default (CI profile, 2026-12-06).
  }, 120_000);

  // Always embedded (see below), so `npm test`'s second, PostgreSQL run of this file would only repeat the first.
  it.skipIf(databaseUrl)(
    '`--migrate-only` migrates an embedded database, then says it is up to date',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-migrate-'));
      try {
        // Embedded whatever the suite runs on: with DATABASE_URL inherited it would migrate that database instead (and
        // find it up to date once other tests have migrated it).
        const env = {
          ATLAS_DATA_DIR: dataDir,
          ATLAS_JWT_SECRET: randomBytes(32).toString('hex'),
          DATABASE_URL: '',
          REDIS_URL: '',
        };
        const first = await migrateOnly(env);
        expect(first.code).toBe(0);
        const applied = first.lines.find((l) => l.msg === 'database migrations applied')?.applied as string[];
        expect(applied).toEqual(await knownMigrations());
        const second = await migrateOnly(env);
        expect(second.code).toBe(0);
        expect(second.lines.some((l) => l.msg === 'database schema is up to date')).toBe(true);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  describe.skipIf(!databaseUrl)('on PostgreSQL', () => {
    const name = `atlas_test_${randomBytes(6).toString('hex')}`;
    const url = databaseUrl ? Object.assign(new URL(databaseUrl), { pathname: `/${name}` }).toString() : '';
    const admin = async (text: string) => {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(text);
      await client.end();
    };
    afterAll(() => admin(`drop database if exists ${name} with (force)`));

    it('two processes started together migrate once; both start', async () => {
      await admin(`create database ${name}`);
      const env = { DATABASE_URL: url, ATLAS_JWT_SECRET: randomBytes(32).toString('hex') };
      const [a, b] = await Promise.all([migrateOnly(env), migrateOnly(env)]);
      expect([a.code, b.code]).toEqual([0, 0]);
      const appliedBy = [a, b].map(
        (run) => (run.lines.find((l) => l.msg === 'database migrations applied')?.applied as string[]) ?? [],
      );
      const known = await knownMigrations();
      // Every migration applied exactly once, by one of the two; the other found nothing left.
      expect([...appliedBy[0]!, ...appliedBy[1]!].sort()).toEqual(known);
      expect(appliedBy.filter((list) => list.length === 0)).toHaveLength(1);
      const { openDatabase } = await import('./index.js');
      const handle = await openDatabase({ databaseUrl: url, dataDir: os.tmpdir() });
      try {
        const rows = await sql<{
          name: string;
          n: number;
        }>`select name, count(*)::int as n from schema_migrations group by name`.execute(handle.db);
        expect(rows.rows.map((r) => r.name).sort()).toEqual(known);
        expect(rows.rows.every((r) => r.n === 1)).toBe(true);
      } finally {
        await handle.close();
      }
    }, 120_000);
  });
});
