import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import h5wasm, { type File as H5File, type Group } from 'h5wasm/node';
import { afterAll, describe, expect, it } from 'vitest';
import { column, csrToCsc, row } from '../matrix/ops.js';
import type { CsrMatrix } from '../matrix/types.js';
import { SpatialFormatError } from './errors.js';
import { readH5ad, type ObsColumn } from './h5ad-reader.js';
import { SHARED_DATA } from '../testing.js';

const data = SHARED_DATA;
/** Shared test data is optional: a missing file skips its test, and says so. */
function available(file: string): boolean {
  const ok = fs.existsSync(file);
  if (!ok) console.warn(`skipping a test: ${file} is not here`);
  return ok;
}
const squidpy = path.join(data, 'visium-squidpy-tests/test_data.h5ad');
const pbmc = path.join(data, 'scanpy-pbmc68k-reduced/10x_pbmc68k_reduced.h5ad');
const legacyCompound = path.join(data, 'h5ad-format-variants/nan.h5ad');
const legacyCategories = path.join(data, 'h5ad-format-variants/1e4dfec4-c0b2-46ad-a04e-ff3ffb3c0a8f.h5ad');
const savedAsH5 = path.join(data, 'h5ad-format-variants/test_data.h5');
const tenx = path.join(data, 'visium-squidpy-tests/filtered_feature_bc_matrix.h5');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'h5ad-reader-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function categorical(column: ObsColumn | undefined) {
  if (column?.kind !== 'categorical') throw new Error(`expected a categorical column, got ${column?.kind}`);
  return column;
}

function values(column: ObsColumn | undefined): ArrayLike<unknown> {
  if (!column || column.kind === 'categorical') throw new Error(`expected a value column, got ${column?.kind}`);
  return column.values;
}

/** Writes a small hand-made HDF5 file for the layouts and defects no real file here has. */
async function handMade(name: string, build: (file: H5File) => void): Promise<string> {
  await h5wasm.ready;
  const target = path.join(tmp, name);
  const file = new h5wasm.File(target, 'w');
  try {
    build(file);
  } finally {
    file.close();
  }
  return target;
}

function frame(file: H5File, key: string, names: string[]): void {
  const group = file.create_group(key);
  group.create_attribute('_index', '_index');
  group.create_dataset({ name: '_index', data: names });
}

