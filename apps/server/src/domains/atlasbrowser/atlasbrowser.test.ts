import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { ATLASBROWSER_MSG, QUEUES, type TGenerateSpatialArgs, type TTaskState } from '@atlas/contracts';
import { dbitBarcode, generateRun, readVisiumSpatial } from '@atlas/spatial';
import { pngBomb } from '@atlas/spatial/testing';
import { openTestApp, useTestApp } from '../../../test/harness.js';
import { buildGroup, buildUser } from '../../../test/factories.js';
import { probeBomb } from '../../../test/bombs.js';
import { readObject } from '../../infra/storage/index.js';
import { createRuns } from '../runs/index.js';
import { writeRawImages } from '../../seed/demo-raw-images.js';

const RUN = 'D00131';
const N = 12;
const STEP = 10;
const SIDE = (2 * N - 1) * STEP;
const FOLDER = `data/${RUN}/spatial/`;
const barcodes = Array.from({ length: N * N }, (_, k) => dbitBarcode(k % N, Math.floor(k / N)));

const t = useTestApp({ workers: QUEUES });
let tech: string;
let outsider: string;
const synthetic = generateRun({ seed: 131, grid: { rows: N, cols: N }, features: 20, clusters: 3, assay: 'rna' });

beforeAll(async () => {
  await buildGroup(t, 'lab-a');
  await buildGroup(t, 'lab-b');
  tech = await buildUser(t, 'tech', ['user', 'lab-a']);
  outsider = await buildUser(t, 'outsider', ['user', 'lab-b']);
  await createRuns(t.infra).records.ensureRun({ runId: RUN, group: 'lab-a', public: false });
  await writeRawImages(
    synthetic,
    131,
    { storage: t.infra.storage, bucket: 'atx-data', folder: `data/${RUN}/`, thumbnailKey: '' },
    ['postB_BSA.tif', 'postB.tif'],
  );
});

/** The browser's args: the raw image turned back (90° counter-clockwise), cropped to the chip, ROI on its edges. */
function args(overrides: Partial<TGenerateSpatialArgs> = {}): TGenerateSpatialArgs {
  const mask = [];
  for (let row = 0; row < N; row++)
    for (let col = 0; col < N; col++)
      mask.push({ position: [row, col] as [number, number], value: synthetic.mask[row * N + col] as 0 | 1 });
  return {
    run_id: RUN,
    files: [`data/${RUN}/images/postB_BSA.tif`, `data/${RUN}/images/postB.tif`],
    bsa_filename: `data/${RUN}/images/postB_BSA.tif`,
    crop_area: [0, 0, SIDE, SIDE],
    mask,
    metadata: {
      points: [0, 0, SIDE, 0, SIDE, SIDE, 0, SIDE],
      numChannels: N,
      grid: 'bilinear',
      blockSize: 7,
      cValue: 7,
      species: 'mus_musculus',
      assay: 'Transcriptome',
    },
    orientation: { rotation: 90, horizontal_flip: false, vertical_flip: false },
    barcode_filename: 'demo-bc12.txt',
    barcode_list: barcodes,
    bucket_name_bsa: 'atx-data',
    bucket_name_spatial: 'atx-data',
    root_dir_bsa: 'data',
    root_dir_spatial: 'data',
    updating_existing: false,
    ...overrides,
  };
}

const post = (token: string, a: unknown) =>
  t.api<TTaskState>('POST', '/api/v1/task', {
    token,
    body: { task: 'atlasbrowser.generate_spatial', queue: 'atxcloud_atlasbrowser', args: [a] },
  });

