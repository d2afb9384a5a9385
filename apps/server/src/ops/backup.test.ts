import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { QUEUES } from '@atlas/contracts';
import { openTestApp } from '../../test/harness.js';
import { buildTask } from '../../test/factories.js';
import { loadConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../infra/db/index.js';
import type { ObjectStore } from '../infra/storage/port.js';
import { createObjectStore } from '../infra/storage/index.js';
import { seedDemoLab } from '../seed/demo-lab.js';
import { seedDemoRuns } from '../seed/demo-runs.js';
import { backup } from './backup.js';
import { BackupError, MANIFEST, objectFile, type BackupManifest } from './manifest.js';
import { restore } from './restore.js';
import { tablesInLoadOrder } from './tables.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const databaseUrl = loadConfig().databaseUrl;
const temp: string[] = [];
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `atlas-${name}-`));
  temp.push(dir);
  return dir;
};
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
  for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
});

/** Every row of every table, as PostgreSQL prints it, sorted: two databases with equal snapshots hold the same records. */
async function snapshot(database: DatabaseHandle): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of await tablesInLoadOrder(database.db)) {
    const { rows } = await sql<{ j: string }>`select row_to_json(t)::text as j from ${sql.id(table)} t`.execute(
      database.db,
    );
    result[table] = rows.map((r) => r.j).sort();
  }
  return result;
}

/** bucket/key → SHA-256 of every object, read back through the store. */
async function objectSums(storage: ObjectStore, buckets: string[]): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const bucket of buckets) {
    for (const object of (await storage.list(bucket)).objects) {
      const { body } = await storage.get(bucket, object.key);
      const hash = createHash('sha256');
      for await (const chunk of body) hash.update(chunk as Buffer);
      sums[`${bucket}/${object.key}`] = hash.digest('hex');
    }
  }
  return sums;
}

/** A database that has never been opened: a new PGlite folder, or a new (unmigrated) PostgreSQL database. */
async function newDatabase(dataDir: string): Promise<DatabaseHandle> {
  if (!databaseUrl) return openDatabase({ dataDir });
  const { default: pg } = await import('pg');
  const name = `atlas_test_${randomBytes(6).toString('hex')}`;
  const run = async (text: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  await run(`create database ${name}`);
  drops.push(() => run(`drop database if exists ${name} with (force)`));
  return openDatabase({
    databaseUrl: Object.assign(new URL(databaseUrl), { pathname: `/${name}` }).toString(),
    dataDir,
  });
}

describe(`backup and restore (${databaseUrl ? 'PostgreSQL' : 'PGlite'} + filesystem)`, () => {
  let manifest: BackupManifest;
  const dir = path.join(tempDir('backup'), 'b1');

  it('backs up a populated instance, which is wiped, restored, and has every record and object back', async () => {
    const t = await openTestApp({ workers: QUEUES });
    let before: Record<string, string[]>;
    let sums: Record<string, string>;
    const buckets = t.infra.config.buckets;
    try {
      // Accounts (first start), demo runs with their files, lab records, a finished task and a binary object.
      await seedDemoRuns(t.infra);
      await seedDemoLab(t.infra);
      await buildTask(t, { name: 'core.task_list', kwargs: { queue: '' } });
      await t.infra.storage.put('atx-images', 'frontpage/binary.png', randomBytes(300_000));
      await t.infra.queue.close();
      before = await snapshot(t.infra.database);
      sums = await objectSums(t.infra.storage, buckets);
      expect(before.tasks!.length).toBe(1);
      expect(Object.keys(sums).length).toBeGreaterThan(5);

      manifest = await backup(t.infra, dir);
      expect(manifest.schemaVersion).toMatch(/^\d{3}$/);
      expect(manifest.objects.count).toBe(Object.keys(sums).length);
      expect(Object.fromEntries(manifest.objects.list.map((o) => [`${o.bucket}/${o.key}`, o.sha256]))).toEqual(sums);
      expect(manifest.database.tables.find((x) => x.name === 'users')?.rows).toBe(before.users!.length);
    } finally {
      await t.close(); // wipes: the database is dropped and the data folder deleted
    }

    const dataDir = tempDir('restored');
    const config = loadConfig({ ATLAS_DATA_DIR: dataDir, ATLAS_JWT_SECRET: randomBytes(32).toString('hex') });
    const database = await newDatabase(dataDir);
    const storage = await createObjectStore(config);
    try {
      const lines: string[] = [];
      await restore({ database, storage }, dir, { say: (line) => lines.push(line) });
      expect(lines[0]).toContain('checksums verified');
      expect(await snapshot(database)).toEqual(before);
      expect(await objectSums(storage, buckets)).toEqual(sums);
      // Serial ids continue after the restored rows.
      const next = await database.db
        .insertInto('groups')
        .values({ name: 'after-restore', description: '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(next.id).toBeGreaterThan(Math.max(...before.groups!.map((g) => (JSON.parse(g) as { id: number }).id)));
      // A second restore over it is refused without --replace.
      await expect(restore({ database, storage }, dir)).rejects.toThrow(/already holds \d+ rows/);
      await restore({ database, storage }, dir, { replace: true });
      expect(await snapshot(database)).toEqual(before);
    } finally {
      await storage.close();
      await database.close();
    }
  }, 240_000);

  it('refuses a damaged backup before it changes anything', async () => {
    const damaged = path.join(tempDir('damaged'), 'b');
    fs.cpSync(dir, damaged, { recursive: true });
    const first = manifest.objects.list[0]!;
    fs.appendFileSync(objectFile(damaged, first.bucket, first.key), 'x');
    const database = await newDatabase(tempDir('untouched'));
    try {
      const error = await restore({ database, storage: undefined as unknown as ObjectStore }, damaged).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toContain('does not match its checksum');
      expect(await tablesInLoadOrder(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
    fs.rmSync(path.join(damaged, MANIFEST));
    await expect(restore({ database: undefined as never, storage: undefined as never }, damaged)).rejects.toThrow(
      /not a finished Atlas Portal backup/,
    );
  }, 60_000);

  it.skipIf(Boolean(databaseUrl))(
    '`npm run backup` refuses while a server runs on the embedded database',
    () => {
      const dataDir = tempDir('running');
      // This test process stands for the running server.
      fs.writeFileSync(path.join(dataDir, 'server.pid'), String(process.pid));
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/backup.ts', tempDir('out')], {
        cwd: ROOT,
        env: { ...process.env, ATLAS_DATA_DIR: dataDir, ATLAS_JWT_SECRET: randomBytes(32).toString('hex') },
        encoding: 'utf8',
      });
      expect(run.status).toBe(75);
      expect(run.stderr).toContain(`Atlas Portal is running on ${dataDir} (process ${process.pid})`);
      expect(run.stderr).toContain('stop the server first');
    },
    60_000,
  );
});