describe('readH5ad on squidpy test_data.h5ad (Visium, X CSR)', () => {
  it.runIf(available(squidpy))('reads shape, names, categorical leiden, obsm and uns', async () => {
    const adata = await readH5ad(squidpy);
    expect([adata.nObs, adata.nVars, adata.X.kind]).toEqual([49, 1999, 'csr']);
    expect(adata.obsNames[0]).toBe('AAATTGCGGCGGTTCT-1');
    expect(adata.obsNames[48]).toBe('TTCGCATCCGGAAGCA-1');
    expect(adata.varNames.slice(0, 2)).toEqual(['4732440D04Rik', 'St18']);
    expect(adata.varNames[1998]).toBe('mt-Nd6');
    const leiden = categorical(adata.obs.leiden);
    expect(leiden.categories).toEqual(['0', '2', '6', '7', '9']);
    expect(Array.from(leiden.codes.slice(44))).toEqual([1, 1, 0, 0, 0]);
    expect(adata.obs.in_tissue?.kind).toBe('numeric');
    expect(adata.var.highly_variable?.kind).toBe('bool');
    expect(values(adata.var.gene_ids)[0]).toBe('ENSMUSG00000090031');
    const { spatial, X_umap } = adata.obsm;
    expect([spatial?.nRows, spatial?.nCols, X_umap?.nRows, X_umap?.nCols]).toEqual([49, 2, 49, 2]);
    expect(Array.from(spatial!.data.slice(0, 2))).toEqual([337, 439]);
    expect(X_umap!.data[96]).toBeCloseTo(13.9855, 4);
    expect(X_umap!.data[97]).toBeCloseTo(13.7249, 4);
    expect(adata.obsm.X_pca?.nCols).toBe(50);
    expect(adata.uns).toEqual(['hvg', 'leiden', 'neighbors', 'spatial', 'umap']);
    expect(adata.raw).toBeUndefined();
    expect(adata.warnings).toEqual([]);
  });

  it.runIf(available(squidpy))('gives the same values through CSR rows and CSC columns (h5dump values)', async () => {
    const X = (await readH5ad(squidpy)).X as CsrMatrix;
    const csc = csrToCsc(X);
    // Values printed by h5dump (6 significant digits) for row 0 and the last two stored values of row 48.
    const known: [number, number, number][] = [
      [0, 3, 1.06409],
      [0, 6, 0.667369],
      [0, 10, 1.34737],
      [48, 1997, 6.01186],
      [48, 1998, 0.611476],
    ];
    for (const [r, c, value] of known) {
      expect(row(X, r)[c]).toBeCloseTo(value, 4);
      expect(column(csc, c)[r]).toBe(row(X, r)[c]);
    }
    expect(row(X, 0)[4]).toBe(0);
    for (const r of [0, 17, 48]) {
      const viaColumns = Array.from({ length: X.nCols }, (_, c) => column(csc, c)[r]);
      expect(viaColumns).toEqual(Array.from(row(X, r)));
    }
  });

  it.runIf(available(squidpy))('reads the same from bytes as from the path', async () => {
    const fromBytes = await readH5ad(new Uint8Array(fs.readFileSync(squidpy)), { name: 'upload.h5ad' });
    expect(fromBytes).toEqual(await readH5ad(squidpy));
  });

  it.runIf(available(squidpy))('reads metadata only, or chosen obsm entries, without the matrix values', async () => {
    const summary = await readH5ad(squidpy, { matrix: false, obsm: ['spatial'] });
    expect('X' in summary).toBe(false);
    expect([summary.nObs, summary.nVars, summary.xLayout]).toEqual([49, 1999, 'csr']);
    expect(Object.keys(summary.obsm)).toEqual(['spatial']);
    expect(categorical(summary.obs.leiden).codes.length).toBe(49);
    expect(Object.keys((await readH5ad(squidpy, { obsm: false })).obsm)).toEqual([]);
  });
});

describe('readH5ad on scanpy pbmc68k_reduced (dense X, raw.X CSR)', () => {
  it.runIf(available(pbmc))('reads dense X, raw, categoricals and numeric columns', async () => {
    const adata = await readH5ad(pbmc);
    expect([adata.nObs, adata.nVars, adata.X.kind]).toEqual([700, 765, 'dense']);
    // Values printed by h5dump.
    const known: [number, number, number][] = [
      [0, 0, -0.326],
      [0, 2, -0.728],
      [699, 762, -0.21],
      [699, 764, -0.49],
    ];
    for (const [r, c, value] of known) expect(row(adata.X, r)[c]).toBeCloseTo(value, 5);
    expect(adata.varNames.slice(0, 2)).toEqual(['HES4', 'TNFRSF4']);

    const raw = adata.raw!;
    expect([raw.layout, raw.X.nRows, raw.X.nCols, raw.varNames[0]]).toEqual(['csr', 700, 765, 'HES4']);
    // Row 0 of raw/X is stored with descending indices (764, 761, 760, …); the reader sorts each row.
    const rawX = raw.X as CsrMatrix;
    expect(rawX.indptr[1]).toBe(217);
    expect(Array.from(rawX.indices.slice(214, 217))).toEqual([760, 761, 764]);
    expect(row(rawX, 0)[764]).toBeCloseTo(2.177, 3);
    expect(row(rawX, 0)[760]).toBeCloseTo(2.544, 3);

    const bulk = categorical(adata.obs.bulk_labels);
    expect(bulk.categories).toEqual([
      'CD4+/CD25 T Reg',
      'CD4+/CD45RA+/CD25- Naive T',
      'CD4+/CD45RO+ Memory',
      'CD8+ Cytotoxic T',
      'CD8+/CD45RA+ Naive Cytotoxic',
      'CD14+ Monocyte',
      'CD19+ B',
      'CD34+',
      'CD56+ NK',
      'Dendritic',
    ]);
    expect(Array.from(bulk.codes.slice(0, 5))).toEqual([5, 9, 8, 0, 9]);
    const louvain = categorical(adata.obs.louvain);
    expect(louvain.categories.length).toBe(11);
    expect(Array.from(louvain.codes.slice(0, 3))).toEqual([1, 1, 3]);
    expect(values(adata.obs.n_genes)[0]).toBe(1003);
    expect(Object.keys(adata.obsm).sort()).toEqual(['X_pca', 'X_umap']);
  });
});

