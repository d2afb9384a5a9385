import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import h5wasm, { type Dataset, type Group } from 'h5wasm/node';
import { afterAll, describe, expect, it } from 'vitest';
import { toCsc, toCsr } from '../matrix/ops.js';
import type { DenseMatrix } from '../matrix/types.js';
import { readH5ad } from './h5ad-reader.js';
import { writeH5ad, type H5adWriteInput } from './h5ad-writer.js';
import { SHARED_DATA } from '../testing.js';

const data = SHARED_DATA;
/** Shared test data is optional: a missing file skips its test, and says so. */
function available(file: string): boolean {
  const ok = fs.existsSync(file);
  if (!ok) console.warn(`skipping a test: ${file} is not here`);
  return ok;
}
const squidpy = path.join(data, 'visium-squidpy-tests/test_data.h5ad');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'h5ad-writer-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const X: DenseMatrix = {
  kind: 'dense',
  nRows: 4,
  nCols: 3,
  data: Float32Array.of(0, 1.5, 0, 2, 0, 0, 0, 0, 0, 7, 8, NaN),
};
const manyCategories = Array.from({ length: 200 }, (_, i) => `C${i + 1}`);
const input: H5adWriteInput = {
  X,
  obsNames: ['t1', 't2', 't3', 't4'],
  varNames: ['Gad1', 'Slc17a7', 'Üxs1'],
  obs: {
    cluster: { kind: 'categorical', codes: Int32Array.of(0, 1, 1, -1), categories: ['C1', 'C2'] },
    fine: { kind: 'categorical', codes: Int32Array.of(0, 150, 199, 3), categories: manyCategories },
    n_counts: { kind: 'numeric', values: Float64Array.of(1.5, 2, 0, NaN) },
    sample: { kind: 'string', values: ['s1', 's1', 's2', 'é'] },
  },
  var: { gene_ids: { kind: 'string', values: ['E1', 'E2', 'E3'] } },
  obsm: {
    spatial: { nRows: 4, nCols: 2, data: Float64Array.of(1, 2, 3, 4, 5, 6, 7, 8) },
    X_umap: { nRows: 4, nCols: 2, data: Float64Array.of(0.5, -1, 2, 3.25, 0, 0, 1e-3, 9) },
  },
};

describe('writeH5ad', () => {
  it('round-trips X, obs/var columns, obsm and names through the reader', async () => {
    const file = path.join(tmp, 'round-trip.h5ad');
    await writeH5ad(file, input);
    const adata = await readH5ad(file);
    expect(adata.X).toEqual(toCsr(X));
    expect([adata.obsNames, adata.varNames]).toEqual([input.obsNames, input.varNames]);
    expect(adata.obs).toEqual(input.obs);
    expect(adata.var).toEqual(input.var);
    expect(adata.obsm).toEqual(input.obsm);
    expect([adata.uns, adata.warnings, adata.raw]).toEqual([[], [], undefined]);
    expect(fs.readdirSync(tmp).filter((f) => f.includes('.partial'))).toEqual([]);
  });

  it('writes the AnnData encoding and dtypes (int64 indptr/shape, int32 indices, float32 data)', async () => {
    const file = path.join(tmp, 'dtypes.h5ad');
    await writeH5ad(file, { ...input, X: toCsc(X) });
    await h5wasm.ready;
    const f = new h5wasm.File(file, 'r');
    try {
      const get = (p: string) => f.get(p) as Dataset & Group;
      const attr = (p: string, key: string) => get(p).attrs[key]?.value;
      expect([attr('/', 'encoding-type'), attr('X', 'encoding-type'), attr('X', 'encoding-version')]).toEqual([
        'anndata',
        'csr_matrix',
        '0.1.0',
      ]);
      expect(get('X').attrs.shape?.dtype).toBe('<q');
      expect(attr('X', 'shape')).toEqual(BigInt64Array.of(4n, 3n));
      expect(['X/indptr', 'X/indices', 'X/data'].map((p) => get(p).dtype)).toEqual(['<q', '<i', '<f']);
      expect(get('X/data').filters.map((filter) => filter.id)).toContain(1); // deflate
      expect([attr('obs', 'encoding-type'), attr('obs', '_index'), attr('obs', 'column-order')]).toEqual([
        'dataframe',
        '_index',
        ['cluster', 'fine', 'n_counts', 'sample'],
      ]);
      expect([get('obs/cluster/codes').dtype, get('obs/fine/codes').dtype, get('obs/n_counts').dtype]).toEqual([
        '<b',
        '<h',
        '<d',
      ]);
      expect([attr('obs/cluster', 'encoding-type'), attr('obs/_index', 'encoding-type')]).toEqual([
        'categorical',
        'string-array',
      ]);
      expect(get('obsm/spatial').shape).toEqual([4, 2]);
      expect(['uns', 'layers', 'obsp', 'varm', 'varp'].map((g) => attr(g, 'encoding-type'))).toEqual(
        new Array(5).fill('dict'),
      );
    } finally {
      f.close();
    }
  });

  it('writes frames without columns and an X without non-zeros', async () => {
    const file = path.join(tmp, 'empty.h5ad');
    const zeros: DenseMatrix = { kind: 'dense', nRows: 2, nCols: 2, data: new Float32Array(4) };
    await writeH5ad(file, { X: zeros, obsNames: ['a', 'b'], varNames: ['g', 'h'] });
    const adata = await readH5ad(file);
    expect([adata.X.data.length, adata.obs, adata.var, adata.obsm]).toEqual([0, {}, {}, {}]);
  });

  it('rejects inconsistent input before writing anything', async () => {
    const file = path.join(tmp, 'bad.h5ad');
    await expect(writeH5ad(file, { ...input, obsNames: ['t1'] })).rejects.toThrow('X has 4 rows but 1 obs names');
    const short = { kind: 'numeric' as const, values: Float64Array.of(1) };
    await expect(writeH5ad(file, { ...input, obs: { short } })).rejects.toThrow('obs.short has 1 values, expected 4');
    const wrongCode = { kind: 'categorical' as const, codes: Int32Array.of(0, 0, 0, 2), categories: ['a', 'b'] };
    await expect(writeH5ad(file, { ...input, obs: { wrongCode } })).rejects.toThrow(/code outside −1..1/);
    await expect(writeH5ad(file, { ...input, obs: { _index: short } })).rejects.toThrow(/not allowed/);
    expect(fs.existsSync(file)).toBe(false);
    const nowhere = path.join(tmp, 'no-such-folder', 'x.h5ad');
    await expect(writeH5ad(nowhere, input)).rejects.toThrow(`${nowhere}: its folder does not exist`);
  });

  it.runIf(available(squidpy))('rewrites a real h5ad that reads back identically', async () => {
    const original = await readH5ad(squidpy);
    const { leiden, in_tissue } = original.obs;
    if (leiden?.kind !== 'categorical' || in_tissue?.kind !== 'numeric') throw new Error('unexpected squidpy columns');
    const file = path.join(tmp, 'squidpy-copy.h5ad');
    await writeH5ad(file, {
      X: original.X,
      obsNames: original.obsNames,
      varNames: original.varNames,
      obs: { in_tissue, leiden },
      obsm: { spatial: original.obsm.spatial!, X_umap: original.obsm.X_umap! },
    });
    const copy = await readH5ad(file);
    expect(copy.X).toEqual(original.X);
    expect(copy.obs).toEqual({ in_tissue, leiden });
    expect(copy.obsm).toEqual({ spatial: original.obsm.spatial, X_umap: original.obsm.X_umap });
    expect(copy.obsNames).toEqual(original.obsNames);
  });
});
