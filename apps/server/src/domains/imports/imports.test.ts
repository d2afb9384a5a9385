import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GENES_MSG, QUEUES, type TTaskState } from '@atlas/contracts';
import {
  column,
  normalizeLog1p,
  parseDataCsv,
  parseNames,
  readH5ad,
  readTenxH5,
  readVisiumSpatial,
  rowSums,
  writeH5ad,
  type H5adData,
} from '@atlas/spatial';
import { useTestApp } from '../../../test/harness.js';
import { buildUser } from '../../../test/factories.js';
import { readObject } from '../../infra/storage/index.js';
import { createJobStore } from './jobs.js';
import { importRun, sourceFromPath } from './service.js';
import { sharedData } from '@atlas/spatial/testing';

const SQUIDPY = sharedData('visium-squidpy-tests');
const H5AD = path.join(SQUIDPY, 'test_data.h5ad');

const t = useTestApp({ workers: QUEUES, requires: [H5AD] });

const web = (run: string, file: string) => readObject(t.infra.storage, 'atx-data', `data/${run}/h5/${file}`);

/** The web files of a run re-read: names, tixel table and every feature (binary and text) equal the source. */
async function expectSameValues(run: string, source: { names: string[]; x: H5adData['X']; spatial: Float64Array }) {
  expect(parseNames(gunzipSync(await web(run, 'geneNames.txt.gz')).toString())).toEqual(source.names);
  const csv = parseDataCsv(gunzipSync(await web(run, 'data.csv.gz')).toString());
  expect(Array.from(csv.spatial)).toEqual(Array.from(source.spatial));
  // Through the API: binary get_summation (exact float32) and the text form (%6.2f).
  const rows = [0, 1, source.names.length - 1];
  const binary = await t.app.inject({
    method: 'POST',
    url: '/api/v1/genes/get_summation',
    headers: { authorization: `JWT ${t.admin}`, accept: 'application/octet-stream' },
    payload: { run_id: run, filename: 'geneSummation', rows },
  });
  expect(binary.statusCode).toBe(200);
  const n = csv.clusters.length;
  const values = new Float32Array(
    binary.rawPayload.buffer.slice(
      binary.rawPayload.byteOffset,
      binary.rawPayload.byteOffset + binary.rawPayload.byteLength,
    ),
  );
  expect(values.length).toBe(n * rows.length);
  rows.forEach((j, r) =>
    expect(Array.from(values.subarray(r * n, (r + 1) * n))).toEqual(Array.from(column(source.x, j))),
  );
  const text = await t.api<string[]>('POST', '/api/v1/genes/get_summation', {
    token: t.admin,
    body: { run_id: run, filename: 'geneSummation', rows },
  });
  expect(text.status).toBe(200);
  rows.forEach((j, r) => {
    const parsed = text.body[r]!.split(',').map(Number);
    column(source.x, j).forEach((v, i) => expect(Math.abs(parsed[i]! - v)).toBeLessThanOrEqual(0.005 + 1e-6));
  });
}

