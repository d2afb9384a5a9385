import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { QUEUES, type TAnalysisPath, type TTaskState } from '@atlas/contracts';
import {
  analyseRaw,
  column,
  deRows,
  normalizeLog1p,
  parseDataCsv,
  readH5ad,
  readTenxH5,
  rowSums,
  welchVsRest,
  writeH5ad,
  type DataCsv,
  type Matrix,
} from '@atlas/spatial';
import { h5adBomb, sharedData } from '@atlas/spatial/testing';
import { useTestApp } from '../../../test/harness.js';
import { buildImportedRun, buildRun } from '../../../test/factories.js';
import { readObject } from '../../infra/storage/index.js';
import type { ComputeQcResult } from '../gene/compute-qc.js';

/**
 * webfile.create_files chooses its matrices by what the h5ad holds (chooseExpressionInput): counts are clustered
 * after normalising and shown as log1p(CP10k); log-normalised values without counts are clustered as they are;
 * scaled values alone are refused. The file's categorical cluster names are kept.
 */
const SQUIDPY = sharedData('visium-squidpy-tests');

const t = useTestApp({ workers: QUEUES, requires: [SQUIDPY, sharedData('scanpy-pbmc68k-reduced')] });

/** Writes an h5ad to the test's data folder, imports it as `run` and waits for create_files. */
async function importH5ad(run: string, adata: Parameters<typeof writeH5ad>[1]): Promise<TTaskState> {
  const file = path.join(t.infra.dataDir, `${run}.h5ad`);
  await writeH5ad(file, adata);
  return buildImportedRun(t, { runId: run, source: file });
}

const webFile = (run: string, name: string) => readObject(t.infra.storage, 'atx-data', `data/${run}/h5/${name}`);
const dataCsv = async (run: string): Promise<DataCsv> =>
  parseDataCsv(gunzipSync(await webFile(run, 'data.csv.gz')).toString());
const analysisOf = async (run: string): Promise<TAnalysisPath | undefined> => {
  const reply = await t.api<{ analysis?: TAnalysisPath }>('GET', `/api/v1/genes/data?run_id=${run}`, {
    token: t.admin,
  });
  expect(reply.status).toBe(200);
  return reply.body.analysis;
};

/** Exact float32 values of features by index, through the explorer's binary get_summation. */
async function explorerColumns(run: string, rows: number[], n: number): Promise<Float32Array[]> {
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/v1/genes/get_summation',
    headers: { authorization: `JWT ${t.admin}`, accept: 'application/octet-stream' },
    payload: { run_id: run, filename: 'geneSummation', rows },
  });
  expect(reply.statusCode).toBe(200);
  const bytes = reply.rawPayload;
  const all = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  return rows.map((_, r) => all.subarray(r * n, (r + 1) * n));
}

const gridSpatial = (n: number) => ({
  nRows: n,
  nCols: 2,
  data: Float64Array.from({ length: 2 * n }, (_, k) => (k % 2 ? Math.floor(k / 2 / 10) : (k / 2) % 10) * 100),
});
const top10 = (matrix: Matrix, names: string[], selection: number[]) =>
  deRows(welchVsRest(matrix, selection))
    .sort((a, b) => b.score - a.score)
    .slice(0, 10)
    .map((r) => names[r.index]);

