import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import { z } from 'zod';

/**
 * The backup folder: `manifest.json` (written last: a folder without it is an unfinished backup), `db/<table>.ndjson`
 * (one JSON row per line, PostgreSQL's own `row_to_json`), and `storage/<bucket>/<key>` (the objects as files).
 * Every file's SHA-256 is in the manifest, and restore checks them all before it changes anything.
 */
export const BACKUP_FORMAT = 'atlas-portal-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';

const ZSha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const ZBackupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  appVersion: z.string(),
  /** The last migration applied to the database that was backed up (`015`), and all their names. */
  schemaVersion: z.string(),
  migrations: z.array(z.string()),
  createdAt: z.string(),
  source: z.object({ database: z.string(), storage: z.string() }),
  /**
   * Every bucket backed up, empty ones too, so that restore recreates them all: a bucket with no object has no file
   * in the folder, and an installation restored without it failed its next backup (NoSuchBucket). Absent in backups
   * made before it was recorded.
   */
  buckets: z.array(z.string()).optional(),
  database: z.object({
    tables: z.array(z.object({ name: z.string(), rows: z.number().int(), file: z.string(), sha256: ZSha256 })),
  }),
  objects: z.object({
    count: z.number().int(),
    bytes: z.number(),
    list: z.array(z.object({ bucket: z.string(), key: z.string(), size: z.number(), sha256: ZSha256 })),
  }),
});
export type BackupManifest = z.infer<typeof ZBackupManifest>;

/** The file an object is kept in inside the backup folder (keys are validated: no `..`, no leading `/`). */
export const objectFile = (dir: string, bucket: string, key: string) =>
  path.join(dir, 'storage', bucket, ...key.split('/'));

/** Writes a stream to a file and returns its SHA-256 and size. */
export async function writeHashed(body: Readable, file: string): Promise<{ sha256: string; size: number }> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(body, tap, fs.createWriteStream(file));
  return { sha256: hash.digest('hex'), size };
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

export class BackupError extends Error {}
