import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../infra/db/index.js';
import { createObjectStore } from '../infra/storage/index.js';
import { BackupError } from '../ops/manifest.js';
import { restore } from '../ops/restore.js';
import { maintenanceConfig } from './ops-cli.js';

/**
 * `npm run restore -- DIR [--replace]`: a backup made by `npm run backup` into the configured installation (a new
 * data folder or a new PostgreSQL database; `--replace` deletes the rows of an existing one first). Every checksum
 * is verified before anything is written. See README, Operations.
 */
async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { replace: { type: 'boolean', default: false } },
  });
  const dir = positionals[0];
  if (!dir) {
    console.error('Usage: npm run restore -- DIR [--replace]');
    return 64;
  }
  const config = maintenanceConfig('npm run restore');
  if (typeof config === 'number') return config;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const storage = await createObjectStore(config);
  try {
    const manifest = await restore({ database, storage, buckets: config.buckets }, path.resolve(dir), {
      replace: values.replace,
      say: (line) => console.log(line),
    });
    console.log(`Restored the backup of ${manifest.createdAt}. Start the server with npm start.`);
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
