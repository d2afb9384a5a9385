import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../infra/db/index.js';
import { appliedMigrations, schemaVersionOf } from '../infra/db/index.js';
import type { ObjectStore } from '../infra/storage/port.js';
import { APP_VERSION } from '../version.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  MANIFEST,
  objectFile,
  writeHashed,
  type BackupManifest,
} from './manifest.js';
import { ident, tablesInLoadOrder } from './tables.js';
import { Readable } from 'node:stream';

const PAGE_ROWS = 5000;

export interface BackupTarget {
  config: Pick<Config, 'buckets'>;
  database: DatabaseHandle;
  storage: ObjectStore;
}

/**
 * Writes a backup of the database and every configured bucket into `dir` (new or empty). The database is read in
 * one REPEATABLE READ transaction, so its rows are one consistent snapshot even while a PostgreSQL server keeps
 * serving; objects are copied after it (objects are written whole, so each is consistent; one deleted meanwhile is
 * left out, one added meanwhile is included).
 */
export async function backup(
  target: BackupTarget,
  dir: string,
  say: (line: string) => void = () => {},
): Promise<BackupManifest> {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
    throw new BackupError(`The backup folder ${dir} is not empty: give a new or empty folder.`);
  fs.mkdirSync(path.join(dir, 'db'), { recursive: true });
  const { db } = target.database;

  const migrations = await appliedMigrations(db);
  const tables: BackupManifest['database']['tables'] = [];
  await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      for (const name of await tablesInLoadOrder(trx)) {
        const file = `db/${name}.ndjson`;
        let rows = 0;
        const pages = async function* () {
          for (let offset = 0; ; offset += PAGE_ROWS) {
            const page = await sql<{ j: string }>`select row_to_json(t)::text as j from ${ident(name)} t
              order by t.ctid limit ${PAGE_ROWS} offset ${offset}`.execute(trx);
            for (const row of page.rows) yield `${row.j}\n`;
            rows += page.rows.length;
            if (page.rows.length < PAGE_ROWS) return;
          }
        };
        const { sha256 } = await writeHashed(Readable.from(pages()), path.join(dir, file));
        tables.push({ name, rows, file, sha256 });
      }
    });
  say(`database: ${tables.length} tables, ${tables.reduce((n, t) => n + t.rows, 0)} rows`);

  const list: BackupManifest['objects']['list'] = [];
  for (const bucket of target.config.buckets) {
    const { objects } = await target.storage.list(bucket);
    for (const object of objects) {
      const { body } = await target.storage.get(bucket, object.key);
      const { sha256, size } = await writeHashed(body, objectFile(dir, bucket, object.key));
      list.push({ bucket, key: object.key, size, sha256 });
    }
    say(`storage: ${bucket}: ${objects.length} objects`);
  }

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    appVersion: APP_VERSION,
    schemaVersion: schemaVersionOf(migrations),
    migrations,
    createdAt: new Date().toISOString(),
    source: { database: target.database.driver, storage: target.storage.driver },
    buckets: [...target.config.buckets],
    database: { tables },
    objects: { count: list.length, bytes: list.reduce((n, o) => n + o.size, 0), list },
  };
  // Last: a folder with a manifest is a finished backup.
  fs.writeFileSync(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 1));
  return manifest;
}
