/**
 * Test stores made from the real SpatialData blobs store (../shared/data/spatialdata-zarr): its label image was
 * cropped to 100 × 100 px and keeps 3 of the 26 labels its table annotates, too few for a run. A copy whose label
 * image holds all 26 (10 × 10 px squares on a grid) tests the import end to end on the store's real table, image
 * and metadata. Node-only, for tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { wkbPoint, writeTestParquet } from './parquet-test-writer.js';
import { sharedData } from './shared-data.js';

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

/**
 * A copy of the blobs store whose table annotates circles instead: `shapes/blobs_circles` (GeoParquet, index
 * `cell_id` = the table's instance ids) at the centres of the squares above, radius 5 px, stored at half scale
 * with a scale-2 transformation into 'global' (as a writer working in another unit would).
 */
export function blobsWithCircles(target: string): string {
  fs.cpSync(sharedData(BLOBS_STORE), target, { recursive: true });
  const shapes = path.join(target, 'shapes/blobs_circles');
  fs.mkdirSync(shapes, { recursive: true });
  const axes = [
    { name: 'x', type: 'space', unit: 'unit' },
    { name: 'y', type: 'space', unit: 'unit' },
  ];
  const group = (attributes: object) => JSON.stringify({ attributes, zarr_format: 3, node_type: 'group' });
  fs.writeFileSync(path.join(target, 'shapes/zarr.json'), group({}));
  fs.writeFileSync(
    path.join(shapes, 'zarr.json'),
    group({
      'encoding-type': 'ngff:shapes',
      axes: ['x', 'y'],
      coordinateTransformations: [
        { type: 'scale', scale: [2, 2], input: { name: 'xy', axes }, output: { name: 'global', axes } },
      ],
      spatialdata_attrs: { version: '0.2' },
    }),
  );
  const centres = BLOBS_INSTANCES.map((_, i) => blobSquareOrigin(i).map((v) => (v + SQUARE / 2) / 2));
  const geo = {
    version: '1.0.0',
    primary_column: 'geometry',
    columns: { geometry: { encoding: 'WKB', geometry_types: ['Point'] } },
  };
  const pandas = { index_columns: ['cell_id'], column_indexes: [], columns: [] };
  fs.writeFileSync(
    path.join(shapes, 'shapes.parquet'),
    writeTestParquet(
      [
        { name: 'geometry', type: 'bytes', values: centres.map(([x, y]) => wkbPoint(x!, y!)) },
        { name: 'radius', type: 'double', values: centres.map(() => SQUARE / 4) },
        { name: 'cell_id', type: 'int64', values: BLOBS_INSTANCES },
      ],
      { geo: JSON.stringify(geo), pandas: JSON.stringify(pandas) },
    ),
  );
  for (const array of ['tables/table/uns/spatialdata_attrs/region', 'tables/table/obs/region/categories'])
    writeStrings(path.join(target, array), ['blobs_circles']);
  return target;
}

/** Replaces a zarr v3 string array's values (1-D or 0-d), uncompressed `vlen-utf8`. */
function writeStrings(array: string, values: string[]): void {
  const meta = JSON.parse(fs.readFileSync(path.join(array, 'zarr.json'), 'utf8')) as {
    shape: number[];
    codecs: unknown[];
  };
  meta.codecs = [{ name: 'vlen-utf8', configuration: {} }];
  fs.writeFileSync(path.join(array, 'zarr.json'), JSON.stringify(meta));
  const encoded = values.map((v) => new TextEncoder().encode(v));
  const bytes = new Uint8Array(4 + encoded.reduce((n, e) => n + 4 + e.length, 0));
  const view = new DataView(bytes.buffer);
  view.setUint32(0, values.length, true);
  let at = 4;
  for (const e of encoded) {
    view.setUint32(at, e.length, true);
    bytes.set(e, at + 4);
    at += 4 + e.length;
  }
  const chunk = meta.shape.length === 0 ? 'c' : 'c/0';
  fs.rmSync(path.join(array, 'c'), { recursive: true, force: true });
  fs.mkdirSync(path.dirname(path.join(array, chunk)), { recursive: true });
  fs.writeFileSync(path.join(array, chunk), bytes);
}
