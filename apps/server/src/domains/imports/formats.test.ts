import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { QUEUES, type TTaskState } from '@atlas/contracts';
import sharp from 'sharp';
import { parseDataCsv, readH5ad, writeH5ad } from '@atlas/spatial';
import { readSpatialData } from '@atlas/spatial/io';
import {
  BLOBS_STORE,
  blobsWithCircles,
  blobsWithFullLabels,
  sharedData,
  spaceRangerPair,
} from '@atlas/spatial/testing';
import { useTestApp } from '../../../test/harness.js';
import { buildImportedRun } from '../../../test/factories.js';
import { readObject } from '../../infra/storage/index.js';
import { ImportError } from './errors.js';
import { prepareImport } from './prepare.js';
import { sourceFromPath } from './sources.js';

/**
 * Every accepted input format, end to end on the real public test files (DESIGN §10): import → genes.h5ad (+ the
 * spatial folder) → webfile.create_files → the explorer's tixel table. And the other side: a bad input is refused
 * by prepareImport before the database or storage are touched, and leaves no run behind.
 */

const t = useTestApp({
  workers: QUEUES,
  requires: [sharedData('visium-squidpy-tests'), sharedData('anndata-zarr')],
  timeoutMs: 180_000,
});

const BUCKET = 'atx-data';

async function importAndSettle(runId: string, target: string): Promise<TTaskState> {
  // Generous: the analysis of a few thousand bins takes minutes on a loaded shared machine.
  const done = await buildImportedRun(t, { runId, source: target, requestedBy: 'admin', timeoutMs: 280_000 });
  expect(done.error).toBeNull();
  expect(done.status).toBe('SUCCESS');
  return done;
}

async function tixels(runId: string) {
  return parseDataCsv(gunzipSync(await readObject(t.infra.storage, BUCKET, `data/${runId}/h5/data.csv.gz`)).toString());
}

async function runExists(runId: string): Promise<boolean> {
  const rows = await t.infra.db.selectFrom('tissues').select('run_id').where('run_id', '=', runId).execute();
  return rows.length > 0;
}

