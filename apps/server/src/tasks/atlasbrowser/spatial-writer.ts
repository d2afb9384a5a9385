import path from 'node:path';
import sharp from 'sharp';
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
import { readObject, type ObjectStore } from '../../infra/storage/index.js';
import { zipFiles } from './zip.js';

export type GenerateSpatialInput = z.output<typeof ZGenerateSpatialArgs>;

export const spatialFolderOf = (input: Pick<GenerateSpatialInput, 'root_dir_spatial' | 'run_id'>) =>
  `${input.root_dir_spatial}/${input.run_id}/spatial/`;

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

/** The source image rotated, flipped and cropped as the browser showed it: full-resolution pixels. */
async function cropped(
  source: Uint8Array,
  input: GenerateSpatialInput,
): Promise<{ image: Buffer; width: number; height: number }> {
  const { rotation, horizontal_flip, vertical_flip } = input.orientation;
  let rotated = await sharp(source, { limitInputPixels: false })
    .rotate(clockwise(rotation), { background: { r: 0, g: 0, b: 0, alpha: 1 } })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
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

const rawImage = (c: { image: Buffer; width: number; height: number }) =>
  sharp(c.image, { raw: { width: c.width, height: c.height, channels: 3 } });

/** Positions from the ROI points, the barcode list and the mask (DESIGN §7). */
function positionsOf(input: GenerateSpatialInput, rule: GridRule) {
  const n = input.metadata.numChannels;
  const on = new Uint8Array(n * n);
  for (const { position, value } of input.mask) on[position[0] * n + position[1]] = value;
  const roi = roiFromPoints(input.metadata.points);
  const rows = tissuePositions(roi, input.barcode_list, (row, col) => on[row * n + col] === 1, rule);
  return { rows, roi, onTissue: rows.filter((r) => r.inTissue === 1).length };
}

/** metadata.json: every field the browser sent (spec 02 §3) plus what the server decided. */
function metadataJson(input: GenerateSpatialInput, rule: GridRule, onTissue: number): string {
  const metadata: TSpatialMetadata = {
    ...input.metadata,
    run: input.run_id,
    crop_area: input.crop_area,
    orientation: input.orientation,
    barcode_filename: input.barcode_filename,
    onTissueTixels: onTissue,
    grid: rule,
  };
  return `${JSON.stringify(metadata, null, 2)}\n`;
}

/**
 * Writes the spatial folder of DESIGN §7 into `{bucket_name_spatial}/{root_dir_spatial}/{run}/spatial/`. A new
 * folder: images (hires, lowres, figure sources) first, then positions, scale factors and metadata, then the
 * zip of them all, so a reader that finds the zip finds a whole folder. Update mode rewrites only metadata.json,
 * tissue_positions_list.csv and the zip.
 */
export async function writeSpatialFolder(
  storage: ObjectStore,
  input: GenerateSpatialInput,
  progress: Progress,
): Promise<TGenerateSpatialResult> {
  const folder = spatialFolderOf(input);
  const bucket = input.bucket_name_spatial;
  const rule: GridRule = input.metadata.grid ?? 'parallelogram';
  const { rows, roi, onTissue } = positionsOf(input, rule);
  const written = new Map<string, Buffer>();
  const put = async (name: string, data: Buffer) => {
    await storage.put(bucket, `${folder}${name}`, data, {
      contentType: name.endsWith('.png') ? 'image/png' : name.endsWith('.json') ? 'application/json' : 'text/csv',
    });
    written.set(name, data);
  };

  if (input.updating_existing) {
    if (!(await storage.exists(bucket, `${folder}${SCALEFACTORS}`)))
      throw new Error(ATLASBROWSER_MSG.updateNeedsFolder(input.run_id));
    await progress(20);
  } else {
    const files = [input.bsa_filename, ...input.files.filter((f) => f !== input.bsa_filename)];
    let bsa: Awaited<ReturnType<typeof cropped>> | null = null;
    for (const [i, key] of files.entries()) {
      if (!(await storage.exists(input.bucket_name_bsa, key))) throw new Error(ATLASBROWSER_MSG.imageMissing(key));
      const image = await cropped(await readObject(storage, input.bucket_name_bsa, key), input);
      if (i === 0) {
        bsa = image;
        const hires = sizeForLongSide(image.width, image.height, HIRES_SIDE);
        await put(HIRES, await rawImage(image).resize(hires.width, hires.height).png().toBuffer());
        const lowres = sizeForLongSide(image.width, image.height, LOWRES_SIDE);
        await put(LOWRES, await rawImage(image).resize(lowres.width, lowres.height).png().toBuffer());
      }
      const name = `figure/${path.posix.basename(key).replace(/\.[^.]+$/, '')}.png`;
      await put(name, await rawImage(image).png(FIGURE_PNG).toBuffer());
      await progress(10 + (70 * (i + 1)) / files.length);
    }
    const spot = gridSpotDiameter(roi, input.metadata.numChannels, rule);
    await put(SCALEFACTORS, Buffer.from(`${JSON.stringify(spatialScalefactors(spot, bsa!.width), null, 2)}\n`));
  }
  await put(POSITIONS, Buffer.from(positionsCsv(rows)));
  await put(METADATA, Buffer.from(metadataJson(input, rule, onTissue)));
  await progress(85);

  // The zip holds the whole folder: in update mode the images are the ones already there.
  const listed = (await storage.list(bucket, { prefix: folder })).objects.map((o) => o.key.slice(folder.length));
  const names = [...new Set([...listed, ...written.keys()])].filter((n) => n !== zipName(input.run_id)).sort();
  const entries = [];
  for (const name of names)
    entries.push({
      name: `spatial/${name}`,
      data: written.get(name) ?? Buffer.from(await readObject(storage, bucket, `${folder}${name}`)),
    });
  await put(zipName(input.run_id), zipFiles(entries));
  await progress(100);
  const spot = JSON.parse(
    (written.get(SCALEFACTORS) ?? Buffer.from(await readObject(storage, bucket, `${folder}${SCALEFACTORS}`))).toString(
      'utf8',
    ),
  ) as { spot_diameter_fullres: number };
  return {
    folder,
    files: [...written.keys()].map((n) => `${folder}${n}`),
    on_tissue: onTissue,
    spot_diameter_fullres: spot.spot_diameter_fullres,
  };
}
