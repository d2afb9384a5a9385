import { setImmediate as nextTurn } from 'node:timers/promises';
import sharp from 'sharp';
import { syntheticSpatialFolder, type SyntheticRun } from '@atlas/spatial';
import type { DemoRun, DemoRunTarget } from './demo-runs.js';

/**
 * The spatial folder (DESIGN §7) of the demo runs that have one, rendered from the synthetic run so that the
 * explorer draws its tixels on the tissue: positions and scale factors in the full-resolution pixels of the
 * run's spatial coordinates, and an H&E-like image following its on-tissue mask. The other demo runs have none,
 * as many real runs, so the explorer's plain spatial plot stays in view too.
 */
const SPATIAL_FOLDER_RUNS: ReadonlySet<string> = new Set(['D90003', 'D90005', 'D90006', 'D90009', 'D90010', 'D90013']);

/** In writing order: the image goes last, so a reader that finds it also finds what places it. */
const FILES = [
  'tissue_positions_list.csv',
  'scalefactors_json.json',
  'tissue_lowres_image.png',
  'tissue_hires_image.png',
] as const;
type SpatialFile = (typeof FILES)[number];

const folderOf = (target: DemoRunTarget) => `${target.folder}spatial/`;

/** The spatial files a demo run should have and lacks (none for runs without a spatial folder). */
export async function missingSpatialFiles(run: DemoRun, target: DemoRunTarget): Promise<SpatialFile[]> {
  if (!SPATIAL_FOLDER_RUNS.has(run.run_id)) return [];
  const missing: SpatialFile[] = [];
  for (const file of FILES)
    if (!(await target.storage.exists(target.bucket, `${folderOf(target)}${file}`))) missing.push(file);
  return missing;
}

/** Writes the missing files of the run's spatial folder; returns their keys. */
export async function writeSpatialFolder(
  synthetic: SyntheticRun,
  seed: number,
  target: DemoRunTarget,
  missing: readonly SpatialFile[],
): Promise<string[]> {
  const folder = syntheticSpatialFolder(synthetic, seed);
  const { width, height, rgb } = folder.hires;
  const raw = () =>
    sharp(Buffer.from(rgb.buffer, rgb.byteOffset, rgb.byteLength), { raw: { width, height, channels: 3 } });
  const contents: Record<SpatialFile, () => Promise<Buffer | string>> = {
    'tissue_positions_list.csv': async () => folder.positionsCsv,
    'scalefactors_json.json': async () => `${JSON.stringify(folder.scalefactors, null, 2)}\n`,
    'tissue_lowres_image.png': () => raw().resize(folder.lowres.width, folder.lowres.height).png().toBuffer(),
    'tissue_hires_image.png': () => raw().png().toBuffer(),
  };
  const written: string[] = [];
  for (const file of FILES.filter((f) => missing.includes(f))) {
    await nextTurn();
    const key = `${folderOf(target)}${file}`;
    await target.storage.put(target.bucket, key, await contents[file]());
    written.push(key);
  }
  return written;
}
