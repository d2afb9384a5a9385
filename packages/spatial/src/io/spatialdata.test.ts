import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openZarrStore, toFloat64 } from './anndata-zarr.js';
import { readSpatialData, spatialDataAnnData } from './spatialdata.js';
import {
  BLOBS_INSTANCES,
  BLOBS_STORE,
  blobSquareOrigin,
  blobsWithCircles,
  blobsWithFullLabels,
} from '../spatialdata-fixtures.js';
import { hasSharedData, sharedData } from '../testing.js';

const STORE = sharedData(BLOBS_STORE);
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-spatialdata-'));
afterAll(() => fs.rmSync(TMP, { recursive: true, force: true }));

/** A whole array of the store, read without the SpatialData reader. */
async function rawArray(key: string): Promise<{ values: Float64Array; shape: number[] }> {
  const store = await openZarrStore(STORE, 'blobs');
  const node = await store.open(key);
  if (!(node instanceof store.zarr.Array)) throw new Error(`${key} is not an array`);
  return { values: toFloat64(await store.read(node, key), key, 'blobs'), shape: node.shape };
}

describe.skipIf(!hasSharedData(BLOBS_STORE))('SpatialData store (spatialdata 0.7.3 blobs, zarr v3)', () => {
  it('takes the table with observations, names it, and lists the other table and the points', async () => {
    const run = await readSpatialData(STORE, 'blobs.sdata.zarr');
    expect([run.tableName, run.table.nObs, run.table.nVars]).toEqual(['table', 26, 3]);
    expect(run.annotates).toEqual(['labels/blobs_labels']);
    expect(run.points).toEqual([{ element: 'blobs_points', count: 6, featureKey: 'genes' }]);
    expect(run.warnings).toEqual(
      expect.arrayContaining([
        "table 'table' imported (26 observations, annotating labels/blobs_labels)",
        'tables/table_points: no observations, not imported',
        "points/blobs_points: 6 points (feature key 'genes'), not imported",
        'images/blobs_multiscale_image: not used (images/blobs_image is the tissue image)',
      ]),
    );
  });

  it("places each row at its label's pixel centroid, matched by instance_id (the cropped labels keep 3 of 26)", async () => {
    const run = await readSpatialData(STORE, 'blobs.sdata.zarr');
    const { values, shape } = await rawArray('labels/blobs_labels/s0');
    const width = shape[1]!;
    const expected = new Map<number, [number, number, number]>();
    values.forEach((label, i) => {
      if (label === 0) return;
      const s = expected.get(label) ?? [0, 0, 0];
      expected.set(label, [s[0] + (i % width) + 0.5, s[1] + Math.floor(i / width) + 0.5, s[2] + 1]);
    });
    expect([...expected.keys()].sort((a, b) => a - b)).toEqual([1, 11, 19]);
    const instanceIds = run.table.obs.instance_id;
    expect(instanceIds?.kind).toBe('numeric');
    const ids = run.rows.map((r) => (instanceIds as { values: Float64Array }).values[r]!);
    expect(ids).toEqual([1, 11, 19]);
    ids.forEach((id, i) => {
      const [sx, sy, n] = expected.get(id)!;
      expect(run.xy[2 * i]).toBeCloseTo(sx / n, 10);
      expect(run.xy[2 * i + 1]).toBeCloseTo(sy / n, 10);
    });
    expect(run.unplaced).toEqual({ count: 23, example: '2' });
    expect(run.frame).toBe('pixels of images/blobs_image');
  });

  it('decodes the image (float64 c, y, x) to 100 × 100 RGB, rescaled from its range to 0–255', async () => {
    const run = await readSpatialData(STORE, 'blobs.sdata.zarr');
    const image = run.image!;
    expect([image.element, image.level, image.scale]).toEqual(['blobs_image', 's0', 1]);
    const { width, height, channels, pixels } = image.pixels;
    expect([width, height, channels]).toEqual([100, 100, 3]);
    const { values } = await rawArray('images/blobs_image/s0');
    const low = Math.min(...values);
    const high = Math.max(...values);
    expect([Math.min(...pixels), Math.max(...pixels)]).toEqual([0, 255]);
    // Channel 1 at row 40, column 70.
    const at = 1 * 100 * 100 + 40 * 100 + 70;
    expect(pixels[(40 * 100 + 70) * 3 + 1]).toBe(Math.round(((values[at]! - low) * 255) / (high - low)));
  });

  it('a store whose labels hold every instance: all 26 rows placed, obsm spatial at the label centres', async () => {
    const store = blobsWithFullLabels(path.join(TMP, 'full.sdata.zarr'));
    const run = await readSpatialData(store, 'full.sdata.zarr');
    expect(run.unplaced.count).toBe(0);
    const data = spatialDataAnnData(run);
    expect([data.nObs, data.X.nRows, data.obsNames.length]).toEqual([26, 26, 26]);
    const spatial = data.obsm.spatial!;
    BLOBS_INSTANCES.forEach((_, i) => {
      const [x0, y0] = blobSquareOrigin(i);
      expect([spatial.data[2 * i], spatial.data[2 * i + 1]]).toEqual([x0 + 5, y0 + 5]);
    });
    // A 10 × 10 px square has the diameter of a disc of 100 px².
    expect(run.spotDiameter).toBeCloseTo(2 * Math.sqrt(100 / Math.PI), 10);
  });

  it('circles (GeoParquet shapes, scale-2 transformation): centres and radius through the transformation', async () => {
    const store = blobsWithCircles(path.join(TMP, 'circles.sdata.zarr'));
    const run = await readSpatialData(store, 'circles.sdata.zarr');
    expect(run.annotates).toEqual(['shapes/blobs_circles']);
    expect([run.rows.length, run.unplaced.count, run.spotDiameter]).toEqual([26, 0, 10]);
    BLOBS_INSTANCES.forEach((_, i) => {
      const [x0, y0] = blobSquareOrigin(i);
      expect([run.xy[2 * i], run.xy[2 * i + 1]]).toEqual([x0 + 5, y0 + 5]);
    });
    expect(run.image?.element).toBe('blobs_image');
  });

  it("an image with no transformation into the annotated element's coordinate system is left out, with a warning", async () => {
    const store = blobsWithCircles(path.join(TMP, 'elsewhere.sdata.zarr'));
    for (const image of ['blobs_image', 'blobs_multiscale_image']) {
      const file = path.join(store, 'images', image, 'zarr.json');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll('"global"', '"other_section"'));
    }
    const run = await readSpatialData(store, 'elsewhere.sdata.zarr');
    expect(run.image).toBeUndefined();
    expect(run.frame).toBe("coordinate system 'global'");
    expect(run.warnings).toContain(
      "images/blobs_image: no transformation into the coordinate system 'global' of shapes/blobs_circles: not used as the tissue image",
    );
  });
});
