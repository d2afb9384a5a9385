import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { QUEUES, type TTaskState } from '@atlas/contracts';
import { readH5ad } from '@atlas/spatial';
import { createTestApp, type TestApp, settleTask } from '../../test/harness.js';
import { readObject } from '../domains/genes/objects.js';
import { createJobStore } from '../domains/imports/jobs.js';
import { createDemoRunDataGenerator } from './demo-run-data.js';
import { DEMO_RUNS, seedDemoRuns, type DemoRun } from './demo-runs.js';

/**
 * The demo runs' data through the real pipeline, on a small grid: synthetic inputs in storage, a thumbnail the
 * catalogue serves, a webfile.create_files task that succeeds and marks the web object available, and nothing
 * posted twice.
 */
let t: TestApp;
const BUCKET = 'atx-data';
const rna = DEMO_RUNS.find((r) => r.run_id === 'D90004')!; // Transcriptome
const cutTag = DEMO_RUNS.find((r) => r.run_id === 'D90002')!; // CUT&Tag → ATAC-like inputs
const target = (run: DemoRun) => ({
  storage: t.infra.storage,
  bucket: BUCKET,
  folder: `data/${run.run_id}/`,
  thumbnailKey: `frontpage/${run.run_id}.png`,
});
const options = { grid: () => ({ rows: 20, cols: 20 }), features: 120 };

beforeAll(async () => {
  t = await createTestApp({ ATLAS_DEMO_DATA: 'true' });
  await seedDemoRuns(t.infra);
});
afterAll(() => t.close());

const createFilesTasks = () =>
  t.infra.db
    .selectFrom('tasks')
    .select(['id', 'kwargs', 'status'])
    .where('name', '=', 'webfile.create_files')
    .execute();

const settle = (id: string): Promise<TTaskState> => settleTask(t.infra.queue, id);

const webObject = (runId: string) =>
  t.infra.db
    .selectFrom('results as r')
    .innerJoin('tissues as ti', 'ti.tissue_id', 'r.tissue_id')
    .select(['r.web_object_available', 'r.web_obj_path'])
    .where('ti.run_id', '=', runId)
    .executeTakeFirstOrThrow();

describe('demo run data', () => {
  it('writes inputs and a thumbnail, posts create_files once, and the task makes the web files', async () => {
    const generate = createDemoRunDataGenerator(t.infra, options);
    const started = Date.now();
    expect(await generate(rna, target(rna))).toEqual({ webObjectPath: null, thumbnail: true });
    expect(await generate(cutTag, target(cutTag))).toEqual({ webObjectPath: null, thumbnail: true });
    console.log(`demo run data for 2 runs (20×20, 120 features): ${Date.now() - started} ms`);

    // Inputs as a lab would upload them.
    expect(generate.outcomes.map((o) => o.written)).toEqual([
      ['data/D90004/h5/obj/genes.h5ad', 'frontpage/D90004.png'],
      [
        'data/D90002/h5/obj/genes.h5ad',
        'data/D90002/h5/obj/motifs.h5ad',
        'data/D90002/h5/obj/eRegulons.h5ad',
        'data/D90002/h5/obj/motifs.csv',
        'frontpage/D90002.png',
      ],
    ]);
    const genes = await readH5ad(await readObject(t.infra.storage, BUCKET, 'data/D90004/h5/obj/genes.h5ad'));
    expect(genes.varNames).toHaveLength(120);
    expect(genes.obsm.spatial?.nCols).toBe(2);
    expect(genes.nObs).toBeGreaterThan(200);
    expect(genes.nObs).toBeLessThanOrEqual(400);
    const motifs = Buffer.from(await readObject(t.infra.storage, BUCKET, 'data/D90002/h5/obj/motifs.csv')).toString();
    expect(motifs).toMatch(/^motif,base,1,/);

    // The thumbnail: a PNG of at most 200 × 200, served by the catalogue to anyone (D90004 is public).
    const reply = await t.app.inject({ method: 'GET', url: '/api/v1/run_db/frontpage/D90004.png' });
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
      ['D90004', 'PENDING'],
      ['D90002', 'PENDING'],
    ]);
    const again = createDemoRunDataGenerator(t.infra, options);
    await again(rna, target(rna));
    expect(again.outcomes).toEqual([expect.objectContaining({ written: [], task: { skipped: 'task unfinished' } })]);
    expect(await createFilesTasks()).toHaveLength(2);

    await t.infra.queue.startWorkers(QUEUES);
    for (const task of tasks) {
      const done = await settle(task.id);
      expect(done.error).toBeNull();
      expect(done).toMatchObject({ status: 'SUCCESS', progress: 100 });
      expect(done.result).toMatchObject({ web_object_available: true, analysed: false });
    }
    expect(await webObject('D90004')).toEqual({ web_object_available: true, web_obj_path: 'data/D90004/h5/' });
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
    expect(await t.infra.storage.exists(BUCKET, 'data/D90004/h5/motifNames.txt.gz')).toBe(false);
    const jobs = await createJobStore(t.infra.db).list({ jobName: 'webfile.create_files' });
    expect(jobs.map((j) => [j.run_id, j.status]).sort()).toEqual([
      ['D90002', 'SUCCESS'],
      ['D90004', 'SUCCESS'],
    ]);

    // Idempotent: the web objects are available, so seeding again generates and posts nothing.
    const third = createDemoRunDataGenerator(t.infra, options);
    await third(cutTag, target(cutTag));
    expect(third.outcomes).toEqual([
      expect.objectContaining({ written: [], task: { skipped: 'web object available' } }),
    ]);
    const seeded = await seedDemoRuns(t.infra, {
      generateRunData: async (run, to) =>
        run.run_id === 'D90004' || run.run_id === 'D90002' ? third(run, to) : { webObjectPath: null, thumbnail: false },
    });
    expect(seeded.generated).not.toContain('D90004');
    expect(seeded.generated).not.toContain('D90002');
    expect(await createFilesTasks()).toHaveLength(2);
  });

  it('writes back a deleted thumbnail without posting another task', async () => {
    await t.infra.storage.delete(BUCKET, 'frontpage/D90004.png');
    const generate = createDemoRunDataGenerator(t.infra, options);
    await generate(rna, target(rna));
    expect(generate.outcomes).toEqual([
      expect.objectContaining({ written: ['frontpage/D90004.png'], task: { skipped: 'web object available' } }),
    ]);
    expect(await createFilesTasks()).toHaveLength(2);
  });
});
