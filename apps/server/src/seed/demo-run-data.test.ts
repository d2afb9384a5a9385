import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { GENES_MSG, QUEUES } from '@atlas/contracts';
import { parseDataCsv, readH5ad, readVisiumSpatial } from '@atlas/spatial';
import { useTestApp } from '../../test/harness.js';
import { readObject } from '../infra/storage/index.js';
import { createJobStore } from '../domains/imports/jobs.js';
import { createDemoRunDataGenerator } from './demo-run-data.js';
import { DEMO_RUNS, seedDemoRuns, type DemoRun } from './demo-runs.js';

/**
 * The demo runs' data through the real pipeline, on a small grid: synthetic inputs in storage, a thumbnail the
 * catalogue serves, a spatial folder whose image the explorer places under the tixels (D90006; D90002 has none),
 * a webfile.create_files task that succeeds and marks the web object available, and nothing posted twice.
 */
const t = useTestApp({ env: { ATLAS_DEMO_DATA: 'true' } });
const BUCKET = 'atx-data';
const rna = DEMO_RUNS.find((r) => r.run_id === 'D90006')!; // Transcriptome
const cutTag = DEMO_RUNS.find((r) => r.run_id === 'D90002')!; // CUT&Tag → ATAC-like inputs
const target = (run: DemoRun) => ({
  storage: t.infra.storage,
  bucket: BUCKET,
  folder: `data/${run.run_id}/`,
  thumbnailKey: `frontpage/${run.run_id}.png`,
});
const options = { grid: () => ({ rows: 20, cols: 20 }), features: 120 };

beforeAll(() => seedDemoRuns(t.infra));

const createFilesTasks = () =>
  t.infra.db
    .selectFrom('tasks')
    .select(['id', 'kwargs', 'status'])
    .where('name', '=', 'webfile.create_files')
    .execute();

const webObject = (runId: string) =>
  t.infra.db
    .selectFrom('results as r')
    .innerJoin('tissues as ti', 'ti.tissue_id', 'r.tissue_id')
    .select(['r.web_object_available', 'r.web_obj_path'])
    .where('ti.run_id', '=', runId)
    .executeTakeFirstOrThrow();

