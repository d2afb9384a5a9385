import path from 'node:path';
import { zipSync, type Zippable } from 'fflate';
import sharp, { type Sharp } from 'sharp';
import type { ZGenerateSpatialArgs } from '@atlas/contracts';
import { ATLASBROWSER_MSG, type TGenerateSpatialResult, type TSpatialMetadata } from '@atlas/contracts';
import {
  gridSpotDiameter,
  HIRES_SIDE,
  LOWRES_SIDE,
  positionsCsv,
  roiFromPoints,
  sizeForLongSide,
  spatialScalefactors,
  tissuePositions,
  type GridRule,
} from '@atlas/spatial';
import type { z } from 'zod';
import { ImageRefusedError, type ImageGuard } from '../../infra/images.js';
import { readObject, type ObjectStore } from '../../infra/storage/index.js';

export type GenerateSpatialInput = z.output<typeof ZGenerateSpatialArgs>;

export const spatialFolderOf = (input: Pick<GenerateSpatialInput, 'root_dir_spatial' | 'run_id'>) =>
  `${input.root_dir_spatial}/${input.run_id}/spatial/`;

/**
 * Where a folder is written before it moves into `spatial/`, beside it so that it belongs to the same run (and its
 * write lease): `spatial/` changes only once every file of the new folder is stored.
 */
export const stagingFolderOf = (input: Pick<GenerateSpatialInput, 'root_dir_spatial' | 'run_id'>) =>
  `${input.root_dir_spatial}/${input.run_id}/.spatial-staging/`;

const POSITIONS = 'tissue_positions_list.csv';
const SCALEFACTORS = 'scalefactors_json.json';
const METADATA = 'metadata.json';
const HIRES = 'tissue_hires_image.png';
const LOWRES = 'tissue_lowres_image.png';
const zipName = (runId: string) => `${runId}_compressed_spatial.zip`;

/** Fast PNG for the full-resolution figure sources: they are large and read rarely. */
const FIGURE_PNG = { compressionLevel: 3 } as const;

type Progress = (percent: number) => Promise<void>;

/** Clockwise degrees for sharp from the spec's counter-clockwise rotation. */
const clockwise = (ccw: number) => (((-ccw % 360) + 360) % 360) as number;

type Cropped = { image: Buffer; width: number; height: number };

/**
 * The source image rotated, flipped and cropped as the browser showed it: full-resolution pixels. `source` is the
 * guarded decode of the image (infra/images.ts): its header was checked against the pixel limit first.
 */
