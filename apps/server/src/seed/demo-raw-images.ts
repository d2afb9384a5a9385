import { setImmediate as nextTurn } from 'node:timers/promises';
import sharp from 'sharp';
import { dbitBarcode, renderTissueImage, type SyntheticRun } from '@atlas/spatial';
import type { ObjectStore } from '../infra/storage/index.js';
import type { DemoRun, DemoRunTarget } from './demo-runs.js';

/**
 * Raw chip images of a few demo DBiT runs (issue 13), so AtlasXbrowser can be tried right after `npm start`:
 * `data/{run}/images/{postB,postB_BSA,flowA,flowB}.tif` as a microscope would give them — turned a quarter turn
 * clockwise, so the user rotates them back — showing the chip in the full-resolution pixels of the run's spatial
 * coordinates (one pixel per spatial unit, the chip filling the image). Processing them with the crop and ROI on
 * the image edges therefore reproduces the run's own tixel positions, and the explorer shows the tissue under
 * its spots. These runs have no spatial folder yet: making it is the tool's job.
 */
export const RAW_IMAGE_RUNS: ReadonlySet<string> = new Set(['D90001', 'D90002', 'D90004']);
const IMAGES = ['postB_BSA.tif', 'postB.tif', 'flowA.tif', 'flowB.tif'] as const;
type RawImage = (typeof IMAGES)[number];

/** Pixels per channel step of the synthetic chip (packages/spatial synthetic layout: STEP_PX). */
const STEP = 10;
/** Pixels darker than this are tissue in the rendered section; SPECKLE of them take the BSA stain. */
const TISSUE_GREY = 225;
const SPECKLE = 0.45;

const imageFolder = (target: DemoRunTarget) => `${target.folder}images/`;

export async function missingRawImages(run: DemoRun, target: DemoRunTarget): Promise<RawImage[]> {
  if (!RAW_IMAGE_RUNS.has(run.run_id)) return [];
  const missing: RawImage[] = [];
  for (const name of IMAGES)
    if (!(await target.storage.exists(target.bucket, `${imageFolder(target)}${name}`))) missing.push(name);
  return missing;
}

/** A flow image: bright channels (columns for flow A, rows for flow B) on a dark chip, with some speckle. */
function flowImage(width: number, height: number, across: 'cols' | 'rows', seed: number): Buffer {
  let s = seed >>> 0;
  const rand = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const step = Math.floor((across === 'cols' ? x : y) / STEP);
      const v = step % 2 === 0 ? 200 + rand() * 40 : 30 + rand() * 20;
      out.fill(Math.round(v), 3 * (y * width + x), 3 * (y * width + x) + 3);
    }
  return out;
}

/** Writes the run's missing raw images; returns their keys. */
export async function writeRawImages(
  synthetic: Pick<SyntheticRun, 'grid' | 'mask' | 'gridPosition' | 'clusters'>,
  seed: number,
  target: DemoRunTarget,
  missing: readonly RawImage[],
): Promise<string[]> {
  const width = (2 * synthetic.grid.cols - 1) * STEP;
  const height = (2 * synthetic.grid.rows - 1) * STEP;
  const stain = () => renderTissueImage({ ...synthetic, width, height, scale: 1, seed }).rgb;
  const pixels: Record<RawImage, () => Buffer> = {
    // The BSA stain marks tissue as dense dark speckle on smooth glass, which is what the adaptive threshold and
    // autofill pick up; the speckle follows the same section as the other images.
    'postB_BSA.tif': () => {
      const rgb = Buffer.from(stain());
      let s = seed >>> 0;
      for (let i = 0; i < rgb.length; i += 3) {
        const grey = 0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!;
        s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
        if (grey < TISSUE_GREY && s / 2 ** 32 < SPECKLE) rgb.fill(Math.round(grey * 0.35), i, i + 3);
      }
      return rgb;
    },
    // The bright-field image before staining: the same section, pale and grey.
    'postB.tif': () => {
      const rgb = stain();
      const out = Buffer.alloc(rgb.length);
      for (let i = 0; i < rgb.length; i += 3) {
        const grey = 0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!;
        out.fill(Math.round(110 + grey * 0.55), i, i + 3);
      }
      return out;
    },
    'flowA.tif': () => flowImage(width, height, 'cols', seed),
    'flowB.tif': () => flowImage(width, height, 'rows', seed + 1),
  };
  const written: string[] = [];
  for (const name of missing) {
    await nextTurn();
    const tif = await sharp(pixels[name](), { raw: { width, height, channels: 3 } })
      .rotate(90)
      .tiff({ compression: 'lzw' })
      .toBuffer();
    const key = `${imageFolder(target)}${name}`;
    await target.storage.put(target.bucket, key, tif, { contentType: 'image/tiff' });
    written.push(key);
  }
  return written;
}

/**
 * Barcode lists for the demo runs (spec 02 §9: `.txt` files in the configured folder), one per shipped chip size:
 * the synthetic runs' own barcodes (line k = col k div N, row k mod N). Named `demo-…` so that they never pass
 * for a lab's real lists, which the lab uploads into the same folder.
 */
export const DEMO_BARCODE_SIZES = [50, 96, 100, 220] as const;

export async function seedDemoBarcodeFiles(storage: ObjectStore, bucket: string, folder: string): Promise<string[]> {
  const written: string[] = [];
  for (const n of DEMO_BARCODE_SIZES) {
    const key = `${folder}demo-bc${n}.txt`;
    if (await storage.exists(bucket, key)) continue;
    const lines: string[] = [];
    for (let col = 0; col < n; col++) for (let row = 0; row < n; row++) lines.push(dbitBarcode(row, col));
    await storage.put(bucket, key, `${lines.join('\n')}\n`, { contentType: 'text/plain' });
    written.push(key);
  }
  return written;
}