describe('demo run data', () => {
  it('writes inputs, a thumbnail and a spatial folder, posts create_files once, and the task makes the web files', async () => {
    const generate = createDemoRunDataGenerator(t.infra, options);
    const started = Date.now();
    expect(await generate(rna, target(rna))).toEqual({ webObjectPath: null, thumbnail: true });
    expect(await generate(cutTag, target(cutTag))).toEqual({ webObjectPath: null, thumbnail: true });
    console.log(`demo run data for 2 runs (20×20, 120 features): ${Date.now() - started} ms`);

    // Inputs as a lab would upload them.
    expect(generate.outcomes.map((o) => o.written)).toEqual([
      [
        'data/D90006/h5/obj/genes.h5ad',
        'frontpage/D90006.png',
        'data/D90006/spatial/tissue_positions_list.csv',
        'data/D90006/spatial/scalefactors_json.json',
        'data/D90006/spatial/tissue_lowres_image.png',
        'data/D90006/spatial/tissue_hires_image.png',
      ],
      [
        'data/D90002/h5/obj/genes.h5ad',
        'data/D90002/h5/obj/motifs.h5ad',
        'data/D90002/h5/obj/eRegulons.h5ad',
        'data/D90002/h5/obj/motifs.csv',
        'frontpage/D90002.png',
        // Raw chip images for AtlasXbrowser (seed/demo-raw-images.ts).
        'data/D90002/images/postB_BSA.tif',
        'data/D90002/images/postB.tif',
        'data/D90002/images/flowA.tif',
        'data/D90002/images/flowB.tif',
        // Tracks and the eRegulon network of a run with peaks, and the reference of its genome (issue 16).
        'ref/mm10/mm10.chrom.sizes',
        'ref/mm10/cytoBand.txt',
        'ref/mm10/genes.bed',
        ...[1, 2, 3, 4, 5, 6, 7].map((c) => `data/D90002/tracks/C${c}.bw`),
        'data/D90002/tracks/All tixels.bedGraph',
        'data/D90002/tracks/peaks.bb',
        'data/D90002/tracks/fragments.tsv.gz',
        'data/D90002/tracks/fragments.tsv.gz.tbi',
        'data/D90002/h5/networks/eRegulons.json',
      ],
    ]);
    // The chip fills the raw image, one pixel per spatial unit: 20 channels of 10 px with 10 px gaps.
    const raw = await sharp(await readObject(t.infra.storage, BUCKET, 'data/D90002/images/postB_BSA.tif')).metadata();
    expect(raw).toMatchObject({ format: 'tiff', width: 390, height: 390 });
    const bigWig = await readObject(t.infra.storage, 'atx-tracks', 'data/D90002/tracks/C1.bw');
    expect(Buffer.from(bigWig.subarray(0, 4)).readUInt32LE(0)).toBe(0x888ffc26);
    const bigBed = await readObject(t.infra.storage, 'atx-tracks', 'data/D90002/tracks/peaks.bb');
    expect(Buffer.from(bigBed.subarray(0, 4)).readUInt32LE(0)).toBe(0x8789f2eb);
    // The fragments: BGZF (gzip with the 'BC' field) with a tabix index, itself BGZF.
    const fragments = await readObject(t.infra.storage, 'atx-tracks', 'data/D90002/tracks/fragments.tsv.gz');
    const lines = gunzipSync(fragments).toString().split('\n');
    expect(lines[0]).toBe('# id=D90002');
    expect(lines.find((l) => !l.startsWith('#'))).toMatch(/^chr1\t\d+\t\d+\t[ACGT]{16}-1\t[1-4]$/);
    const index = await readObject(t.infra.storage, 'atx-tracks', 'data/D90002/tracks/fragments.tsv.gz.tbi');
    expect(gunzipSync(index).subarray(0, 4).toString('latin1')).toBe('TBI\x01');
    const network = JSON.parse(
      Buffer.from(await readObject(t.infra.storage, BUCKET, 'data/D90002/h5/networks/eRegulons.json')).toString(),
    ) as { nodes: { name: string }[] };
    expect(network.nodes[0]!.name).toMatch(/^Ctcf_\+\/\+_\(\d+r\)$/);
    const genes = await readH5ad(await readObject(t.infra.storage, BUCKET, 'data/D90006/h5/obj/genes.h5ad'));
    expect(genes.varNames).toHaveLength(120);
    expect(genes.obsm.spatial?.nCols).toBe(2);
    expect(genes.nObs).toBeGreaterThan(200);
    expect(genes.nObs).toBeLessThanOrEqual(400);
    const motifs = Buffer.from(await readObject(t.infra.storage, BUCKET, 'data/D90002/h5/obj/motifs.csv')).toString();
    expect(motifs).toMatch(/^motif,base,1,/);

    // The thumbnail: a PNG of at most 200 × 200, served by the catalogue to anyone (D90006 is public).
    const reply = await t.app.inject({ method: 'GET', url: '/api/v1/run_db/frontpage/D90006.png' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('image/png');
    const meta = await sharp(reply.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBeLessThanOrEqual(200);
    expect(meta.height).toBeLessThanOrEqual(200);
    expect(Math.max(meta.width, meta.height)).toBe(200);
    const stats = await sharp(reply.rawPayload).stats();
    expect(stats.isOpaque).toBe(false); // off-tissue background stays transparent

    // One task per run, posted before any worker runs: calling again posts nothing while they are pending.
    const tasks = await createFilesTasks();
    expect(tasks.map((task) => [task.kwargs.run_id, task.status])).toEqual([
      ['D90006', 'PENDING'],
      ['D90002', 'PENDING'],
    ]);
    const again = createDemoRunDataGenerator(t.infra, options);
    await again(rna, target(rna));
    expect(again.outcomes).toEqual([expect.objectContaining({ written: [], task: { skipped: 'task unfinished' } })]);
    expect(await createFilesTasks()).toHaveLength(2);

    await t.infra.queue.startWorkers(QUEUES);
    for (const task of tasks) {
      const done = await t.settle(task.id);
      expect(done.error).toBeNull();
      expect(done).toMatchObject({ status: 'SUCCESS', progress: 100 });
      expect(done.result).toMatchObject({ web_object_available: true, analysed: false });
    }
    expect(await webObject('D90006')).toEqual({ web_object_available: true, web_obj_path: 'data/D90006/h5/' });
    expect(await webObject('D90002')).toEqual({ web_object_available: true, web_obj_path: 'data/D90002/h5/' });
    for (const file of [
      'data.csv.gz',
      'geneNames.txt.gz',
      'motifNames.txt.gz',
      'eRegulonNames.txt.gz',
      'topTen_motifs.json',
    ]) {
      expect(await t.infra.storage.exists(BUCKET, `data/D90002/h5/${file}`), file).toBe(true);
    }
    expect(await t.infra.storage.exists(BUCKET, 'data/D90006/h5/motifNames.txt.gz')).toBe(false);
    await expectSpatialFolderOnTixels();
    const jobs = await createJobStore(t.infra.db).list({ jobName: 'webfile.create_files' });
    expect(jobs.map((j) => [j.run_id, j.status]).sort()).toEqual([
      ['D90002', 'SUCCESS'],
      ['D90006', 'SUCCESS'],
    ]);

    // Idempotent: the web objects are available, so seeding again generates and posts nothing.
    const third = createDemoRunDataGenerator(t.infra, options);
    await third(cutTag, target(cutTag));
    expect(third.outcomes).toEqual([
      expect.objectContaining({ written: [], task: { skipped: 'web object available' } }),
    ]);
    const seeded = await seedDemoRuns(t.infra, {
      generateRunData: async (run, to) =>
        run.run_id === 'D90006' || run.run_id === 'D90002' ? third(run, to) : { webObjectPath: null, thumbnail: false },
    });
    expect(seeded.generated).not.toContain('D90006');
    expect(seeded.generated).not.toContain('D90002');
    expect(await createFilesTasks()).toHaveLength(2);
  });

  it('writes back a deleted thumbnail and tissue image without posting another task', async () => {
    await t.infra.storage.delete(BUCKET, 'frontpage/D90006.png');
    await t.infra.storage.delete(BUCKET, 'data/D90006/spatial/tissue_hires_image.png');
    const generate = createDemoRunDataGenerator(t.infra, options);
    await generate(rna, target(rna));
    expect(generate.outcomes).toEqual([
      expect.objectContaining({
        written: ['frontpage/D90006.png', 'data/D90006/spatial/tissue_hires_image.png'],
        task: { skipped: 'web object available' },
      }),
    ]);
    await expectSpatialFolderOnTixels();
    expect(await createFilesTasks()).toHaveLength(2);
  });
});

/**
 * D90006's spatial folder agrees with its web files: the on-tissue positions are data.csv.gz's spatial x, y in
 * order, and the explorer's tissue image call places the 2000-pixel image over the chip's 390 × 390 pixels.
 */
async function expectSpatialFolderOnTixels(): Promise<void> {
  const folder = new Map<string, Uint8Array>();
  for (const name of [
    'tissue_positions_list.csv',
    'scalefactors_json.json',
    'tissue_hires_image.png',
    'tissue_lowres_image.png',
  ]) {
    folder.set(name, await readObject(t.infra.storage, BUCKET, `data/D90006/spatial/${name}`));
  }
  const { positions, scalefactors } = await readVisiumSpatial(folder);
  const csv = parseDataCsv(
    gunzipSync(await readObject(t.infra.storage, BUCKET, 'data/D90006/h5/data.csv.gz')).toString('utf8'),
  );
  const onTissue = positions.barcodes.flatMap((_, i) =>
    positions.inTissue[i] ? [positions.pxlCol[i], positions.pxlRow[i]] : [],
  );
  expect(onTissue).toEqual(Array.from(csv.spatial));
  expect(scalefactors?.tissue_hires_scalef).toBeCloseTo(2000 / 390, 9);
  const hires = await sharp(folder.get('tissue_hires_image.png')!).metadata();
  const lowres = await sharp(folder.get('tissue_lowres_image.png')!).metadata();
  expect([hires.format, hires.width, hires.height, lowres.width, lowres.height]).toEqual(['png', 2000, 2000, 600, 600]);

  const token = t.admin;
  const placed = await t.api<{ available: boolean; width: number; bounds: number[] }>(
    'GET',
    '/api/v1/genes/tissue_image',
    { token, query: { run_id: 'D90006' } },
  );
  expect(placed.body).toMatchObject({ available: true, width: 2000, height: 2000 });
  placed.body.bounds.forEach((value, i) => expect(value).toBeCloseTo([0, 0, 390, 390][i]!, 9));
  expect((await t.api('GET', '/api/v1/genes/tissue_image', { token, query: { run_id: 'D90002' } })).body).toEqual({
    available: false,
    reason: GENES_MSG.noSpatialFolder('D90002'),
  });
}