describe('readH5ad on legacy layouts', () => {
  it.runIf(available(legacyCompound))(
    'reads anndata < 0.7 compound obs/var/obsm with uns/<col>_categories',
    async () => {
      const adata = await readH5ad(legacyCompound);
      expect([adata.nObs, adata.nVars, adata.X.kind]).toEqual([100, 100, 'dense']);
      const first = row(adata.X, 0);
      expect(first[0]).toBeCloseTo(-0.17147, 4);
      expect([first[5], first[6]]).toEqual([NaN, NaN]);
      expect(adata.obsNames[0]).toBe('AAACATACAACCAC-1');
      expect(adata.varNames[0]).toBe('TNFRSF4');
      const louvain = categorical(adata.obs.louvain);
      expect(louvain.categories.slice(0, 3)).toEqual(['CD4 T cells', 'CD14+ Monocytes', 'B cells']);
      expect(louvain.categories).toHaveLength(8);
      expect(Array.from(louvain.codes.slice(0, 2))).toEqual([0, 2]);
      expect(values(adata.obs.n_genes)[0]).toBe(781);
      expect(values(adata.obs.percent_mito)[0]).toBeNaN();
      expect(Object.keys(adata.var)).toEqual(['n_cells', 'var_with_nans']);
      const { X_pca, X_umap } = adata.obsm;
      expect([X_pca?.nRows, X_pca?.nCols, X_umap?.nCols]).toEqual([100, 50, 2]);
      expect(X_pca!.data[0]).toBeCloseTo(5.55623, 4);
      expect(X_umap!.data[0]).toBeCloseTo(1.35286, 4);
      expect(X_umap!.data[1]).toBeCloseTo(2.26613, 4);
      expect(adata.uns).toEqual(['louvain_categories']);
    },
  );

  it.runIf(available(legacyCategories))('reads obs/__categories (anndata 0.6/0.7) and a bool var column', async () => {
    const adata = await readH5ad(legacyCategories);
    expect([adata.nObs, adata.nVars]).toEqual([3, 4]);
    expect(Array.from(adata.X.data)).toEqual(new Array(12).fill(1));
    const strings = categorical(adata.obs.string_category);
    expect([strings.categories, Array.from(strings.codes)]).toEqual([
      ['a', 'b'],
      [0, 1, 1],
    ]);
    expect(Array.from(values(adata.obs.float_category))).toEqual([3.2, 1.1, 2.2].map(Math.fround));
    expect(adata.var.bool_category).toEqual({ kind: 'bool', values: Uint8Array.of(1, 1, 0, 1) });
    expect(adata.var.int_category).toEqual({ kind: 'numeric', values: Float64Array.of(3, 1, 2, 4) });
    expect(adata.obsm.X_awesome_embedding?.data[0]).toBeCloseTo(0.797495, 5);
  });

  it.runIf(available(savedAsH5))('reads an h5ad saved with the .h5 extension', async () => {
    const adata = await readH5ad(savedAsH5);
    expect([adata.nObs, adata.nVars, adata.X.kind]).toEqual([316, 100, 'dense']);
    expect(row(adata.X, 0)[0]).toBeCloseTo(-0.322006, 5);
    expect(Array.from(adata.obsm.spatial!.data.slice(630))).toEqual([11691, 17352]);
    expect(values(adata.obs.array_row)[315]).toBe(56);
    expect(adata.var).toEqual({});
  });

  it('reads an anndata 0.6 h5sparse CSC X with plain `index` datasets', async () => {
    const file = await handMade('h5sparse.h5ad', (f) => {
      const x = f.create_group('X');
      x.create_attribute('h5sparse_format', 'csc');
      x.create_attribute('h5sparse_shape', BigInt64Array.of(3n, 2n), [2], '<q');
      x.create_dataset({ name: 'data', data: Float32Array.of(1, 2, 3) });
      x.create_dataset({ name: 'indices', data: Int32Array.of(0, 2, 1) });
      x.create_dataset({ name: 'indptr', data: BigInt64Array.of(0n, 2n, 3n), dtype: '<q' });
      f.create_group('obs').create_dataset({ name: 'index', data: ['a', 'b', 'c'] });
      f.create_group('var').create_dataset({ name: 'index', data: ['g1', 'g2'] });
    });
    const adata = await readH5ad(file);
    expect(adata.X.kind).toBe('csc');
    expect(Array.from(row(adata.X, 1))).toEqual([0, 3]);
    expect(Array.from(column(adata.X, 0))).toEqual([1, 0, 2]);
    expect(adata.obsNames).toEqual(['a', 'b', 'c']);
  });
});

