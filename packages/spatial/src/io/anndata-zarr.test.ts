import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readAnndataZarr } from './anndata-zarr.js';
import { readH5ad } from './h5ad-reader.js';
import { listZipEntries } from './zip-entries.js';
import { toCsr } from '../matrix/ops.js';
import { hasSharedData, sharedData } from '../testing.js';

const Z = 'anndata-zarr';
const bytes = (...parts: string[]) => new Uint8Array(fs.readFileSync(sharedData(...parts)));

describe.skipIf(!hasSharedData(Z))('readAnndataZarr on vitessce fixtures (anndata 0.7 / 0.10 / 0.12)', () => {
  const stores: [string, string, 'csr' | 'csc' | 'dense'][] = [
    ['anndata-0.7', 'anndata-csr.zarr', 'csr'],
    ['anndata-0.7', 'anndata-csc.zarr', 'csc'],
    ['anndata-0.7', 'anndata-dense.zarr', 'dense'],
    ['anndata-0.10', 'anndata-csr.adata.zarr', 'csr'],
    ['anndata-0.10', 'anndata-csc.zarr', 'csc'],
    ['anndata-0.10', 'anndata-dense.zarr', 'dense'],
    ['anndata-0.12', 'anndata-csr.adata.zarr', 'csr'],
    ['anndata-0.12', 'anndata-csc.zarr', 'csc'],
    ['anndata-0.12', 'anndata-dense.zarr', 'dense'],
  ];
  for (const [version, store, kind] of stores) {
    const dir = sharedData(Z, 'vitessce-fixtures', version, store);
    it.skipIf(!fs.existsSync(dir))(`${version}/${store}: X ${kind} rows 0…14, obs leiden, obsm X_umap`, async () => {
      const a = await readAnndataZarr(dir);
      expect([a.nObs, a.nVars, a.X.kind]).toEqual([3, 15, kind]);
      const csr = toCsr(a.X);
      for (let r = 0; r < 3; r++) {
        const row = new Float32Array(15);
        for (let k = csr.indptr[r]!; k < csr.indptr[r + 1]!; k++) row[csr.indices[k]!] = csr.data[k]!;
        expect(Array.from(row)).toEqual(Array.from({ length: 15 }, (_, j) => j));
      }
      expect(a.obsNames).toEqual(['CTG', 'GCA', 'ACG']);
      expect(a.varNames[14]).toBe('gene_14');
      expect(a.obs.leiden).toEqual({ kind: 'categorical', codes: Int32Array.of(0, 0, 1), categories: ['1', '2'] });
      expect(Array.from(a.obsm.X_umap!.data)).toEqual([-1, -1, 0, 0, 1, 1]);
      expect(a.raw).toBeUndefined();
    });
  }
});

describe.skipIf(!hasSharedData(Z, 'scanpy'))('readAnndataZarr on zip stores', () => {
  it('scanpy pbmc68k_reduced .zarr.zip (zarr v3, sharding, zstd): X equals the h5ad X element-wise', async () => {
    const a = await readAnndataZarr(bytes(Z, 'scanpy/10x_pbmc68k_reduced.zarr.zip'), 'pbmc.zarr.zip');
    expect([a.nObs, a.nVars, a.X.kind]).toEqual([700, 765, 'dense']);
    const h5ad = await readH5ad(sharedData('scanpy-pbmc68k-reduced/10x_pbmc68k_reduced.h5ad'));
    let differing = 0;
    for (let i = 0; i < h5ad.X.data.length; i++) if (a.X.data[i] !== h5ad.X.data[i]) differing++;
    expect([a.X.data.length, differing]).toEqual([h5ad.X.data.length, 0]);
    expect(a.X.data.reduce((s, v) => s + v, 0)).toBeCloseTo(-243.68103, 1);
    expect(a.obsNames[0]).toBe('AAAGCCTGGCTAAC-1');
    expect(a.varNames.slice(0, 2)).toEqual(['HES4', 'TNFRSF4']);
    expect(a.obs.louvain).toMatchObject({ kind: 'categorical' });
    expect((a.obs.louvain as { categories: string[] }).categories).toHaveLength(11);
    expect(a.obs.n_genes?.kind).toBe('numeric');
    expect(a.var.highly_variable?.kind).toBe('bool');
    expect([a.obsm.X_umap!.nCols, a.obsm.X_pca!.nCols]).toEqual([2, 50]);
    // raw is an `encoding-type: null` 0-d array (no raw); layers/counts is CSR int32, nnz 174,400, sum 486,651.
    expect(a.raw).toBeUndefined();
    expect(a.counts?.kind).toBe('csr');
    expect(a.counts!.data.length).toBe(174400);
    expect(a.counts!.data.reduce((s, v) => s + v, 0)).toBe(486651);
  }, 60_000);

  it('the zip has repeated names and the last copy wins (the first X/zarr.json has no attributes)', () => {
    const entries = listZipEntries(bytes(Z, 'scanpy/10x_pbmc68k_reduced.zarr.zip'), 'pbmc');
    expect(entries.size).toBe(120);
    expect(entries.get('X/zarr.json')!.read().length).toBe(1215);
    expect(entries.get('zarr.json')!.size).toBe(79688);
  });

  it('anndata 0.7.8 archive: legacy categoricals, raw with its own var, obsm dataframe/sparse skipped', async () => {
    const a = await readAnndataZarr(bytes(Z, 'anndata-archives/v0.7.8/adata.zarr.zip'), 'v0.7.8');
    expect([a.nObs, a.nVars, a.X.kind]).toEqual([30, 20, 'csr']);
    expect(a.X.data.length).toBe(239);
    expect(a.raw?.X.nCols).toBe(40);
    expect(a.raw?.varNames).toHaveLength(40);
    expect(a.obs.obs_cat?.kind).toBe('categorical');
    expect(a.obs.cat_ordered?.kind).toBe('categorical');
    expect(Object.keys(a.obsm)).toEqual(['array']);
    expect(a.warnings).toEqual([
      'obsm/df: skipped (not a numeric 1-D or 2-D array)',
      'obsm/sparse: skipped (not a numeric 1-D or 2-D array)',
    ]);
  });

  it('refuses an AnnData without X (v0.11.4 archive) and bytes that are not a Zarr store', async () => {
    await expect(
      readAnndataZarr(bytes(Z, 'anndata-archives/v0.11.4/adata.zarr.zip'), 'empty.zarr.zip'),
    ).rejects.toThrow(/^empty\.zarr\.zip: no X matrix/);
    await expect(readAnndataZarr(new TextEncoder().encode('PK not a zip'), 'x.zarr.zip')).rejects.toThrow(
      /^x\.zarr\.zip: not a zip archive/,
    );
  });
});

describe.skipIf(!hasSharedData('spatialdata-zarr'))('a SpatialData table is an AnnData-Zarr too', () => {
  it('reads tables/table of the blobs store (26 obs × 3 vars, CSR; absent chunk = fill value)', async () => {
    const a = await readAnndataZarr(
      sharedData('spatialdata-zarr/vitessce-spatialdata-0.7/blobs.sdata.zarr/tables/table'),
    );
    expect([a.nObs, a.nVars, a.X.kind]).toEqual([26, 3, 'csr']);
    expect(a.varNames).toEqual(['channel_0_sum', 'channel_1_sum', 'channel_2_sum']);
  });
});