async function settle(id: string, token: string): Promise<{ final: TTaskState; seen: TTaskState[] }> {
  const seen: TTaskState[] = [];
  for (;;) {
    const reply = await t.api<TTaskState>('GET', `/api/v1/task/${id}`, { token });
    seen.push(reply.body);
    if (reply.body.status === 'SUCCESS' || reply.body.status === 'FAILURE') return { final: reply.body, seen };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function folderFiles(): Promise<Map<string, Uint8Array>> {
  const { objects } = await t.infra.storage.list('atx-data', { prefix: FOLDER });
  const files = new Map<string, Uint8Array>();
  for (const o of objects) files.set(o.key.slice(FOLDER.length), await readObject(t.infra.storage, 'atx-data', o.key));
  return files;
}

const check = (token: string) =>
  t.api<{ exists: boolean; files: string[] }>('POST', '/api/v1/run_db/check_spatial_folder_exists', {
    token,
    body: { bucket_name: 'atx-data', run_id: RUN },
  });

describe('atlasbrowser.generate_spatial', () => {
  it('writes the DESIGN §7 folder that our Visium reader reads back at the run’s own tixel positions', async () => {
    expect((await check(tech)).body).toEqual({ exists: false, files: [] });
    const posted = await post(tech, args());
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const { final, seen } = await settle(posted.body._id, tech);
    expect(final.error).toBeNull();
    expect(final.status).toBe('SUCCESS');
    expect(final.progress).toBe(100);
    expect(seen.some((s) => s.status === 'PROGRESS' || s.status === 'SUCCESS')).toBe(true);

    const files = await folderFiles();
    expect([...files.keys()].sort()).toEqual([
      `${RUN}_compressed_spatial.zip`,
      'figure/postB.png',
      'figure/postB_BSA.png',
      'metadata.json',
      'scalefactors_json.json',
      'tissue_hires_image.png',
      'tissue_lowres_image.png',
      'tissue_positions_list.csv',
    ]);
    const spatial = await readVisiumSpatial(files);
    expect(spatial.order).toBe('visium');
    // Line k of the barcode file is col k div N, row k mod N; centres are the synthetic run's (2i + 0.5) steps.
    for (let k = 0; k < N * N; k++) {
      const row = k % N;
      const col = Math.floor(k / N);
      expect(spatial.positions.barcodes[k]).toBe(dbitBarcode(row, col));
      expect(spatial.positions.arrayRow[k]).toBe(row);
      expect(spatial.positions.arrayCol[k]).toBe(col);
      expect(spatial.positions.pxlCol[k]).toBe(Math.round((2 * col + 0.5) * STEP));
      expect(spatial.positions.pxlRow[k]).toBe(Math.round((2 * row + 0.5) * STEP));
      expect(spatial.positions.inTissue[k]).toBe(synthetic.mask[row * N + col]);
    }
    const steps = 2 * N - 1;
    expect(spatial.scalefactors!.spot_diameter_fullres).toBeCloseTo(Math.SQRT2 * (SIDE / steps));
    expect(spatial.scalefactors!.fiducial_diameter_fullres).toBeCloseTo(
      spatial.scalefactors!.spot_diameter_fullres * 1.6153846,
    );
    expect(spatial.scalefactors!.tissue_hires_scalef).toBeCloseTo(2000 / SIDE);
    expect(spatial.scalefactors!.tissue_lowres_scalef).toBeCloseTo(600 / SIDE);
    expect(await sharp(files.get('tissue_hires_image.png')!).metadata()).toMatchObject({ width: 2000, height: 2000 });
    expect(await sharp(files.get('tissue_lowres_image.png')!).metadata()).toMatchObject({ width: 600, height: 600 });
    expect(await sharp(files.get('figure/postB_BSA.png')!).metadata()).toMatchObject({ width: SIDE, height: SIDE });

    // The tissue is under the on-tissue spots: the stained image is darker there than at the off-tissue spots.
    const hires = await sharp(files.get('tissue_hires_image.png')!).greyscale().raw().toBuffer();
    const s = spatial.scalefactors!.tissue_hires_scalef;
    const mean = (on: number) => {
      const values: number[] = [];
      for (let k = 0; k < N * N; k++)
        if (spatial.positions.inTissue[k] === on)
          values.push(
            hires[Math.round(spatial.positions.pxlRow[k]! * s) * 2000 + Math.round(spatial.positions.pxlCol[k]! * s)]!,
          );
      return values.reduce((a, b) => a + b, 0) / values.length;
    };
    expect(mean(1)).toBeLessThan(mean(0) - 30);

    const metadata = JSON.parse(Buffer.from(files.get('metadata.json')!).toString('utf8'));
    expect(metadata).toMatchObject({
      run: RUN,
      numChannels: N,
      points: [0, 0, SIDE, 0, SIDE, SIDE, 0, SIDE],
      crop_area: [0, 0, SIDE, SIDE],
      orientation: { rotation: 90, horizontal_flip: false, vertical_flip: false },
      barcode_filename: 'demo-bc12.txt',
      onTissueTixels: synthetic.mask.reduce((a, b) => a + b, 0),
      grid: 'bilinear',
      blockSize: 7,
      cValue: 7,
      species: 'mus_musculus',
    });

    // The zip holds every other file of the folder under spatial/.
    const zipped = unzipSync(files.get(`${RUN}_compressed_spatial.zip`)!);
    const names = Object.keys(zipped);
    expect(names).toHaveLength(7);
    expect(names.every((n) => n.startsWith('spatial/'))).toBe(true);
    expect(Buffer.from(zipped['spatial/tissue_positions_list.csv']!)).toEqual(
      Buffer.from(files.get('tissue_positions_list.csv')!),
    );

    const exists = await check(tech);
    expect(exists.body.exists).toBe(true);
    expect(exists.body.files).toContain(`${FOLDER}tissue_positions_list.csv`);
    // Another lab's member learns nothing about this private run.
    expect((await check(outsider)).body).toEqual({ exists: false, files: [] });
  });

  it('update mode rewrites only metadata, positions and the zip; points without a grid use the parallelogram rule', async () => {
    const before = await t.infra.storage.head('atx-data', `${FOLDER}tissue_hires_image.png`);
    const scalefactorsBefore = await t.infra.storage.head('atx-data', `${FOLDER}scalefactors_json.json`);
    const a = args({ updating_existing: true, files: [], bsa_filename: `${FOLDER}figure/postB_BSA.png` });
    // BR dragged 40 px off the parallelogram: ignored without a grid field (the original tools' rule).
    a.metadata = { ...a.metadata, points: [0, 0, SIDE, 0, SIDE + 40, SIDE + 40, 0, SIDE], grid: undefined };
    a.mask = a.mask.map((m) => ({ ...m, value: 1 }));
    const posted = await post(tech, a);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const { final } = await settle(posted.body._id, tech);
    expect(final.error).toBeNull();
    const files = await folderFiles();
    const spatial = await readVisiumSpatial(files);
    expect(Array.from(spatial.positions.inTissue).every((v) => v === 1)).toBe(true);
    expect(spatial.positions.pxlCol[N * N - 1]).toBe(Math.round((2 * (N - 1) + 0.5) * STEP));
    expect(JSON.parse(Buffer.from(files.get('metadata.json')!).toString('utf8'))).toMatchObject({
      grid: 'parallelogram',
      onTissueTixels: N * N,
    });
    expect(await t.infra.storage.head('atx-data', `${FOLDER}tissue_hires_image.png`)).toEqual(before);
    expect(await t.infra.storage.head('atx-data', `${FOLDER}scalefactors_json.json`)).toEqual(scalefactorsBefore);
  });

  it('refuses a member of another group (404, nothing queued) and inconsistent arguments (400)', async () => {
    const refused = await post(outsider, args());
    expect(refused.status).toBe(404);
    const short = await post(tech, args({ barcode_list: barcodes.slice(0, 100) }));
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain(ATLASBROWSER_MSG.barcodeChannelsMismatch(100, N));
    const offGrid = await post(tech, args({ mask: [{ position: [N, 0], value: 1 }] }));
    expect(offGrid.status).toBe(400);
    const crop = await post(tech, args({ crop_area: [0, 0, SIDE + 50, SIDE] }));
    const { final } = await settle(crop.body._id, tech);
    expect(final.status).toBe('FAILURE');
    expect(final.error).toBe(ATLASBROWSER_MSG.cropOutsideImage(SIDE, SIDE));
  });

  it('mirrors the turned image, as the tool shows it: rotation first, then the flips', async () => {
    // 45° grows the canvas; a crop centred on it mirrors onto itself, so the flipped figure must be the mirror of
    // the unflipped one (mirroring before the turn would give the other diagonal).
    const source = await readObject(t.infra.storage, 'atx-data', `data/${RUN}/images/postB_BSA.tif`);
    const turned = (await sharp(source).rotate(315).raw().toBuffer({ resolveWithObject: true })).info.width;
    const margin = 20;
    const side = turned - 2 * margin;
    const figure = async (horizontal_flip: boolean, vertical_flip: boolean) => {
      const posted = await post(
        tech,
        args({
          crop_area: [margin, margin, margin + side, margin + side],
          metadata: { ...args().metadata, points: [0, 0, side, 0, side, side, 0, side] },
          orientation: { rotation: 45, horizontal_flip, vertical_flip },
        }),
      );
      expect((await settle(posted.body._id, tech)).final.error).toBeNull();
      const png = (await folderFiles()).get('figure/postB_BSA.png')!;
      return sharp(png).raw().toBuffer({ resolveWithObject: true });
    };
    const plain = await figure(false, false);
    const both = await figure(true, true);
    const { width, height, channels } = plain.info;
    let mismatched = 0;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        for (let c = 0; c < channels; c++) {
          const mirrored = ((height - 1 - y) * width + (width - 1 - x)) * channels + c;
          if (both.data[(y * width + x) * channels + c] !== plain.data[mirrored]) mismatched++;
        }
    expect(mismatched).toBe(0);
    const metadata = JSON.parse(Buffer.from((await folderFiles()).get('metadata.json')!).toString('utf8'));
    expect(metadata.orientation).toEqual({ rotation: 45, horizontal_flip: true, vertical_flip: true });
  });
});

describe('atlasbrowser.generate_spatial on a lab’s images folder (a real-named image beside a text file)', () => {
  const LAB_RUN = 'D77002';
  const LAB_FOLDER = `data/${LAB_RUN}/spatial/`;
  const image = `data/${LAB_RUN}/images/BSA_HE.png`;
  const notes = `data/${LAB_RUN}/images/notes.png`;
  const labArgs = (overrides: Partial<TGenerateSpatialArgs> = {}) =>
    args({ run_id: LAB_RUN, files: [image], bsa_filename: image, ...overrides });

  beforeAll(async () => {
    await createRuns(t.infra).records.ensureRun({ runId: LAB_RUN, group: 'lab-a', public: false });
    const raw = await readObject(t.infra.storage, 'atx-data', `data/${RUN}/images/postB_BSA.tif`);
    await t.infra.storage.put('atx-data', image, await sharp(raw).png().toBuffer());
    await t.infra.storage.put('atx-data', notes, 'Stained 2026-11-30, 20x objective; HE after BSA.\n');
  });

  /** Every object under the lab run's folder, by key, as bytes in base64 (so two snapshots compare). */
  async function snapshot(): Promise<Record<string, string>> {
    const { objects } = await t.infra.storage.list('atx-data', { prefix: `data/${LAB_RUN}/` });
    const files: Record<string, string> = {};
    for (const o of objects)
      if (!o.key.includes('/images/'))
        files[o.key] = Buffer.from(await readObject(t.infra.storage, 'atx-data', o.key)).toString('base64');
    return files;
  }
  const run = async (a: TGenerateSpatialArgs) => {
    const posted = await post(tech, a);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    return (await settle(posted.body._id, tech)).final;
  };

  it('fails naming a file that is no image and writes nothing under spatial/', async () => {
    const final = await run(labArgs({ files: [image, notes] }));
    expect(final.status).toBe('FAILURE');
    expect(final.error).toContain(`The image ${notes} could not be read (`);
    expect(await snapshot()).toEqual({});
    const exists = await t.api<{ exists: boolean }>('POST', '/api/v1/run_db/check_spatial_folder_exists', {
      token: tech,
      body: { bucket_name: 'atx-data', run_id: LAB_RUN },
    });
    expect(exists.body.exists).toBe(false);
  });

  // How fast: bench/guards.ts (`npm run bench -- guards`).
  it('refuses an image bomb (25000 × 25000 PNG, 608 KB) from its header, naming the limit', async () => {
    // Before: 15.5–21.7 s and +1.8 GB, then sharp's own "Input image exceeds pixel limit".
    const bomb = `data/${LAB_RUN}/images/bomb.png`;
    await t.infra.storage.put('atx-data', bomb, pngBomb());
    const final = await run(labArgs({ files: [bomb], bsa_filename: bomb }));
    expect(final.status).toBe('FAILURE');
    expect(final.error).toBe(ATLASBROWSER_MSG.imageTooLarge(bomb, 25_000, 25_000, 200));
    expect(await snapshot()).toEqual({});
    await t.infra.storage.delete('atx-data', bomb);
    // In a process of its own, the task's refusal costs megabytes.
    const figures = probeBomb('png-task');
    expect(figures.outcome).toBe(
      `Error: ${ATLASBROWSER_MSG.imageTooLarge('data/D70009/images/bomb.png', 25_000, 25_000, 200)}`,
    );
    expect(figures.peakMB).toBeLessThan(300);
  }, 120_000);

  it('stores the chosen image under its own name, records it for Update, and a failed redo changes nothing', async () => {
    const made = await run(labArgs());
    expect(made.error).toBeNull();
    const before = await snapshot();
    expect(Object.keys(before).sort()).toEqual(
      [
        `${LAB_RUN}_compressed_spatial.zip`,
        'figure/BSA_HE.png',
        'metadata.json',
        'scalefactors_json.json',
        'tissue_hires_image.png',
        'tissue_lowres_image.png',
        'tissue_positions_list.csv',
      ].map((name) => `${LAB_FOLDER}${name}`),
    );
    const metadata = JSON.parse(Buffer.from(before[`${LAB_FOLDER}metadata.json`]!, 'base64').toString('utf8'));
    expect(metadata.bsa_figure).toBe('figure/BSA_HE.png');

    // Reprocessed unturned (every image would change), with the text file among the chosen: all or nothing.
    const redo = await run(
      labArgs({ files: [image, notes], orientation: { rotation: 0, horizontal_flip: false, vertical_flip: false } }),
    );
    expect(redo.status).toBe('FAILURE');
    expect(redo.error).toContain(notes);
    expect(await snapshot()).toEqual(before);

    // Update keeps recording the figure it worked on.
    const updated = await run(
      labArgs({ updating_existing: true, files: [], bsa_filename: `${LAB_FOLDER}figure/BSA_HE.png` }),
    );
    expect(updated.error).toBeNull();
    const after = JSON.parse(
      Buffer.from(await readObject(t.infra.storage, 'atx-data', `${LAB_FOLDER}metadata.json`)).toString('utf8'),
    );
    expect(after.bsa_figure).toBe('figure/BSA_HE.png');
  });
});

describe('AtlasXbrowser configuration and SLIMS', () => {
  it('gives the buckets, barcode folder and mapping; SLIMS is not offered without SLIMS_URL', async () => {
    const config = await t.api('GET', '/api/v1/atlasbrowser/config', { token: tech });
    expect(config.body).toMatchObject({
      bucket_name_bsa: 'atx-data',
      root_dir_spatial: 'data',
      barcodes_path: 'barcodes/',
      slims: false,
    });
    const slims = await t.api('GET', '/api/v1/dataset/slimstest_runid', { token: tech, query: { run_id: RUN } });
    expect(slims).toEqual({ status: 404, body: expect.objectContaining({ msg: ATLASBROWSER_MSG.slimsNotConfigured }) });
  });

  it('proxies a loopback server speaking SLIMS /rest/Content (entities with columns)', async () => {
    const requests: string[] = [];
    const slide = (pk: number, runId: string) => ({
      pk,
      tableName: 'Content',
      columns: [
        { name: 'cntn_id', value: `SL-${pk}`, datatype: 'STRING' },
        { name: 'cntn_cf_runId', value: runId, datatype: 'STRING' },
        { name: 'cntn_cf_fk_organ', value: 17, displayValue: 'Brain', datatype: 'FOREIGN_KEY' },
        { name: 'cntn_cf_fk_species', value: 3, displayValue: 'mus_musculus', datatype: 'FOREIGN_KEY' },
        { name: 'cntn_cf_fk_workflow', value: 9, displayValue: 'cut_n_tag', datatype: 'FOREIGN_KEY' },
        { name: 'cntn_cf_sampleId', value: 'MB-7', datatype: 'STRING' },
      ],
    });
    const server = http.createServer((req, res) => {
      requests.push(`${req.url} ${req.headers.authorization ?? ''}`);
      const url = new URL(req.url!, 'http://x');
      if (url.pathname !== '/slims/rest/Content') return res.writeHead(404).end();
      if (url.searchParams.get('cntn_cf_runId') === 'D00999') return res.writeHead(500).end('boom');
      const all = [slide(1, RUN), slide(2, 'D00007'), slide(3, RUN)];
      const wanted = url.searchParams.get('cntn_cf_runId');
      const entities = all.filter((e) => !wanted || e.columns[1]!.value === wanted);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ entities }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const withSlims = await openTestApp({
      env: { SLIMS_URL: `http://127.0.0.1:${port}/slims`, SLIMS_USERNAME: 'lims', SLIMS_PASSWORD: 'secret' },
    });
    try {
      const token = withSlims.admin;
      const record = await withSlims.api('GET', '/api/v1/dataset/slimstest_runid', {
        token,
        query: { run_id: RUN },
      });
      expect(record.status).toBe(200);
      expect(record.body).toEqual({
        pk: 1,
        cntn_id: 'SL-1',
        cntn_cf_runId: RUN,
        cntn_cf_fk_organ: 'Brain',
        cntn_cf_fk_species: 'mus_musculus',
        cntn_cf_fk_workflow: 'cut_n_tag',
        cntn_cf_sampleId: 'MB-7',
      });
      expect(requests[0]).toContain(`cntn_cf_runId=${RUN}`);
      expect(requests[0]).toContain(`Basic ${Buffer.from('lims:secret').toString('base64')}`);
      const ids = await withSlims.api('GET', '/api/v1/dataset/slimstest_list_runids', { token });
      expect(ids.body).toEqual(['D00007', RUN]);
      const missing = await withSlims.api('GET', '/api/v1/dataset/slimstest_runid', {
        token,
        query: { run_id: 'D00404' },
      });
      expect(missing).toEqual({
        status: 404,
        body: expect.objectContaining({ msg: ATLASBROWSER_MSG.slimsRunNotFound('D00404') }),
      });
      const failing = await withSlims.api('GET', '/api/v1/dataset/slimstest_runid', {
        token,
        query: { run_id: 'D00999' },
      });
      expect(failing.status).toBe(502);
      const config = await withSlims.api('GET', '/api/v1/atlasbrowser/config', { token });
      expect(config.body).toMatchObject({ slims: true });
    } finally {
      await withSlims.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