describe.skipIf(t.skip)('webfile.create_files: input detection and analysis path', () => {
  it('log-normalised test_data.h5ad: leiden names kept, no second normalisation, and no UMI sum of log values', async () => {
    const done = await importH5ad(
      'D00101',
      await (async () => {
        const s = await readH5ad(path.join(SQUIDPY, 'test_data.h5ad'));
        return {
          X: s.X,
          obsNames: s.obsNames,
          varNames: s.varNames,
          obs: { leiden: s.obs.leiden as never },
          obsm: { spatial: s.obsm.spatial!, X_umap: s.obsm.X_umap! },
        };
      })(),
    );
    expect(done.error).toBeNull();
    const source = await readH5ad(path.join(SQUIDPY, 'test_data.h5ad'));
    const leiden = source.obs.leiden!;
    if (leiden.kind !== 'categorical') throw new Error('leiden should be categorical');
    const csv = await dataCsv('D00101');
    // The file's own names, not 'C1', 'C3', …
    expect(csv.clusters).toEqual(Array.from(leiden.codes, (c) => leiden.categories[c]!));
    expect(await analysisOf('D00101')).toEqual({
      input: 'log-normalised',
      counts: null,
      matrix: 'X',
      clusters: { source: 'file', column: 'leiden' },
      umap: 'file',
      umi: 'none',
    });
    // The UMI column is no longer a sum of the log values: there are no counts to sum.
    expect(Math.max(...csv.qc[1])).toBe(0);
    const [first] = await explorerColumns('D00101', [0], source.nObs);
    expect(Array.from(first!)).toEqual(Array.from(column(source.X, 0)));
  });

  it('log-normalised without clusters: clustered on the values as they are (regression: normalised twice)', async () => {
    const s = await readH5ad(path.join(SQUIDPY, 'test_data.h5ad'));
    const done = await importH5ad('D00102', {
      X: s.X,
      obsNames: s.obsNames,
      varNames: s.varNames,
      obsm: { spatial: s.obsm.spatial! },
    });
    expect(done.error).toBeNull();
    expect(done.result).toMatchObject({
      analysed: true,
      analysis: { input: 'log-normalised', clusters: { source: 'computed' } },
    });
    const once = analyseRaw(s.X, { seed: 0, logNormalised: true }).clusters;
    const twice = analyseRaw(s.X, { seed: 0 }).clusters;
    expect(twice).not.toEqual(once); // the old path gives other clusters on this file
    expect((await dataCsv('D00102')).clusters).toEqual(once);
  });

  it('raw counts: explorer shows log1p(CP10k), UMI sums the counts, lasso top genes equal the log-normalised ranking', async () => {
    const tenx = await readTenxH5(path.join(SQUIDPY, 'filtered_feature_bc_matrix.h5'));
    const n = tenx.X.nRows;
    const done = await importH5ad('D00103', {
      X: tenx.X,
      obsNames: tenx.barcodes,
      varNames: tenx.featureNames,
      obsm: { spatial: gridSpatial(n) },
    });
    expect(done.error).toBeNull();
    expect(await analysisOf('D00103')).toEqual({
      input: 'counts',
      counts: 'X',
      matrix: 'log1p(CP10k)',
      clusters: { source: 'computed', column: null },
      umap: 'computed',
      umi: 'counts',
    });
    const logged = normalizeLog1p(tenx.X);
    const rows = [0, 7, tenx.featureNames.length - 1];
    const shown = await explorerColumns('D00103', rows, n);
    rows.forEach((j, r) => expect(Array.from(shown[r]!)).toEqual(Array.from(column(logged, j))));
    const csv = await dataCsv('D00103');
    expect(Array.from(csv.qc[1])).toEqual(Array.from(Float32Array.from(rowSums(tenx.X))));

    // Lasso: the selection's top genes are those of the log-normalised matrix, not of the counts.
    const selection = Array.from({ length: 30 }, (_, i) => i);
    const posted = await t.api<TTaskState>('POST', '/api/v1/task', {
      token: t.admin,
      body: {
        task: 'gene.compute_qc',
        queue: 'atxcloud_gene',
        args: ['data/D00103/h5/obj/genes.h5ad', selection, 'k'],
        kwargs: {},
      },
    });
    const ranked = await t.settle(posted.body._id);
    expect(ranked.error).toBeNull();
    const top = (ranked.result as ComputeQcResult).top_selected;
    expect(top).toEqual(top10(logged, tenx.featureNames, selection));
    expect(top).not.toEqual(top10(tenx.X, tenx.featureNames, selection));
  });

  it("layers['counts'] beside a log-normalised X: the counts are clustered and summed, X is shown", async () => {
    const tenx = await readTenxH5(path.join(SQUIDPY, 'filtered_feature_bc_matrix.h5'));
    const logged = normalizeLog1p(tenx.X);
    const done = await importH5ad('D00104', {
      X: logged,
      obsNames: tenx.barcodes,
      varNames: tenx.featureNames,
      obsm: { spatial: gridSpatial(tenx.X.nRows) },
      layers: { counts: tenx.X },
    });
    expect(done.error).toBeNull();
    expect(await analysisOf('D00104')).toMatchObject({
      input: 'counts',
      counts: "layers['counts']",
      matrix: 'X',
      umi: 'counts',
    });
    expect((await dataCsv('D00104')).clusters).toEqual(analyseRaw(tenx.X, { seed: 0 }).clusters);
    expect(Array.from((await dataCsv('D00104')).qc[1])).toEqual(Array.from(Float32Array.from(rowSums(tenx.X))));
  });

  it('scaled X without counts (pbmc68k_reduced without raw) is refused with what to provide, before it is stored', async () => {
    const s = await readH5ad(sharedData('scanpy-pbmc68k-reduced/10x_pbmc68k_reduced.h5ad'));
    await expect(
      importH5ad('D00105', {
        X: s.X,
        obsNames: s.obsNames,
        varNames: s.varNames,
        obsm: { spatial: gridSpatial(s.nObs) },
      }),
    ).rejects.toThrow(/X holds negative values .*Provide counts or log-normalised values/);
    const stored = await t.infra.storage.list('atx-data', { prefix: 'data/D00105/' });
    expect(stored.objects).toEqual([]);
  });

  it('an obj genes.h5ad put in place by hand is read under the import limits: a declared 1e8 × 3 X is refused', async () => {
    await buildRun(t, { runId: 'D00109', group: null, public: false });
    const bomb = await h5adBomb(100_000_000);
    await t.infra.storage.put('atx-data', 'data/D00109/h5/obj/genes.h5ad', Buffer.from(bomb));
    const listing = async () =>
      (await t.infra.storage.list('atx-data', { prefix: 'data/D00109/' })).objects.map((o) => [o.key, o.size]);
    const before = await listing();
    const posted = await t.api<TTaskState>('POST', '/api/v1/task', {
      token: t.admin,
      body: {
        task: 'webfile.create_files',
        queue: 'atxcloud_webfile',
        args: ['data/D00109/h5/obj', true, 'atx-data'],
        kwargs: { run_id: 'D00109' },
      },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const settled = await t.settle(posted.body._id);
    expect(settled.status).toBe('FAILURE');
    expect(settled.error).toBe(
      'data/D00109/h5/obj/genes.h5ad: X declares 100,000,000 observations; at most 10,000,000 are imported (ATLAS_IMPORT_MAX_OBS)',
    );
    // The run's web files are as they were.
    expect(await listing()).toEqual(before);
  });
});
