import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import sharp from 'sharp';
import {
  formatMotifsCsv,
  generateRun,
  renderSpatialThumbnail,
  writeSyntheticH5ad,
  type Assay,
  type GridShape,
  type SyntheticMatrixKind,
  type SyntheticRun,
} from '@atlas/spatial';
import type { Infra } from '../infra/index.js';
import { createRuns } from '../domains/runs/index.js';
import {
  seedDemoRuns,
  type DemoRun,
  type DemoRunDataGenerator,
  type DemoRunTarget,
  type DemoThumbnailRenderer,
} from './demo-runs.js';
import { missingSpatialFiles, writeSpatialFolder } from './demo-spatial-folder.js';
import { missingRawImages, seedDemoBarcodeFiles, writeRawImages } from './demo-raw-images.js';
import { dataBucket, tracksBucket } from '../config.js';
import { demoTracksMissing, writeDemoTracks } from './demo-tracks.js';

/**
 * The demo runs' data (issue "run database, catalogue"): per demo run, a synthetic run from the generator of
 * packages/spatial (seeded by the run number, so every installation shows the same runs), written as the inputs
 * a lab would upload (`data/{run}/h5/obj/genes.h5ad`, and for ATAC-seq and CUT&Tag also motifs.h5ad,
 * eRegulons.h5ad and motifs.csv), a front-page thumbnail rendered from its spatial plot (`frontpage/{run}.png`,
 * at most 200 × 200), for several runs a spatial folder with a tissue image (seed/demo-spatial-folder.ts), and a
 * `webfile.create_files` task that makes the explorer web files exactly as for a lab's own run (it shows in Job
 * Management and marks the web object available when it succeeds).
 *
 * Idempotent: inputs, thumbnail and spatial folder are only generated when one of them is missing, and no task is
 * posted for a run whose web object is available or which already has an unfinished create_files task.
 */

const TASK = 'webfile.create_files';
const QUEUE = 'atxcloud_webfile';
/** Genes (RNA) or gene scores (ATAC) per demo run: realistic enough for the explorer, quick to generate. */
const DEMO_FEATURES = 2000;

export interface DemoRunDataOptions {
  /** The chip of a run; default: its channel count square (50×50, 100×100). Tests pass a small grid. */
  grid?: (run: DemoRun) => GridShape;
  features?: number;
}

/** What the generator did for one run (also logged). */
export interface DemoRunDataOutcome {
  run_id: string;
  /** Storage keys written (inputs, thumbnail, spatial folder); empty when all were there. */
  written: string[];
  /** The posted create_files task, or why none was posted. */
  task: { posted: string } | { skipped: 'web object available' | 'task unfinished' };
  ms: number;
}

const demoAssay = (run: DemoRun): Assay => (run.assay === 'Transcriptome' ? 'rna' : 'atac');

const INPUTS: Record<Assay, string[]> = {
  rna: ['genes.h5ad'],
  atac: ['genes.h5ad', 'motifs.h5ad', 'eRegulons.h5ad', 'motifs.csv'],
};

/** Clusters per demo run: the count of its downloadable cluster summary (5–8). */
const clusterCount = (run: DemoRun) => 5 + (Number(run.run_id.slice(1)) % 4);

export function createDemoRunDataGenerator(
  infra: Pick<Infra, 'db' | 'queue' | 'log' | 'config'>,
  options: DemoRunDataOptions = {},
): DemoRunDataGenerator & { outcomes: DemoRunDataOutcome[] } {
  const outcomes: DemoRunDataOutcome[] = [];
  const generate = async (run: DemoRun, target: DemoRunTarget) => {
    const started = Date.now();
    const written = await writeInputs(run, target, options, tracksBucket(infra.config));
    const task = await postCreateFiles(infra, run, target);
    const outcome = { run_id: run.run_id, written, task, ms: Date.now() - started };
    outcomes.push(outcome);
    infra.log.info(outcome, 'demo run data');
    // The task marks the web object available when the web files are written.
    return { webObjectPath: null, thumbnail: true };
  };
  return Object.assign(generate, { outcomes });
}

