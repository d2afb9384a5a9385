import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  adaptiveMeanThreshold,
  autofill,
  blockSizeOf,
  tixelAt,
  type GreyImage,
  type Roi,
} from '@atlas/spatial/atlasbrowser';
import { loadConfig } from '../apps/server/src/config.js';
import { createImageGuard } from '../apps/server/src/infra/images.js';
import { createObjectStore } from '../apps/server/src/infra/storage/index.js';
import { writeSpatialFolder } from '../apps/server/src/tasks/atlasbrowser/spatial-writer.js';
import type { Row } from './row.js';

/**
 * AtlasXbrowser's figures (issue 13): the server writing a spatial folder from a 10k × 10k image, and the tool's
 * JavaScript — threshold, autofill, the 220 × 220 grid geometry — timed in Node as references, beside OpenCV's own
 * adaptive threshold (opencv.js, WebAssembly) on the same image. The targets are judged in the browser
 * (bench/atlasbrowser-page.ts).
 */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** Median of `runs` timed calls after two untimed ones (the JIT's first tiers are not what a user waits for). */
function time(runs: number, work: () => void): number {
  work();
  work();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    work();
    ms.push(performance.now() - started);
  }
  return median(ms);
}

function stainedImage(side: number): GreyImage {
  const data = new Uint8Array(side * side);
  let s = 11;
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      const tissue = Math.hypot(x - side / 2, y - side / 2) < side / 3;
      data[y * side + x] = tissue ? 60 + (s >>> 26) * 2 : 225 + (s >>> 29);
    }
  return { width: side, height: side, data };
}

const square = (side: number, inset: number): Roi => [
  { x: inset, y: inset },
  { x: side - inset, y: inset },
  { x: side - inset, y: side - inset },
  { x: inset, y: side - inset },
];

export async function atlasBrowserRows(): Promise<Row[]> {
  const rows: Row[] = [];

  // Threshold: ours vs OpenCV on a 4000 × 4000 image, neighbourhood 7 (block 15), C 7.
  const image = stainedImage(4000);
  const ours = time(5, () => adaptiveMeanThreshold(image, blockSizeOf(7), 7));
  /* eslint-disable @typescript-eslint/no-explicit-any -- opencv.js is untyped */
  const cv: any = createRequire(import.meta.url)('@techstark/opencv-js');
  if (!cv.Mat) await new Promise<void>((resolve) => (cv.onRuntimeInitialized = () => resolve()));
  const src = cv.matFromArray(4000, 4000, cv.CV_8UC1, image.data);
  const dst = new cv.Mat();
  const reference = time(5, () =>
    cv.adaptiveThreshold(src, dst, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY, blockSizeOf(7), 7),
  );
  src.delete();
  dst.delete();
  rows.push({
    measure: 'adaptive threshold of a 4,000×4,000 image (the worker’s code, in Node; the browser row is the target)',
    target: '—',
    figure: `${ours.toFixed(0)} ms median; OpenCV.js on the same image ${reference.toFixed(0)} ms (× ${(ours / reference).toFixed(1)})`,
    verdict: 'info',
  });

  // Autofill of a 220 × 220 chip over the thresholded 4000 × 4000 image.
  const bw = adaptiveMeanThreshold(image, blockSizeOf(7), 7);
  const autofillMs = time(5, () => autofill(bw, square(4000, 200), 220));
  rows.push({
    measure: 'autofill of 48,400 tixels (220×220) over a 4,000×4,000 image, in Node',
    target: '—',
    figure: `${autofillMs.toFixed(0)} ms median`,
    verdict: 'info',
  });

  // One frame of an ROI drag with the 220 × 220 grid drawn: every quad's corners recomputed for the new corner.
  let frame = 0;
  const frameMs = time(30, () => {
    frame++;
    const roi = square(4000, 200);
    roi[2].x += frame % 7;
    for (let row = 0; row < 220; row++) for (let col = 0; col < 220; col++) tixelAt(roi, 220, row, col);
  });
  rows.push({
    measure: 'ROI drag with the 220×220 grid: grid geometry per frame (JS side, Node)',
    target: '—',
    figure: `${frameMs.toFixed(1)} ms per frame`,
    verdict: 'info',
  });

  // The task's writer on a 10k × 10k BSA image, 100 × 100 grid, through the filesystem store.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-bench-spatial-'));
  try {
    const config = loadConfig({ ATLAS_ENV: 'test', ATLAS_DATA_DIR: dir });
    const storage = await createObjectStore(config);
    await storage.ensureBucket('atx-data');
    const big = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: { r: 230, g: 225, b: 235 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10000" height="10000"><ellipse cx="5000" cy="5000" rx="3500" ry="3000" fill="#a04080"/></svg>',
          ),
        },
      ])
      .tiff({ compression: 'lzw' })
      .toBuffer();
    await storage.put('atx-data', 'data/D99999/images/postB_BSA.tif', big);
    const n = 100;
    const mask = [];
    for (let row = 0; row < n; row++)
      for (let col = 0; col < n; col++) mask.push({ position: [row, col] as [number, number], value: 1 as const });
    const started = performance.now();
    await writeSpatialFolder(
      storage,
      createImageGuard({ maxPixels: config.imageMaxPixels }),
      {
        run_id: 'D99999',
        files: ['data/D99999/images/postB_BSA.tif'],
        bsa_filename: 'data/D99999/images/postB_BSA.tif',
        crop_area: [500, 500, 9500, 9500],
        mask,
        metadata: { points: [300, 300, 8700, 300, 8700, 8700, 300, 8700], numChannels: n, grid: 'bilinear' },
        orientation: { rotation: 90, horizontal_flip: false, vertical_flip: false },
        barcode_filename: 'bench.txt',
        barcode_list: Array.from({ length: n * n }, (_, k) => `B${k}`),
        bucket_name_bsa: 'atx-data',
        bucket_name_spatial: 'atx-data',
        root_dir_bsa: 'data',
        root_dir_spatial: 'data',
        updating_existing: false,
      },
      async () => {},
    );
    const seconds = (performance.now() - started) / 1000;
    rows.push({
      measure: 'spatial folder generation, 100×100 grid, 10k×10k image (rotate, crop, images, zip)',
      target: '< 10 s',
      figure: `${seconds.toFixed(1)} s`,
      verdict: seconds < 10 ? 'met' : 'MISSED',
    });
    await storage.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
