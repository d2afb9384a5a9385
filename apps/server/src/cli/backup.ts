import path from 'node:path';
import { openDatabase } from '../infra/db/index.js';
import { createObjectStore } from '../infra/storage/index.js';
import { backup } from '../ops/backup.js';
import { BackupError } from '../ops/manifest.js';
import { maintenanceConfig } from './ops-cli.js';

/**
 * `npm run backup -- DIR`: the database (embedded PGlite or PostgreSQL) and every bucket (filesystem or S3) of the
 * configured installation into a new folder, with a manifest of versions, counts and checksums. See README,
 * Operations.
 */
async function main(): Promise<number> {
  const dir = process.argv[2];
  if (!dir || dir.startsWith('-')) {
    console.error('Usage: npm run backup -- DIR   (a new or empty folder)');
    return 64;
  }
  const config = maintenanceConfig('npm run backup');
  if (typeof config === 'number') return config;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const storage = await createObjectStore(config);
  try {
    const started = Date.now();
    const manifest = await backup({ config, database, storage }, path.resolve(dir), (line) => console.log(line));
    console.log(
      `Backup written to ${path.resolve(dir)} in ${((Date.now() - started) / 1000).toFixed(1)} s: schema ` +
        `${manifest.schemaVersion}, ${manifest.objects.count} objects.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(error.message);
      return 65;
    }
    throw error;
  } finally {
    await storage.close();
    await database.close();
  }
}

process.exit(await main());