/** Generates the run and writes whichever of its inputs, thumbnail and spatial folder files are missing. */
async function writeInputs(
  run: DemoRun,
  target: DemoRunTarget,
  options: DemoRunDataOptions,
  tracks: string,
): Promise<string[]> {
  const { storage, bucket } = target;
  const assay = demoAssay(run);
  const objFolder = `${target.folder}h5/obj/`;
  const missing: string[] = [];
  for (const name of INPUTS[assay]) if (!(await storage.exists(bucket, `${objFolder}${name}`))) missing.push(name);
  const thumbnailMissing = !(await storage.exists(bucket, target.thumbnailKey));
  const spatialMissing = await missingSpatialFiles(run, target);
  const rawMissing = await missingRawImages(run, target);
  // Runs with peaks get tracks and an eRegulon network (issue 16).
  const tracksMissing = assay === 'atac' && (await demoTracksMissing({ run, target, tracksBucket: tracks }));
  if (!missing.length && !thumbnailMissing && !spatialMissing.length && !rawMissing.length && !tracksMissing) return [];

  // Each step runs on its own turn of the event loop, so requests are answered in between.
  await nextTurn();
  const grid = options.grid?.(run) ?? { rows: run.number_channels, cols: run.number_channels };
  const seed = Number(run.run_id.slice(1));
  const synthetic = generateRun({
    seed,
    grid,
    features: options.features ?? DEMO_FEATURES,
    clusters: clusterCount(run),
    assay,
  });
  const written: string[] = [];
  if (missing.length) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), `atlas-demo-${run.run_id}-`));
    try {
      for (const name of missing) {
        await nextTurn();
        const file = path.join(dir, name);
        if (name === 'motifs.csv') await fs.writeFile(file, formatMotifsCsv(synthetic.motifs!.pfms));
        else await writeSyntheticH5ad(synthetic, file, name.replace('.h5ad', '') as SyntheticMatrixKind);
        await storage.put(bucket, `${objFolder}${name}`, await fs.readFile(file), {
          contentType: name.endsWith('.csv') ? 'text/csv' : 'application/x-hdf5',
        });
        written.push(`${objFolder}${name}`);
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
  if (thumbnailMissing) {
    await nextTurn();
    await writeThumbnail(synthetic, target);
    written.push(target.thumbnailKey);
  }
  if (spatialMissing.length) written.push(...(await writeSpatialFolder(synthetic, seed, target, spatialMissing)));
  if (rawMissing.length) written.push(...(await writeRawImages(synthetic, seed, target, rawMissing)));
  if (tracksMissing) written.push(...(await writeDemoTracks({ run, target, tracksBucket: tracks }, synthetic, seed)));
  return written;
}

async function writeThumbnail(synthetic: Pick<SyntheticRun, 'spatial' | 'clusters'>, target: DemoRunTarget) {
  const image = renderSpatialThumbnail({ spatial: synthetic.spatial, clusters: synthetic.clusters, size: 200 });
  const png = await sharp(Buffer.from(image.rgba.buffer, image.rgba.byteOffset, image.rgba.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
  await target.storage.put(target.bucket, target.thumbnailKey, png, { contentType: 'image/png' });
}

/**
 * The catalogue's first pass: a run's thumbnail alone, from the same generator with a single feature. The tissue
 * layout and clusters come from their own seeded streams, so the picture is the one the full run would draw.
 */
export function createDemoThumbnailRenderer(options: DemoRunDataOptions = {}): DemoThumbnailRenderer {
  return async (run, target) => {
    if (await target.storage.exists(target.bucket, target.thumbnailKey)) return false;
    await nextTurn();
    const grid = options.grid?.(run) ?? { rows: run.number_channels, cols: run.number_channels };
    const layout = generateRun({
      seed: Number(run.run_id.slice(1)),
      grid,
      features: 1,
      clusters: clusterCount(run),
      assay: 'rna',
    });
    await writeThumbnail(layout, target);
    return true;
  };
}

async function postCreateFiles(
  infra: Pick<Infra, 'db' | 'queue' | 'config'>,
  run: DemoRun,
  target: DemoRunTarget,
): Promise<DemoRunDataOutcome['task']> {
  const [record] = await createRuns(infra).store.webObjectStates([run.run_id]);
  if (record?.web_object_available) return { skipped: 'web object available' };
  const unfinished = await infra.db
    .selectFrom('tasks')
    .select('id')
    .where('name', '=', TASK)
    .where('status', 'in', ['PENDING', 'STARTED', 'PROGRESS'])
    .where(sql<string>`kwargs->>'run_id'`, '=', run.run_id)
    .executeTakeFirst();
  if (unfinished) return { skipped: 'task unfinished' };
  const posted = await infra.queue.post({
    task: TASK,
    queue: QUEUE,
    args: [`${target.folder}h5/obj`, demoAssay(run) === 'rna', target.bucket],
    kwargs: { run_id: run.run_id, description: `Demo run ${run.run_id}: web files of the synthetic ${run.assay} run` },
    requestedBy: null,
  });
  return { posted: posted._id };
}

/**
 * The demo content's slow part, run in the background after the server listens: inputs, thumbnails and
 * create_files tasks for every demo run without a web object. Progress and errors are logged; nothing throws.
 */
export async function generateDemoRunData(
  infra: Pick<Infra, 'db' | 'storage' | 'config' | 'log' | 'queue'>,
  options: DemoRunDataOptions = {},
): Promise<DemoRunDataOutcome[]> {
  const started = Date.now();
  const generator = createDemoRunDataGenerator(infra, options);
  const thumbnail = createDemoThumbnailRenderer(options);
  const guardedThumbnail: DemoThumbnailRenderer = async (run, target) => {
    try {
      return await thumbnail(run, target);
    } catch (error) {
      infra.log.error({ err: error, run_id: run.run_id }, 'demo thumbnail could not be rendered');
      return false;
    }
  };
  const guarded: DemoRunDataGenerator = async (run, target) => {
    try {
      return await generator(run, target);
    } catch (error) {
      infra.log.error({ err: error, run_id: run.run_id }, 'demo run data could not be generated');
      return { webObjectPath: null, thumbnail: false };
    }
  };
  try {
    const barcodes = await seedDemoBarcodeFiles(infra.storage, dataBucket(infra.config), infra.config.barcodesPath);
    if (barcodes.length) infra.log.info({ written: barcodes }, 'demo barcode files');
    await seedDemoRuns(infra, { generateRunData: guarded, renderThumbnail: guardedThumbnail });
    const posted = generator.outcomes.filter((o) => 'posted' in o.task).length;
    if (generator.outcomes.length) {
      infra.log.info(
        { runs: generator.outcomes.length, tasks: posted, ms: Date.now() - started },
        'demo run data generated',
      );
    }
  } catch (error) {
    infra.log.error({ err: error }, 'demo run data generation stopped');
  }
  return generator.outcomes;
}