describe('readH5ad on newer column encodings', () => {
  it('reads nullable columns (masked → NaN or empty) and reports columns it skips', async () => {
    const file = await handMade('nullable.h5ad', (f) => {
      f.create_dataset({ name: 'X', data: Float32Array.of(1, 2, 3), shape: [3, 1], dtype: '<f' });
      frame(f, 'obs', ['a', 'b', 'c']);
      const obs = f.get('obs') as Group;
      obs.create_attribute('column-order', ['n', 's', 'matrix']);
      const columns: [string, string, Int32Array | string[]][] = [
        ['n', 'nullable-integer', Int32Array.of(4, 5, 6)],
        ['s', 'nullable-string-array', ['x', 'y', 'z']],
      ];
      for (const [name, encoding, values] of columns) {
        const group = obs.create_group(name);
        group.create_attribute('encoding-type', encoding);
        group.create_dataset({ name: 'values', data: values });
        group.create_dataset({ name: 'mask', data: Uint8Array.of(0, 1, 0) });
      }
      obs.create_dataset({ name: 'matrix', data: Float64Array.of(1, 2, 3, 4, 5, 6), shape: [3, 2], dtype: '<d' });
      frame(f, 'var', ['g1']);
    });
    const adata = await readH5ad(file);
    expect(adata.obs).toEqual({
      n: { kind: 'numeric', values: Float64Array.of(4, NaN, 6) },
      s: { kind: 'string', values: ['x', '', 'z'] },
    });
    expect(adata.warnings).toEqual(['obs/matrix: skipped (unsupported column encoding)']);
  });
});