async function cropped(key: string, source: Sharp, input: GenerateSpatialInput): Promise<Cropped> {
  const { rotation, horizontal_flip, vertical_flip } = input.orientation;
  // Decoding happens here: a file sharp cannot decode after all is named in the task's error.
  let rotated = await source
    .rotate(clockwise(rotation), { background: { r: 0, g: 0, b: 0, alpha: 1 } })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((error: Error) => {
      throw new Error(ATLASBROWSER_MSG.imageUnreadable(key, error.message));
    });
  // Mirrors apply to the turned image, as the tool shows them. In one sharp pipeline they would come before the
  // rotation whatever the call order, so they get a pass of their own.
  if (horizontal_flip || vertical_flip)
    rotated = await sharp(rotated.data, { raw: rotated.info })
      .flop(horizontal_flip)
      .flip(vertical_flip)
      .raw()
      .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = rotated.info;
  const [x1, y1, x2, y2] = input.crop_area.map(Math.round) as [number, number, number, number];
  if (x1 < 0 || y1 < 0 || x2 > width || y2 > height || x2 <= x1 || y2 <= y1)
    throw new Error(ATLASBROWSER_MSG.cropOutsideImage(width, height));
  const out = await sharp(rotated.data, { raw: { width, height, channels } })
    .extract({ left: x1, top: y1, width: x2 - x1, height: y2 - y1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { image: out.data, width: out.info.width, height: out.info.height };
}

const rawImage = (c: Cropped) => sharp(c.image, { raw: { width: c.width, height: c.height, channels: 3 } });

/** The task's message for an image the guard refused before decoding it. */
function refusal(key: string, error: unknown, maxPixels: number): unknown {
  if (!(error instanceof ImageRefusedError)) return error;
  if (error.reason === 'too-large')
    return new Error(ATLASBROWSER_MSG.imageTooLarge(key, error.header!.width, error.header!.height, maxPixels / 1e6));
  return new Error(ATLASBROWSER_MSG.imageUnreadable(key, error.message));
}

/**
 * One image of the folder, decoded once through the guarded path (one decode per core, its header checked first),
 * with every output made from it while its pixels are held: the figure, and for the chosen image hires and lowres.
 */
async function processImage(
  images: ImageGuard,
  key: string,
  bytes: Uint8Array,
  input: GenerateSpatialInput,
  chosen: boolean,
  outputs: Outputs,
): Promise<Cropped> {
  return images
    .decode(bytes, async (source) => {
      const image = await cropped(key, source, input);
      if (chosen) {
        const hires = sizeForLongSide(image.width, image.height, HIRES_SIDE);
        outputs.set(HIRES, await rawImage(image).resize(hires.width, hires.height).png().toBuffer());
        const lowres = sizeForLongSide(image.width, image.height, LOWRES_SIDE);
        outputs.set(LOWRES, await rawImage(image).resize(lowres.width, lowres.height).png().toBuffer());
      }
      outputs.set(figureOf(key), await rawImage(image).png(FIGURE_PNG).toBuffer());
      return image;
    })
    .catch((error: unknown) => {
      throw refusal(key, error, images.maxPixels);
    });
}

/** Positions from the ROI points, the barcode list and the mask (DESIGN §7). */
function positionsOf(input: GenerateSpatialInput, rule: GridRule) {
  const n = input.metadata.numChannels;
  const on = new Uint8Array(n * n);
  for (const { position, value } of input.mask) on[position[0] * n + position[1]] = value;
  const roi = roiFromPoints(input.metadata.points);
  const rows = tissuePositions(roi, input.barcode_list, (row, col) => on[row * n + col] === 1, rule);
  return { rows, roi, onTissue: rows.filter((r) => r.inTissue === 1).length };
}

/** The figure of the chosen image, relative to the folder: `figure/{its name}.png`. */
const figureOf = (key: string) => `figure/${path.posix.basename(key).replace(/\.[^.]+$/, '')}.png`;

/** metadata.json: every field the browser sent (spec 02 §3) plus what the server decided. */
function metadataJson(input: GenerateSpatialInput, rule: GridRule, onTissue: number): string {
  const folder = spatialFolderOf(input);
  const metadata: TSpatialMetadata = {
    ...input.metadata,
    run: input.run_id,
    // Update works on this figure (in update mode `bsa_filename` is already the folder's figure).
    bsa_figure: input.updating_existing
      ? input.bsa_filename.startsWith(folder)
        ? input.bsa_filename.slice(folder.length)
        : input.metadata.bsa_figure
      : figureOf(input.bsa_filename),
    crop_area: input.crop_area,
    orientation: input.orientation,
    barcode_filename: input.barcode_filename,
    onTissueTixels: onTissue,
    grid: rule,
  };
  return `${JSON.stringify(metadata, null, 2)}\n`;
}

/** The folder's files in writing order: images, then what places them, then the zip of them all. */
type Outputs = Map<string, Buffer>;

/**
 * Computes the spatial folder of DESIGN §7 for `{bucket_name_spatial}/{root_dir_spatial}/{run}/spatial/` and then
 * writes it, so that one that cannot be made (an image that does not decode, a crop off the image) leaves the
 * folder as it was. A new folder holds the images (hires, lowres, a figure of each of `files`: the chosen image and
 * its PostB background), positions, scale factors and metadata, then the zip of them all. Update mode rewrites only
 * metadata.json, tissue_positions_list.csv and the zip.
 */
export async function writeSpatialFolder(
  storage: ObjectStore,
  images: ImageGuard,
  input: GenerateSpatialInput,
  progress: Progress,
): Promise<TGenerateSpatialResult> {
  const folder = spatialFolderOf(input);
  const bucket = input.bucket_name_spatial;
  const rule: GridRule = input.metadata.grid ?? 'parallelogram';
  const { rows, roi, onTissue } = positionsOf(input, rule);
  const outputs: Outputs = new Map();

  if (input.updating_existing) {
    if (!(await storage.exists(bucket, `${folder}${SCALEFACTORS}`)))
      throw new Error(ATLASBROWSER_MSG.updateNeedsFolder(input.run_id));
    await progress(20);
  } else {
    const files = [input.bsa_filename, ...input.files.filter((f) => f !== input.bsa_filename)];
    let bsa: Cropped | null = null;
    for (const [i, key] of files.entries()) {
      if (!(await storage.exists(input.bucket_name_bsa, key))) throw new Error(ATLASBROWSER_MSG.imageMissing(key));
      const bytes = await readObject(storage, input.bucket_name_bsa, key);
      const image = await processImage(images, key, bytes, input, i === 0, outputs);
      if (i === 0) bsa = image;
      await progress(10 + (60 * (i + 1)) / files.length);
    }
    const spot = gridSpotDiameter(roi, input.metadata.numChannels, rule);
    outputs.set(SCALEFACTORS, Buffer.from(`${JSON.stringify(spatialScalefactors(spot, bsa!.width), null, 2)}\n`));
  }
  outputs.set(POSITIONS, Buffer.from(positionsCsv(rows)));
  outputs.set(METADATA, Buffer.from(metadataJson(input, rule, onTissue)));

  // The zip holds the whole folder: in update mode the images are the ones already there. A handful of files well
  // under 4 GB: fflate's classic (no zip64) deflated archive.
  const listed = (await storage.list(bucket, { prefix: folder })).objects.map((o) => o.key.slice(folder.length));
  const names = [...new Set([...listed, ...outputs.keys()])].filter((n) => n !== zipName(input.run_id)).sort();
  const entries: Zippable = {};
  for (const name of names)
    entries[`spatial/${name}`] = outputs.get(name) ?? (await readObject(storage, bucket, `${folder}${name}`));
  const zip = zipSync(entries);
  outputs.set(zipName(input.run_id), Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
  await progress(75);

  await commitFolder(storage, bucket, stagingFolderOf(input), folder, outputs, progress);
  await progress(100);
  const spot = JSON.parse(
    (outputs.get(SCALEFACTORS) ?? Buffer.from(await readObject(storage, bucket, `${folder}${SCALEFACTORS}`))).toString(
      'utf8',
    ),
  ) as { spot_diameter_fullres: number };
  return {
    folder,
    files: [...outputs.keys()].map((n) => `${folder}${n}`),
    on_tissue: onTissue,
    spot_diameter_fullres: spot.spot_diameter_fullres,
  };
}

const contentTypeOf = (name: string) =>
  name.endsWith('.png')
    ? 'image/png'
    : name.endsWith('.json')
      ? 'application/json'
      : name.endsWith('.zip')
        ? 'application/zip'
        : 'text/csv';

/**
 * Stores every output under `staging` first, then moves each into `folder` in writing order (the zip last, so a
 * reader that finds the zip finds a whole folder). A failed store leaves `folder` untouched; the staging files go
 * either way, and any left by a worker that died are cleared first (the task's write lease covers both folders).
 */
async function commitFolder(
  storage: ObjectStore,
  bucket: string,
  staging: string,
  folder: string,
  outputs: Outputs,
  progress: Progress,
): Promise<void> {
  const clearStaging = async () => {
    for (const { key } of (await storage.list(bucket, { prefix: staging })).objects) await storage.delete(bucket, key);
  };
  await clearStaging();
  try {
    for (const [name, data] of outputs)
      await storage.put(bucket, `${staging}${name}`, data, { contentType: contentTypeOf(name) });
    await progress(90);
    for (const name of outputs.keys())
      await storage.move({ bucket, key: `${staging}${name}` }, { bucket, key: `${folder}${name}` });
  } finally {
    await clearStaging();
  }
}
