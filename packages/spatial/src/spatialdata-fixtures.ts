/**
 * Test stores made from the real SpatialData blobs store (../shared/data/spatialdata-zarr): its label image was
 * cropped to 100 × 100 px and keeps 3 of the 26 labels its table annotates, too few for a run. A copy whose label
 * image holds all 26 (10 × 10 px squares on a grid) tests the import end to end on the store's real table, image
 * and metadata. Node-only, for tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sharedData } from './testing.js';

export const BLOBS_STORE = 'spatialdata-zarr/vitessce-spatialdata-0.7/blobs.sdata.zarr';
/** The instance ids of the blobs table (obs/instance_id), in its row order. */
export const BLOBS_INSTANCES = [
  1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 15, 16, 17, 18, 19, 20, 22, 23, 24, 25, 26, 27, 29, 30,
];
const SQUARE = 10;

/** Where the square of the i-th instance starts (x, y), in pixels: 6 columns × 5 rows over 100 × 100. */
export function blobSquareOrigin(i: number): [number, number] {
  return [(i % 6) * 16 + 3, Math.floor(i / 6) * 20 + 5];
}

/** A copy of the blobs store at `target` whose labels/blobs_labels holds one square per table instance. */
export function blobsWithFullLabels(target: string): string {
  fs.cpSync(sharedData(BLOBS_STORE), target, { recursive: true });
  const labels = new Int16Array(100 * 100);
  BLOBS_INSTANCES.forEach((id, i) => {
    const [x0, y0] = blobSquareOrigin(i);
    for (let y = y0; y < y0 + SQUARE; y++) for (let x = x0; x < x0 + SQUARE; x++) labels[y * 100 + x] = id;
  });
  const array = path.join(target, 'labels/blobs_labels/s0');
  const meta = JSON.parse(fs.readFileSync(path.join(array, 'zarr.json'), 'utf8')) as { codecs: unknown[] };
  // Uncompressed (the `bytes` codec alone), so the test needs no zstd encoder.
  meta.codecs = [{ name: 'bytes', configuration: { endian: 'little' } }];
  fs.writeFileSync(path.join(array, 'zarr.json'), JSON.stringify(meta));
  fs.writeFileSync(path.join(array, 'c/0/0'), new Uint8Array(labels.buffer));
  return target;
}
