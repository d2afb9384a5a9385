import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/harness.js';
import { S3RVER_ENV, startS3rver } from '../../test/s3rver.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../infra/db/index.js';
import { createObjectStore, fsBucketFolder, type ObjectStore } from '../infra/storage/index.js';
import { backup } from './backup.js';
import type { BackupManifest } from './manifest.js';
import { restore } from './restore.js';

/**
 * backup → restore → backup on a new installation that has never started (issue 33 §8): restore recreates every
 * bucket of the backup, the empty ones too, so the next backup runs before any server has created them. Before,
 * `npm run backup` after a restore of the production profile failed with NoSuchBucket (`atx-images`). Both
 * profiles: the embedded one (PGlite + filesystem) always; the production one (PostgreSQL + S3, here s3rver) when
 * DATABASE_URL is set.
 */
const databaseUrl = loadConfig().databaseUrl;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `atlas-${name}-`));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

interface Installation {
  config: Config;
  database: DatabaseHandle;
  storage: ObjectStore;
}

/** A backup of an instance whose only objects are in the data bucket: the images and tracks buckets are empty. */
async function backupOfInstance(dir: string): Promise<{ manifest: BackupManifest; buckets: string[] }> {
  const t = await openTestApp();
  try {
    await t.infra.storage.put('atx-data', 'data/D00321/h5/obj/genes.h5ad', randomBytes(50_000));
    const buckets = [...t.infra.config.buckets];
    for (const bucket of buckets.filter((b) => b !== 'atx-data'))
      expect((await t.infra.storage.list(bucket)).objects).toEqual([]);
    return { manifest: await backup(t.infra, dir), buckets };
  } finally {
    await t.close();
  }
}

/** A database never opened: a new PGlite folder, or a new PostgreSQL database on DATABASE_URL's server. */
async function newDatabase(config: Config): Promise<DatabaseHandle> {
  if (!config.databaseUrl) return openDatabase({ dataDir: config.dataDir });
  const { default: pg } = await import('pg');
  const name = `atlas_test_${randomBytes(6).toString('hex')}`;
  const run = async (text: string) => {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  await run(`create database ${name}`);
  cleanups.push(() => run(`drop database if exists ${name} with (force)`));
  return openDatabase({
    databaseUrl: Object.assign(new URL(config.databaseUrl), { pathname: `/${name}` }).toString(),
    dataDir: config.dataDir,
  });
}

async function installation(env: Record<string, string | undefined>): Promise<Installation> {
  const config = loadConfig({
    ATLAS_DATA_DIR: tempDir('restored'),
    ATLAS_JWT_SECRET: randomBytes(32).toString('hex'),
    ...env,
  });
  const database = await newDatabase(config);
  const storage = await createObjectStore(config);
  cleanups.push(async () => {
    await storage.close();
    await database.close();
  });
  return { config, database, storage };
}

/** The round trip onto `target`: a backup, restored there, backed up again. */
async function roundTrip(target: Installation) {
  const dir = tempDir('backup');
  const { manifest: first, buckets } = await backupOfInstance(path.join(dir, 'one'));
  expect(new Set(first.objects.list.map((o) => o.bucket))).toEqual(new Set(['atx-data']));
  const lines: string[] = [];
  // The configured buckets are not given: the backup alone says which to make.
  await restore({ database: target.database, storage: target.storage }, path.join(dir, 'one'), {
    say: (line) => lines.push(line),
  });
  const again = { config: { buckets }, database: target.database, storage: target.storage };
  const second = await backup(again, path.join(dir, 'two'));
  // The same records and objects come back out.
  expect(second.objects.list).toEqual(first.objects.list);
  const rows = (m: BackupManifest) => m.database.tables.map(({ name, rows: n }) => ({ name, rows: n }));
  expect(rows(second)).toEqual(rows(first));
  // Every bucket is recorded, and made, empty ones too.
  expect(lines).toContain(`storage: buckets ${[...buckets].sort().join(', ')}`);
  expect([first.buckets, second.buckets]).toEqual([buckets, buckets]);
  return buckets;
}

describe('backup → restore → backup on a new installation', () => {
  it('embedded profile (PGlite + filesystem): every bucket is recreated, empty ones too', async () => {
    const target = await installation({
      DATABASE_URL: '',
      S3_ENDPOINT: '',
      S3_ACCESS_KEY_ID: '',
      S3_SECRET_ACCESS_KEY: '',
    });
    expect([target.database.driver, target.storage.driver]).toEqual(['pglite', 'fs']);
    const buckets = await roundTrip(target);
    for (const bucket of buckets) expect(fs.existsSync(fsBucketFolder(target.config, bucket)), bucket).toBe(true);
  }, 300_000);

  it.skipIf(!databaseUrl)(
    'production profile (PostgreSQL + S3): the next backup finds every bucket (was NoSuchBucket atx-images)',
    async () => {
      const s3 = await startS3rver();
      cleanups.push(() => s3.close());
      const target = await installation(S3RVER_ENV(s3.endpoint));
      expect([target.database.driver, target.storage.driver]).toEqual(['postgres', 's3']);
      const buckets = await roundTrip(target);
      for (const bucket of buckets) expect(await target.storage.list(bucket)).toBeTruthy();
    },
    300_000,
  );
});