describe.skipIf(t.skip)('import formats, end to end', () => {
  it('non-spatial AnnData (scanpy pbmc68k_reduced, scaled X + raw) → a UMAP-only run', async () => {
    const file = sharedData('scanpy-pbmc68k-reduced/10x_pbmc68k_reduced.h5ad');
    const done = await importAndSettle('D00101', file);
    expect(done.result).toMatchObject({ tixels: 700, features: { genes: 765 }, analysed: false, clusters: 11 });
    const csv = await tixels('D00101');
    expect(csv.spatial.every(Number.isNaN)).toBe(true);
    // The UMAP is the file's obsm X_umap.
    const source = await readH5ad(file, { obsm: ['X_umap'] });
    expect(csv.umap[0]).toBeCloseTo(source.obsm.X_umap!.data[0]!, 5);
    const rows = await t.api<{ spatial: number[]; umap: number[] }>('GET', '/api/v1/genes/data', {
      token: t.admin,
      query: { run_id: 'D00101' },
    });
    expect([rows.status, rows.body.spatial.length, rows.body.umap.length]).toEqual([200, 0, 1400]);
    // The catalogue thumbnail is drawn from the UMAP.
    expect(await t.infra.storage.exists(BUCKET, 'frontpage/D00101.png')).toBe(true);
  }, 300_000);

  it('a 10x HDF5 matrix alone, v3 (scanpy 3.0.0) and v2 (squidpy) → UMAP-only runs', async () => {
    const v3 = await importAndSettle(
      'D00102',
      sharedData('10x-mtx-h5-scanpy-tests/3.0.0/filtered_feature_bc_matrix.h5'),
    );
    expect(v3.result).toMatchObject({ tixels: 1107, features: { genes: 507 }, analysed: true });
    expect((await tixels('D00102')).spatial.every(Number.isNaN)).toBe(true);
    const v2 = await importAndSettle('D00103', sharedData('visium-squidpy-tests/filtered_feature_bc_matrix.h5'));
    expect(v2.result).toMatchObject({ tixels: 100, features: { genes: 100 } });
    expect(await t.infra.storage.exists(BUCKET, 'data/D00103/spatial/scalefactors_json.json')).toBe(false);
  }, 600_000);

  it('a 10x Matrix Market folder alone (what scanpy.read_10x_mtx takes) → the same matrix as its .h5', async () => {
    // It was refused as "not an input the importer knows" unless wrapped in an outs/ folder.
    const mtx = await prepareImport(
      await sourceFromPath(sharedData('10x-mtx-h5-scanpy-tests/3.0.0/filtered_feature_bc_matrix')),
    );
    expect([mtx.format, mtx.nObs, mtx.nVars, mtx.spatial]).toEqual(['10x matrix (v3)', 1107, 507, false]);
    expect([...mtx.files.keys()].sort()).toEqual([
      'h5/obj/filtered_feature_bc_matrix/barcodes.tsv.gz',
      'h5/obj/filtered_feature_bc_matrix/features.tsv.gz',
      'h5/obj/filtered_feature_bc_matrix/matrix.mtx.gz',
      'h5/obj/genes.h5ad',
    ]);
    const h5 = await prepareImport(
      await sourceFromPath(sharedData('10x-mtx-h5-scanpy-tests/3.0.0/filtered_feature_bc_matrix.h5')),
    );
    const [a, b] = await Promise.all([mtx, h5].map((p) => readH5ad(p.files.get('h5/obj/genes.h5ad')!)));
    expect([a!.obsNames, a!.varNames]).toEqual([b!.obsNames, b!.varNames]);
    expect(a!.X).toEqual(b!.X);
  });

  it('Space Ranger 2.x outs/ with a Matrix Market matrix and tissue_positions.csv (with header)', async () => {
    // The two real crops (12 + 13 spots, same genes) joined into one outs/ of 25 spots: enough to cluster.
    const outs = spaceRangerPair(tempPath('pair/outs'));
    const done = await importAndSettle('D00104', outs);
    expect(done.result).toMatchObject({ tixels: 25, features: { genes: 5 }, analysed: true });
    const csv = await tixels('D00104');
    // Same barcode order as the matrix; x = pxl_col, y = pxl_row (e.g. GTGGCGTGCACCAGAG-1,1,1,101,3932,19828).
    const first = fs.readFileSync(path.join(outs, 'spatial/tissue_positions.csv'), 'utf8').split('\n')[1]!.split(',');
    expect([csv.spatial[0], csv.spatial[1]]).toEqual([Number(first[5]), Number(first[4])]);
    for (const name of ['tissue_positions.csv', 'scalefactors_json.json'])
      expect(await t.infra.storage.exists(BUCKET, `data/D00104/spatial/${name}`)).toBe(true);
    // Its images are tiny crops: at their scale factors the spots (x up to ~20,000 px) fall far outside them, so
    // neither is stored — drawn, they would sit in one corner under the wrong spots.
    for (const name of ['tissue_hires_image.png', 'tissue_lowres_image.png'])
      expect(await t.infra.storage.exists(BUCKET, `data/D00104/spatial/${name}`)).toBe(false);
    const prepared = await prepareImport(await sourceFromPath(outs));
    expect(prepared.warnings.join('\n')).toMatch(
      /spatial\/tissue_lowres_image\.png \(\d+×\d+ px\) does not lie under the spots with either scale factor/,
    );
  }, 180_000);

  it('Visium HD binned_outputs/square_008um (tissue_positions.parquet) → a spatial run of 2,695 bins', async () => {
    const folder = sharedData('visium-hd/seurat-fake-hd/binned_outputs/square_008um');
    const done = await importAndSettle('D00105', folder);
    expect(done.result).toMatchObject({ tixels: 2695, features: { genes: 100 } });
    const csv = await tixels('D00105');
    expect(csv.spatial.some(Number.isNaN)).toBe(false);
    // The outs/ folder above binned_outputs/ picks the 8 µm bins too.
    const prepared = await prepareImport(await sourceFromPath(sharedData('visium-hd/seurat-fake-hd')));
    expect([prepared.nObs, prepared.spatial, prepared.format]).toEqual([
      2695,
      true,
      'Space Ranger matrix with tissue_positions.parquet',
    ]);
  }, 600_000);

  it('AnnData-Zarr: scanpy pbmc68k_reduced .zarr.zip (zarr v3, sharding; counts kept as raw) and a .zarr folder', async () => {
    const zip = await importAndSettle('D00106', sharedData('anndata-zarr/scanpy/10x_pbmc68k_reduced.zarr.zip'));
    expect(zip.result).toMatchObject({ tixels: 700, features: { genes: 765 }, clusters: 11 });
    const genes = await readH5ad(await readObject(t.infra.storage, BUCKET, 'data/D00106/h5/obj/genes.h5ad'));
    expect(genes.raw?.X.data.length).toBe(174400);
    expect(genes.obs.bulk_labels).toMatchObject({ kind: 'categorical' });
    const dir = await importAndSettle(
      'D00107',
      sharedData('anndata-zarr/vitessce-fixtures/anndata-0.10/anndata-csc.zarr'),
    );
    expect(dir.result).toMatchObject({ tixels: 3, features: { genes: 15 } });
  }, 120_000);

  it("uns['spatial'] images and scale factors become the run's spatial folder; a placeholder image is dropped", async () => {
    await importAndSettle('D00108', sharedData('visium-squidpy-tests/test_data.h5ad'));
    // Its hires image is a near-black 100 × 100 frame (levels 0–4) that also ends at x = 588 full-resolution px,
    // short of the spots (x up to 750): not stored, so the explorer shows the lowres H&E under the spots.
    expect(await t.infra.storage.exists(BUCKET, 'data/D00108/spatial/tissue_hires_image.png')).toBe(false);
    const factors = JSON.parse(
      Buffer.from(await readObject(t.infra.storage, BUCKET, 'data/D00108/spatial/scalefactors_json.json')).toString(),
    ) as Record<string, number>;
    expect(Object.keys(factors).sort()).toEqual([
      'fiducial_diameter_fullres',
      'spot_diameter_fullres',
      'tissue_hires_scalef',
      'tissue_lowres_scalef',
    ]);
    expect(await t.infra.storage.exists(BUCKET, 'data/D00108/spatial/tissue_lowres_image.png')).toBe(true);
    const described = await t.api<{ available: boolean }>('GET', '/api/v1/genes/tissue_image', {
      token: t.admin,
      query: { run_id: 'D00108' },
    });
    expect(described.body.available).toBe(true);

    // squidpy's spatial/ folder: its hires PNG is one flat black placeholder → not stored, lowres used.
    const prepared = await prepareImport(await sourceFromPath(sharedData('visium-squidpy-tests')));
    expect([...prepared.files.keys()]).not.toContain('spatial/tissue_hires_image.png');
    expect([...prepared.files.keys()]).toContain('spatial/tissue_lowres_image.png');
    expect(prepared.warnings.join('\n')).toMatch(/tissue_hires_image\.png has no picture \(a flat or near-black/);
  });
});

describe.skipIf(t.skip)('SpatialData stores (issue 32 §2)', () => {
  it("a store whose labels place its table → a spatial run over the store's image", async () => {
    // The shared blobs store with a label image holding all 26 instances of its table (its own keeps 3).
    const store = blobsWithFullLabels(tempPath('blobs-full.sdata.zarr'));
    const prepared = await prepareImport(await sourceFromPath(store));
    expect([prepared.format, prepared.nObs, prepared.spatial]).toEqual(['SpatialData (.zarr folder)', 26, true]);
    expect(prepared.warnings).toEqual(
      expect.arrayContaining([
        "table 'table' imported (26 observations, annotating labels/blobs_labels)",
        "points/blobs_points: 6 points (feature key 'genes'), not imported",
      ]),
    );
    const done = await importAndSettle('D00109', store);
    expect(done.result).toMatchObject({ tixels: 26, features: { genes: 3 } });
    const csv = await tixels('D00109');
    expect(csv.spatial.some(Number.isNaN)).toBe(false);
    const described = await t.api<{ available: boolean; width: number; height: number; bounds: number[] }>(
      'GET',
      '/api/v1/genes/tissue_image',
      { token: t.admin, query: { run_id: 'D00109' } },
    );
    expect(described.body).toMatchObject({ available: true, width: 100, height: 100, bounds: [0, 0, 100, 100] });
    // Under each spot lies the store's image at that spot's centre: the stored PNG's pixel there is the image's.
    const png = await readObject(t.infra.storage, BUCKET, 'data/D00109/spatial/tissue_hires_image.png');
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const source = (await readSpatialData(store, 'blobs')).image!.pixels;
    for (let i = 0; i < csv.spatial.length; i += 2 * 5) {
      const [x, y] = [Math.floor(csv.spatial[i]!), Math.floor(csv.spatial[i + 1]!)];
      expect(x >= 0 && x < info.width && y >= 0 && y < info.height).toBe(true);
      const at = (y * info.width + x) * info.channels;
      expect([...data.subarray(at, at + 3)]).toEqual([
        ...source.pixels.subarray((y * 100 + x) * 3, (y * 100 + x) * 3 + 3),
      ]);
    }
  }, 300_000);

  it('a store whose table annotates circles (shapes.parquet) → spots of their diameter over the image', async () => {
    const prepared = await prepareImport(await sourceFromPath(blobsWithCircles(tempPath('circles.sdata.zarr'))));
    expect([prepared.nObs, prepared.spatial]).toEqual([26, true]);
    expect([...prepared.files.keys()].sort()).toEqual([
      'h5/obj/genes.h5ad',
      'spatial/scalefactors_json.json',
      'spatial/tissue_hires_image.png',
    ]);
    const factors = JSON.parse(Buffer.from(prepared.files.get('spatial/scalefactors_json.json')!).toString()) as object;
    expect(factors).toMatchObject({ tissue_hires_scalef: 1, spot_diameter_fullres: 10 });
    const genes = await readH5ad(prepared.files.get('h5/obj/genes.h5ad')!, { obsm: ['spatial'] });
    expect([...genes.obsm.spatial!.data.subarray(0, 4)]).toEqual([8, 10, 24, 10]);
  });

  it('the table alone, as the refusal of the cropped store proposes, → a UMAP-only run of 26', async () => {
    const done = await importAndSettle('D00110', sharedData(BLOBS_STORE, 'tables/table'));
    expect(done.result).toMatchObject({ tixels: 26, features: { genes: 3 } });
    expect((await tixels('D00110')).spatial.every(Number.isNaN)).toBe(true);
  }, 300_000);
});

// How fast they are refused: bench/guards.ts (`npm run bench -- guards`).
describe.skipIf(t.skip)('bad inputs are refused, with what is missing, and leave no run', () => {
  const refusals: [string, () => Promise<string>, RegExp][] = [
    ['a text file named .h5ad', async () => writeTemp('notes.h5ad', 'barcode,x\n'), /notes\.h5ad: not an HDF5 file/],
    [
      'an HDF5 file that is neither AnnData nor 10x',
      async () => writeTemp('other.h5', await plainHdf5()),
      /other\.h5: an HDF5 file that is neither an AnnData .* Give an \.h5ad/,
    ],
    [
      'an AnnData-Zarr without X (anndata archive v0.11.4)',
      async () => sharedData('anndata-zarr/anndata-archives/v0.11.4/adata.zarr.zip'),
      /no X matrix: .*write adata\.X/,
    ],
    [
      'a scaled X without raw',
      async () => {
        const target = tempPath('scaled.h5ad');
        await writeH5ad(target, {
          X: { kind: 'dense', nRows: 2, nCols: 2, data: Float32Array.of(-1, 1, 0.5, -0.5) },
          obsNames: ['a', 'b'],
          varNames: ['g1', 'g2'],
        });
        return target;
      },
      /scaled\.h5ad: X holds negative values .* Provide counts or log-normalised values/,
    ],
    [
      'Visium HD positions of another bin size (square_016um: 2,053 barcodes unplaced)',
      async () => sharedData('visium-hd/seurat-fake-hd/binned_outputs/square_016um'),
      /2053 of 2695 barcodes have no row in the spatial positions file .* same bin size/,
    ],
    [
      'a Space Ranger crop of 12 spots without clusters or UMAP',
      async () => sharedData('visium-spaceranger2-csv/sfe-sample01/outs'),
      /filtered_feature_bc_matrix: 12 observations are too few .*at least 16/,
    ],
    [
      "a SpatialData store whose cropped labels place 3 of its table's 26 observations",
      async () => sharedData(BLOBS_STORE),
      /blobs\.sdata\.zarr: 3 of the 26 observations of tables\/table have a position in labels\/blobs_labels .*at least 16.* Import the table alone as a UMAP-only run \(.*blobs\.sdata\.zarr\/tables\/table\)/,
    ],
    [
      'a folder with nothing importable',
      async () => sharedData('motifs'),
      /is not an input the importer knows. Give one of/,
    ],
  ];

  for (const [what, make, message] of refusals) {
    it(`refuses ${what}`, async () => {
      const target = await make();
      const error = await prepareImport(await sourceFromPath(target)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ImportError);
      expect((error as Error).message).toMatch(message);
    });
  }

  it('a refused import through the admin route is a 4xx and leaves no run and no stored object', async () => {
    await t.infra.storage.put(BUCKET, 'uploads/bad/empty.h5ad', Buffer.alloc(0));
    const reply = await t.api<{ msg: string }>('POST', '/api/v1/run_db/import', {
      token: t.admin,
      body: { run_id: 'D00190', source: 'uploads/bad/empty.h5ad' },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.msg).toMatch(/^empty\.h5ad: empty file, not HDF5/);
    expect(await runExists('D00190')).toBe(false);
    expect((await t.infra.storage.list(BUCKET, { prefix: 'data/D00190/' })).objects).toEqual([]);
    // A successful import of the same run id afterwards is unaffected.
    expect(await runExists('D00101')).toBe(true);
  });
});

const TMP = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'atlas-import-formats-'));
const tempPath = (name: string) => path.join(TMP, name);
function writeTemp(name: string, content: string | Uint8Array): string {
  fs.writeFileSync(tempPath(name), content);
  return tempPath(name);
}

/** A valid HDF5 file holding one unrelated group. */
async function plainHdf5(): Promise<Uint8Array> {
  const h5wasm = (await import('h5wasm/node')).default;
  await h5wasm.ready;
  const target = tempPath('plain.h5');
  const file = new h5wasm.File(target, 'w');
  file.create_group('something_else');
  file.close();
  return new Uint8Array(fs.readFileSync(target));
}
