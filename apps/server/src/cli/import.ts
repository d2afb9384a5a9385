import { parseArgs } from 'node:util';
import { RUN_ID } from '@atlas/contracts/run-id';
import { IMAGE_MAX_MEGAPIXELS, IMPORT_LIMITS } from '@atlas/contracts/genes/import-limits';
import {
  ImportError,
  prepareImport,
  sourceFromPath,
  type ImportSource,
  type PreparedImport,
} from '../domains/imports/check.js';

const DEFAULT_PIXELS = IMAGE_MAX_MEGAPIXELS * 1_000_000;

const USAGE =
  'Usage: npm run import -- <input> --run D00001 [--title …] [--description …] [--group …] [--public] [--bucket …]\n' +
  '  <input>: an AnnData .h5ad (or .h5); an AnnData-Zarr .zarr folder or .zarr.zip; a SpatialData .zarr folder;\n' +
  '           a 10x matrix .h5, or its Matrix Market folder (filtered_feature_bc_matrix/), alone;\n' +
  '           a Space Ranger outs/ folder (filtered_feature_bc_matrix.h5 or filtered_feature_bc_matrix/ + spatial/);\n' +
  '           a Visium HD binned_outputs/square_008um folder (spatial/tissue_positions.parquet)';

/**
 * `npm run import -- <input> --run D00001 [--title …] [--description …] [--group …] [--public]`
 *
 * The input is read and checked FIRST, before the configuration, database or storage are touched, so a bad
 * input fails at once with what is missing. Then it imports into the configured data folder / database / storage
 * (the same environment as the server) and runs webfile.create_files to the end, printing its progress. With the
 * embedded database (PGlite) stop the server first (one process owns ./var/db); with DATABASE_URL + REDIS_URL the
 * task goes to the running workers. The infrastructure is imported lazily for the same reason.
 */
/**
 * The input checked with the default import limits, before the configuration is read (it takes a second to load,
 * and writes the data folder's signing key). Only an input over those limits is checked again, with the configured
 * ATLAS_IMPORT_MAX_* and ATLAS_IMAGE_MAX_MEGAPIXELS, for an installation that raised them.
 */
async function prepareChecked(source: ImportSource): Promise<PreparedImport> {
  try {
    return await prepareImport(source);
  } catch (error) {
    if (!(error instanceof ImportError) || error.status !== 413) throw error;
    const config = (await import('../config.js')).loadConfig();
    const configured = { limits: config.importLimits, imageMaxPixels: config.imageMaxPixels };
    const unchanged =
      JSON.stringify(configured) === JSON.stringify({ limits: IMPORT_LIMITS, imageMaxPixels: DEFAULT_PIXELS });
    if (unchanged) throw error;
    return prepareImport(source, configured);
  }
}

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
    console.error(USAGE);
    return 64;
  }
  const started = Date.now();
  let prepared: PreparedImport;
  try {
    prepared = await prepareChecked(await sourceFromPath(target));
  } catch (error) {
    if (error instanceof ImportError) {
      console.error(`${values.run}: nothing imported. ${error.message}`);
      return 1;
    }
    throw error;
  }
  console.log(
    `${values.run}: ${prepared.format}, ${prepared.nObs} observations × ${prepared.nVars} features` +
      `${prepared.spatial ? '' : ' (no spatial coordinates: UMAP only)'}, checked in ${Date.now() - started} ms`,
  );
  for (const warning of prepared.warnings) console.log(`  note: ${warning}`);

  const { ConfigError, loadConfig } = await import('../config.js');
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
  const { pino } = await import('pino');
  const { closeInfra, createInfra } = await import('../infra/create.js');
  const { storeImport } = await import('../domains/imports/index.js');
  const { taskRegistry } = await import('../tasks/index.js');
  const log = pino({ level: config.logLevel === 'debug' ? 'debug' : 'warn' });
  const infra = await createInfra(config, log, { tasks: taskRegistry });
  try {
    const posted = await storeImport(infra, prepared, {
      runId: values.run,
      bucket: values.bucket,
      title: values.title,
      description: values.description,
      group: values.group ?? null,
      public: values.public,
      requestedBy: null,
    });
    // The input's bytes are stored: the task reads them back from storage (a 5M-cell h5ad is 1.1 GB to let go).
    prepared.files.clear();
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
        // Peak memory of the whole import (check, store, web files: one process with the in-process queue).
        console.log(`${values.run}: peak memory ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (max RSS)`);
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