describe('readH5ad on bad or minimal input', () => {
  async function failure(source: string | Uint8Array, name?: string): Promise<SpatialFormatError> {
    const error = await readH5ad(source, { name }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SpatialFormatError);
    return error as SpatialFormatError;
  }

  it('names a missing file or a folder', async () => {
    const missing = path.join(tmp, 'nope.h5ad');
    expect((await failure(missing)).message).toBe(`${missing}: file not found`);
    expect((await failure(tmp)).message).toBe(`${tmp}: not a regular file`);
  });

  it('rejects a text file renamed .h5ad', async () => {
    const text = path.join(tmp, 'notes.h5ad');
    fs.writeFileSync(text, 'barcode,cluster\nAAAC,1\n');
    expect((await failure(text)).message).toBe(`${text}: not an HDF5 file (no HDF5 signature)`);
    expect((await failure(new Uint8Array(0), 'empty.h5ad')).message).toBe('empty.h5ad: empty file, not HDF5');
  });

  it.runIf(available(squidpy))('rejects a truncated copy of a real h5ad, as a file and as bytes', async () => {
    const bytes = fs.readFileSync(squidpy);
    const half = path.join(tmp, 'half.h5ad');
    fs.writeFileSync(half, bytes.subarray(0, bytes.length >> 1));
    const expected = `truncated HDF5 file: it has ${bytes.length >> 1} bytes but its superblock says ${bytes.length}`;
    expect((await failure(half)).message).toBe(`${half}: ${expected}`);
    expect((await failure(new Uint8Array(bytes.subarray(0, bytes.length >> 1)), 'upload.h5ad')).message).toBe(
      `upload.h5ad: ${expected}`,
    );
  });

  it.runIf(available(tenx))('rejects an HDF5 file without X (a 10x matrix)', async () => {
    expect((await failure(tenx)).message).toBe(`${tenx}: no X matrix (not an AnnData file?)`);
  });

  it('reads an h5ad without obsm, obs columns or uns', async () => {
    const file = await handMade('minimal.h5ad', (f) => {
      f.create_dataset({ name: 'X', data: Float32Array.of(1, 2, 3, 4, 5, 6), shape: [3, 2], dtype: '<f' });
      frame(f, 'obs', ['a', 'b', 'c']);
      frame(f, 'var', ['g1', 'g2']);
    });
    const adata = await readH5ad(file);
    expect([adata.obsm, adata.obs, adata.uns, adata.obsNames]).toEqual([{}, {}, [], ['a', 'b', 'c']]);
    expect(Array.from(column(adata.X, 1))).toEqual([2, 4, 6]);
  });

  it('rejects inconsistent shapes: X rows vs obs names, broken CSR, short obs column', async () => {
    const rows = await handMade('rows.h5ad', (f) => {
      f.create_dataset({ name: 'X', data: Float32Array.of(1, 2, 3, 4, 5, 6), shape: [3, 2], dtype: '<f' });
      frame(f, 'obs', ['a', 'b', 'c', 'd']);
      frame(f, 'var', ['g1', 'g2']);
    });
    expect((await failure(rows)).message).toBe(`${rows}: X has 3 rows but obs has 4 names`);

    const csr = await handMade('csr.h5ad', (f) => {
      const x = f.create_group('X');
      x.create_attribute('encoding-type', 'csr_matrix');
      x.create_attribute('shape', BigInt64Array.of(2n, 2n), [2], '<q');
      x.create_dataset({ name: 'data', data: Float32Array.of(1, 2) });
      x.create_dataset({ name: 'indices', data: Int32Array.of(0, 5) });
      x.create_dataset({ name: 'indptr', data: Int32Array.of(0, 1, 2) });
      frame(f, 'obs', ['a', 'b']);
      frame(f, 'var', ['g1', 'g2']);
    });
    expect((await failure(csr)).message).toBe(`${csr}: X (csr, 2 × 2): index 5 at position 1 is outside 0..1 columns`);

    const column = await handMade('column.h5ad', (f) => {
      f.create_dataset({ name: 'X', data: Float32Array.of(1, 2), shape: [2, 1], dtype: '<f' });
      frame(f, 'obs', ['a', 'b']);
      (f.get('obs') as Group).create_dataset({ name: 'n_counts', data: Float64Array.of(1, 2, 3) });
      frame(f, 'var', ['g1']);
    });
    expect((await failure(column)).message).toBe(`${column}: obs/n_counts has 3 values but the index has 2`);
  });
});