describe.skipIf(t.skip)('import (CLI service and admin route) → webfile.create_files', () => {
  it('imports test_data.h5ad: web files re-read to the source values; Job row and web_object_available recorded', async () => {
    const started = Date.now();
    const posted = await importRun(t.infra, await sourceFromPath(H5AD), {
      runId: 'D00001',
      title: 'Squidpy',
      requestedBy: 'admin',
    });
    const done = await t.settle(posted._id);
    expect(done.error).toBeNull();
    expect(done).toMatchObject({ status: 'SUCCESS', progress: 100, run_id: 'D00001' });
    expect(done.result).toMatchObject({
      run_id: 'D00001',
      tixels: 49,
      features: { genes: 1999 },
      analysed: false,
      clusters: 5,
      web_object_available: true,
    });
    console.log(
      `create_files on test_data.h5ad: ${(done.result as { ms: number }).ms} ms (import + task ${Date.now() - started} ms)`,
    );

    const source = await readH5ad(H5AD);
    const spatial = new Float64Array(2 * source.nObs);
    for (let i = 0; i < source.nObs; i++)
      spatial.set([source.obsm.spatial!.data[2 * i]!, source.obsm.spatial!.data[2 * i + 1]!], 2 * i);
    await expectSameValues('D00001', { names: source.varNames, x: source.X, spatial });
    const topTen = JSON.parse(Buffer.from(await web('D00001', 'topTen_genes.json')).toString()) as Record<
      string,
      string[][]
    >;
    expect(topTen['1']).toHaveLength(10);
    expect(topTen['1']![0]).toHaveLength(5);

    const run = await t.infra.db
      .selectFrom('results as r')
      .innerJoin('tissues as t', 't.tissue_id', 'r.tissue_id')
      .select(['r.web_object_available', 'r.web_obj_path', 'r.title'])
      .where('t.run_id', '=', 'D00001')
      .executeTakeFirstOrThrow();
    expect(run).toEqual({ web_object_available: true, web_obj_path: 'data/D00001/h5/', title: 'Squidpy' });
    const jobs = await createJobStore(t.infra.db).list({ runId: 'D00001' });
    expect(jobs).toMatchObject([
      { job_name: 'webfile.create_files', status: 'SUCCESS', username: 'admin', task_id: posted._id },
    ]);
  });

  it('imports an uploaded Visium folder through POST /api/v1/run_db/import (clusters and UMAP computed)', async () => {
    for (const name of [
      'filtered_feature_bc_matrix.h5',
      'spatial/tissue_positions_list.csv',
      'spatial/scalefactors_json.json',
    ]) {
      await t.infra.storage.put('atx-data', `uploads/visium/${name}`, fs.readFileSync(path.join(SQUIDPY, name)));
    }
    const reply = await t.api<TTaskState>('POST', '/api/v1/run_db/import', {
      token: t.admin,
      body: { run_id: 'D00002', source: 'uploads/visium/' },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const done = await t.settle(reply.body._id);
    expect(done.error).toBeNull();
    expect(done.result).toMatchObject({ tixels: 100, features: { genes: 100 }, analysed: true });
    const matrix = await readTenxH5(path.join(SQUIDPY, 'filtered_feature_bc_matrix.h5'));
    const spots = await readVisiumSpatial(path.join(SQUIDPY, 'spatial'));
    const at = new Map(spots.positions.barcodes.map((b, i) => [b, i]));
    const spatial = Float64Array.from(
      matrix.barcodes.flatMap((b) => [spots.positions.pxlCol[at.get(b)!]!, spots.positions.pxlRow[at.get(b)!]!]),
    );
    // Counts: the explorer shows log1p(CP10k) of them (analysis.json says so), the QC UMI column sums them.
    await expectSameValues('D00002', { names: matrix.featureNames, x: normalizeLog1p(matrix.X), spatial });
    const umi = parseDataCsv(gunzipSync(await web('D00002', 'data.csv.gz')).toString()).qc[1];
    expect(Array.from(umi)).toEqual(Array.from(Float32Array.from(rowSums(matrix.X))));
    expect(JSON.parse(Buffer.from(await web('D00002', 'analysis.json')).toString())).toMatchObject({
      input: 'counts',
      counts: 'X',
      matrix: 'log1p(CP10k)',
    });
    expect(await t.infra.storage.exists('atx-data', 'data/D00002/spatial/tissue_positions_list.csv')).toBe(true);
    // The spatial folder has its metadata.json, as AtlasXbrowser's folders do, so Atlas Analytics lists the run.
    const metadata = JSON.parse(
      Buffer.from(await readObject(t.infra.storage, 'atx-data', 'data/D00002/spatial/metadata.json')).toString(),
    ) as Record<string, unknown>;
    expect(metadata).toMatchObject({ run: 'D00002', assay: 'Transcriptome', source: 'import', spots: 100 });
    expect(metadata.spatialFiles).toEqual(
      expect.arrayContaining(['tissue_positions_list.csv', 'scalefactors_json.json']),
    );
    const listed = await t.api<unknown>('GET', '/api/v1/storage/spatial_runs', {
      token: t.admin,
      query: { bucket: 'atx-data' },
    });
    expect(listed.body).toContainEqual({ run_id: 'D00002', has_metadata: true });
    const user = await buildUser(t, 'importer', ['user']);
    expect(
      (
        await t.api('POST', '/api/v1/run_db/import', {
          token: user,
          body: { run_id: 'D00003', source: 'uploads/visium' },
        })
      ).status,
    ).toBe(403);
  });

  it('refuses bad inputs with clear messages: truncated h5ad, non-HDF5 file, 1-column obsm spatial, bad positions CSV', async () => {
    const bytes = fs.readFileSync(H5AD);
    const upload = async (key: string, body: Buffer | string) => t.infra.storage.put('atx-data', key, body);
    const importing = (source: string) =>
      t.api<{ msg: string }>('POST', '/api/v1/run_db/import', {
        token: t.admin,
        body: { run_id: 'D00009', source },
      });

    await upload('uploads/bad/truncated.h5ad', bytes.subarray(0, Math.floor(bytes.length / 2)));
    const truncated = await importing('uploads/bad/truncated.h5ad');
    expect(truncated.status).toBe(422);
    expect(truncated.body.msg).toMatch(/^truncated\.h5ad: /);

    await upload('uploads/bad/notes.h5ad', 'barcode,x,y\nAAA,1,2\n');
    const text = await importing('uploads/bad/notes.h5ad');
    expect(text.status).toBe(422);
    expect(text.body.msg).toMatch(/^notes\.h5ad: .*(HDF5|hdf5)/);

    const source = await readH5ad(H5AD);
    const tmp = path.join(t.infra.dataDir, 'onecolumn.h5ad');
    await writeH5ad(tmp, {
      X: source.X,
      obsNames: source.obsNames,
      varNames: source.varNames,
      obsm: { spatial: { nRows: source.nObs, nCols: 1, data: new Float64Array(source.nObs) } },
    });
    await upload('uploads/bad/onecolumn.h5ad', fs.readFileSync(tmp));
    expect(await importing('uploads/bad/onecolumn.h5ad')).toEqual({
      status: 422,
      body: { msg: GENES_MSG.importSpatialShape('onecolumn.h5ad', 1), status_code: 422 },
    });

    await upload(
      'uploads/badcsv/filtered_feature_bc_matrix.h5',
      fs.readFileSync(path.join(SQUIDPY, 'filtered_feature_bc_matrix.h5')),
    );
    const csv = fs
      .readFileSync(path.join(SQUIDPY, 'spatial/tissue_positions_list.csv'), 'utf8')
      .split('\n')
      .map((l) => l.split(',').slice(0, 5).join(','))
      .join('\n');
    await upload('uploads/badcsv/spatial/tissue_positions_list.csv', csv);
    const badCsv = await importing('uploads/badcsv');
    expect(badCsv.status).toBe(422);
    expect(badCsv.body.msg).toMatch(/tissue_positions_list\.csv: .*column/);
    expect(await t.infra.db.selectFrom('tissues').select('run_id').where('run_id', '=', 'D00009').execute()).toEqual(
      [],
    );
  });

  it('a create_files task on bad input ends FAILURE with its error, and its Job row too', async () => {
    const source = await readH5ad(H5AD);
    const tmp = path.join(t.infra.dataDir, 'onecolumn2.h5ad');
    await writeH5ad(tmp, {
      X: source.X,
      obsNames: source.obsNames,
      varNames: source.varNames,
      obsm: { spatial: { nRows: source.nObs, nCols: 1, data: new Float64Array(source.nObs) } },
    });
    await t.infra.storage.put('atx-data', 'data/D00010/h5/obj/genes.h5ad', fs.readFileSync(tmp));
    const reply = await t.api<TTaskState>('POST', '/api/v1/task', {
      token: t.admin,
      body: {
        task: 'webfile.create_files',
        queue: 'atxcloud_webfile',
        args: ['data/D00010/h5/obj/', true, 'atx-data'],
        kwargs: { run_id: 'D00010', description: 'bad' },
      },
    });
    expect(reply.status).toBe(200);
    const done = await t.settle(reply.body._id);
    expect(done.status).toBe('FAILURE');
    expect(done.error).toBe("genes.h5ad: obsm 'spatial' has 1 column(s); it needs x and y per observation");
    expect(await createJobStore(t.infra.db).list({ runId: 'D00010' })).toMatchObject([
      { status: 'FAILURE', error: done.error },
    ]);
    const missing = await t.api<TTaskState>('POST', '/api/v1/task', {
      token: t.admin,
      body: {
        task: 'webfile.create_files',
        queue: 'atxcloud_webfile',
        args: ['data/D00011/h5/obj', 'false', 'atx-data'],
        kwargs: { run_id: 'D00011' },
      },
    });
    expect((await t.settle(missing.body._id)).error).toBe(
      'Missing input: data/D00011/h5/obj/genes.h5ad was not found in the bucket',
    );
    const badPath = await t.api<{ msg: string }>('POST', '/api/v1/task', {
      token: t.admin,
      body: {
        task: 'webfile.create_files',
        queue: 'atxcloud_webfile',
        args: ['data/D00011/h5', true, 'atx-data'],
        kwargs: {},
      },
    });
    expect(badPath).toEqual({
      status: 400,
      body: { msg: 'args.0: Must be the {path}/h5/obj folder, e.g. data/D00001/h5/obj', status_code: 400 },
    });
  });
});
