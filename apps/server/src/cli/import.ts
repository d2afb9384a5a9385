import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { RUN_ID } from '../domains/runs/index.js';
import { ImportError, importRun, sourceFromPath } from '../domains/imports/index.js';
import { ConfigError, loadConfig } from '../config.js';
import { closeInfra, createInfra } from '../infra/create.js';

/**
 * `npm run import -- <file.h5ad | visium-folder> --run D00001 [--title …] [--description …] [--group …] [--public]`
 *
 * Imports into the configured data folder / database / storage (the same environment as the server) and runs
 * webfile.create_files to the end, printing its progress. With the embedded database (PGlite) stop the server
 * first (one process owns ./var/db); with DATABASE_URL + REDIS_URL the task goes to the running workers.
 */
async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      run: { type: 'string' },
      title: { type: 'string' },
      description: { type: 'string' },
      group: { type: 'string' },
      public: { type: 'boolean', default: false },
      bucket: { type: 'string' },
    },
  });
  const target = positionals[0];
  if (!target || !values.run || !RUN_ID.test(values.run)) {
    console.error(
      'Usage: npm run import -- <file.h5ad | visium-folder> --run D00001 [--title …] [--description …] [--group …] [--public]',
    );
    return 64;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 78;
    }
    throw error;
  }
  const log = pino({ level: config.logLevel === 'debug' ? 'debug' : 'warn' });
  const infra = await createInfra(config, log);
  try {
    const started = Date.now();
    const source = await sourceFromPath(target);
    const posted = await importRun(infra, source, {
      runId: values.run,
      bucket: values.bucket,
      title: values.title,
      description: values.description,
      group: values.group ?? null,
      public: values.public,
      requestedBy: null,
    });
    if (infra.queue.driver === 'inprocess') await infra.queue.startWorkers(['atxcloud_webfile']);
    console.log(`${values.run}: inputs stored, webfile.create_files ${posted._id} posted`);
    let last = -1;
    for (;;) {
      const state = await infra.queue.get(posted._id);
      if (!state) throw new Error(`task ${posted._id} disappeared`);
      if (state.progress !== last && state.status === 'PROGRESS') {
        console.log(`  ${Math.round(state.progress)}%`);
        last = state.progress;
      }
      if (state.status === 'SUCCESS') {
        console.log(`${values.run}: web files written in ${Date.now() - started} ms`, JSON.stringify(state.result));
        return 0;
      }
      if (state.status === 'FAILURE') {
        console.error(`${values.run}: import failed: ${state.error}`);
        return 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    if (error instanceof ImportError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await closeInfra(infra);
  }
}

process.exitCode = await main();
