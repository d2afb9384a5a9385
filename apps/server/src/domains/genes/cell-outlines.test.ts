import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CELL_FILES } from '@atlas/contracts';
import { encodeOutlines, encodeOutlineTiles, type CellOutlines } from '@atlas/spatial/io';
import { decodeOutlineWindow } from '@atlas/spatial/outline-window';
import { loadConfig } from '../../config.js';
import { createObjectStore, type ObjectStore } from '../../infra/storage/index.js';
import type { RunAccess } from '../runs/index.js';
import { createCellOutlines } from './cell-outlines.js';

/**
 * The explorer's outline windows (issue 38) from the tiled file that imports write and from the whole-file form of
 * runs imported before it: the same answers, and a tiled window reads its tiles only, not the file.
 */
const BUCKET = 'atx-data';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-cell-outlines-'));
let storage: ObjectStore;
/** Bytes the outlines files gave out, by key (a whole read counts the file's size). */
const read = new Map<string, number>();

/** 62,500 squares of 8 µm on a 10 µm grid of 250 × 250: 250,000 vertices (over the cap) over 2.5 × 2.5 mm. */
function grid(): CellOutlines {
  const n = 62_500;
  const offsets = Uint32Array.from({ length: n + 1 }, (_, i) => 4 * i);
  const xy = new Float32Array(8 * n);
  for (let i = 0; i < n; i++) {
    const [x, y] = [10 * (i % 250), 10 * Math.floor(i / 250)];
    xy.set([x, y, x + 8, y, x + 8, y + 8, x, y + 8], 8 * i);
  }
  return { offsets, xy };
}

const run = (runId: string): RunAccess => ({ runId, bucket: BUCKET }) as RunAccess;

async function putRun(runId: string, file: string, bytes: Uint8Array) {
  const description = { platform: 'Xenium', cells: 62_500, outlines: { cell: file } };
  await storage.put(BUCKET, `data/${runId}/${CELL_FILES.description}`, JSON.stringify(description));
  await storage.put(BUCKET, `data/${runId}/${file}`, Buffer.from(bytes));
}

beforeAll(async () => {
  const config = loadConfig({
    S3_ENDPOINT: '',
    ATLAS_DATA_DIR: dataDir,
    ATLAS_JWT_SECRET: randomBytes(32).toString('hex'),
  });
  const store = await createObjectStore(config);
  // Counts what the outline files give out: the figure a tiled window must keep small.
  storage = {
    ...store,
    async get(bucket, key, options) {
      const got = await store.get(bucket, key, options);
      const bytes = got.range ? got.range.end - got.range.start + 1 : got.size;
      if (key.includes('outline')) read.set(key, (read.get(key) ?? 0) + bytes);
      return got;
    },
  };
  await putRun('D70001', CELL_FILES.outlineTiles, encodeOutlineTiles(grid()));
  await putRun('D70002', CELL_FILES.outlines, encodeOutlines(grid()));
});

afterAll(async () => {
  await storage.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('cell outline windows', () => {
  const cells = () => createCellOutlines(storage);

  it('describes the tiled and the whole-file run alike', async () => {
    const c = cells();
    const [tiled, whole] = [await c.describe(run('D70001')), await c.describe(run('D70002'))];
    expect(tiled).toEqual(whole);
    expect(tiled).toMatchObject({ available: true, outlines: true, vertices: 250_000, cell_diameter: 8 });
  });

  it('answers a window alike from both, the tiled one reading a small part of its file', async () => {
    const c = cells();
    const window = { x0: 495, y0: 995, x1: 700, y1: 1200 };
    const tiledKey = `data/D70001/${CELL_FILES.outlineTiles}`;
    await c.describe(run('D70001'));
    const before = read.get(tiledKey) ?? 0;
    const tiled = decodeOutlineWindow((await c.window(run('D70001'), window)).slice().buffer);
    const whole = decodeOutlineWindow((await c.window(run('D70002'), window)).slice().buffer);
    expect(tiled).toEqual(whole);
    // Columns 49 … 70 (x 490 … 708 meets 495 … 700) of rows 99 … 120 (y 990 … 1208): 22 × 22.
    expect(tiled.cells).toHaveLength(484);
    const size = fs.statSync(path.join(dataDir, 'storage', BUCKET, tiledKey)).size;
    expect(read.get(tiledKey)! - before).toBeLessThan(size / 10);
  });

  it('says a window is over the cap without reading its tiles when whole tiles already hold more', async () => {
    const c = cells();
    await c.describe(run('D70001'));
    const key = `data/D70001/${CELL_FILES.outlineTiles}`;
    const before = read.get(key) ?? 0;
    const answer = decodeOutlineWindow(
      (await c.window(run('D70001'), { x0: -10, y0: -10, x1: 2510, y1: 2510 })).slice().buffer,
    );
    expect(answer).toMatchObject({ overCap: true });
    expect(answer.windowVertices).toBeGreaterThan(200_000);
    expect(read.get(key)! - before).toBe(0);
  });
});
