import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import h5wasm, { type Dataset, type File as H5File } from 'h5wasm/node';
import { afterAll, describe, expect, it } from 'vitest';
import { row } from '../matrix/ops.js';
import { SpatialFormatError } from './errors.js';
import { readTenxH5 } from './tenx-h5.js';
import { SHARED_DATA } from '../testing.js';

const data = SHARED_DATA;
/** Shared test data is optional: a missing file skips its test, and says so. */
function available(file: string): boolean {
  const ok = fs.existsSync(file);
  if (!ok) console.warn(`skipping a test: ${file} is not here`);
  return ok;
}
const squidpyH5 = path.join(data, 'visium-squidpy-tests/filtered_feature_bc_matrix.h5');
const v3Folder = path.join(data, '10x-mtx-h5-scanpy-tests/3.0.0');
const v3H5 = path.join(v3Folder, 'filtered_feature_bc_matrix.h5');
const squidpyH5ad = path.join(data, 'visium-squidpy-tests/test_data.h5ad');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tenx-h5-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function gunzipLines(file: string): string[] {
  return gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n');
}

/** A Cell Ranger 2 genome group: 3 genes × 2 barcodes, CSC by barcode, int64 indices as Cell Ranger wrote them. */
function v2Genome(file: H5File, genome: string, barcodes = ['AAAC-1', 'AAAG-1']): void {
  const group = file.create_group(genome);
  group.create_dataset({ name: 'barcodes', data: barcodes });
  group.create_dataset({ name: 'genes', data: ['ENSMUSG01', 'ENSMUSG02', 'ENSMUSG03'] });
  group.create_dataset({ name: 'gene_names', data: ['Xkr4', 'Gm1992', 'Sox17'] });
  group.create_dataset({ name: 'shape', data: Int32Array.of(3, 2) });
  group.create_dataset({ name: 'indptr', data: BigInt64Array.of(0n, 2n, 3n), dtype: '<q' });
  group.create_dataset({ name: 'indices', data: BigInt64Array.of(0n, 2n, 1n), dtype: '<q' });
  group.create_dataset({ name: 'data', data: Int32Array.of(1, 4, 7) });
}

async function v2File(name: string, build: (file: H5File) => void): Promise<string> {
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

describe('readTenxH5', () => {
  // The README calls this file "10x HDF5 v2": its root `version` attribute is 2, which is the format version
  // of the Cell Ranger ≥ 3 layout (/matrix/features/…). So it is read as layout v3.
  it.runIf(available(squidpyH5))('reads the squidpy Visium matrix as 100 barcodes × 100 features', async () => {
    const m = await readTenxH5(squidpyH5);
    expect(m.layout).toBe('v3');
    expect([m.X.kind, m.X.nRows, m.X.nCols, m.X.data.length]).toEqual(['csr', 100, 100, 656]);
    expect([m.barcodes[0], m.barcodes[99]]).toEqual(['AAACAAGTATCTCCCA-1', 'AACCTTTACGACGTCT-1']);
    expect(m.featureIds[99]).toBe('ENSG00000197921');
    expect(new Set(m.featureTypes)).toEqual(new Set(['Gene Expression']));
    // Barcode 0 holds features 39, 40, 49, 55, 57, 94 with counts 1, 1, 1, 5, 1, 1 (h5dump).
    const first = row(m.X, 0);
    expect([39, 40, 49, 55, 57, 94].map((f) => first[f])).toEqual([1, 1, 1, 5, 1, 1]);
    expect(first.reduce((a, b) => a + b, 0)).toBe(10);
  });

  it.runIf(available(v3H5))('matches the Matrix Market copy of the same 10x v3 matrix exactly', async () => {
    const m = await readTenxH5(v3H5);
    const mtxFolder = path.join(v3Folder, 'filtered_feature_bc_matrix');
    const features = gunzipLines(path.join(mtxFolder, 'features.tsv.gz')).map((l) => l.split('\t'));
    expect(m.featureIds).toEqual(features.map((f) => f[0]));
    expect(m.featureNames).toEqual(features.map((f) => f[1]));
    expect(m.featureTypes).toEqual(features.map((f) => f[2]));
    expect(m.barcodes).toEqual(gunzipLines(path.join(mtxFolder, 'barcodes.tsv.gz')));

    const lines = gunzipLines(path.join(mtxFolder, 'matrix.mtx.gz')).filter((l) => !l.startsWith('%'));
    const [nFeatures, nBarcodes, nnz] = lines[0]!.split(' ').map(Number);
    expect([m.X.nCols, m.X.nRows, m.X.data.length]).toEqual([nFeatures, nBarcodes, nnz]);
    // Entry k of the .mtx (feature, barcode, count; 1-based) must be X[barcode, feature]. Both files list the
    // entries barcode by barcode; within a barcode they store features descending, the reader sorts them.
    const entries = lines.slice(1).map((l) => l.split(' ').map(Number) as [number, number, number]);
    const fromFile = entries.map(([f, b, v]) => [b - 1, f - 1, v]).sort((p, q) => p[0]! - q[0]! || p[1]! - q[1]!);
    const fromX: number[][] = [];
    for (let b = 0; b < m.X.nRows; b++) {
      for (let k = m.X.indptr[b]!; k < m.X.indptr[b + 1]!; k++) fromX.push([b, m.X.indices[k]!, m.X.data[k]!]);
    }
    expect(fromX).toEqual(fromFile);

    // And the HDF5 file itself stores the entries in exactly the .mtx order.
    await h5wasm.ready;
    const raw = new h5wasm.File(v3H5, 'r');
    try {
      const value = (key: string) =>
        Array.from((raw.get(`matrix/${key}`) as Dataset).value as ArrayLike<number | bigint>, Number);
      const [indptr, indices, counts] = [value('indptr'), value('indices'), value('data')];
      const stored: number[][] = [];
      for (let b = 0; b + 1 < indptr.length; b++) {
        for (let k = indptr[b]!; k < indptr[b + 1]!; k++) stored.push([indices[k]! + 1, b + 1, counts[k]!]);
      }
      expect(stored).toEqual(entries);
    } finally {
      raw.close();
    }
  });

  it('reads the Cell Ranger 2 layout (one group per genome) as barcodes × genes', async () => {
    const file = await v2File('v2.h5', (f) => v2Genome(f, 'mm10'));
    const m = await readTenxH5(file);
    expect([m.layout, m.genome, m.X.nRows, m.X.nCols]).toEqual(['v2', 'mm10', 2, 3]);
    expect([Array.from(row(m.X, 0)), Array.from(row(m.X, 1))]).toEqual([
      [1, 0, 4],
      [0, 7, 0],
    ]);
    expect([m.barcodes, m.featureIds, m.featureNames]).toEqual([
      ['AAAC-1', 'AAAG-1'],
      ['ENSMUSG01', 'ENSMUSG02', 'ENSMUSG03'],
      ['Xkr4', 'Gm1992', 'Sox17'],
    ]);
  });

  it('asks for a genome when a v2 file holds several, and reads the one chosen', async () => {
    const file = await v2File('two-genomes.h5', (f) => {
      v2Genome(f, 'GRCh38');
      v2Genome(f, 'mm10');
    });
    await expect(readTenxH5(file)).rejects.toThrow(`${file}: choose a genome: the file holds GRCh38, mm10`);
    await expect(readTenxH5(file, { genome: 'hg19' })).rejects.toThrow(/there is no genome 'hg19'/);
    expect((await readTenxH5(file, { genome: 'mm10' })).genome).toBe('mm10');
  });

  it('rejects a v2 file whose barcodes disagree with its shape', async () => {
    const file = await v2File('short.h5', (f) => v2Genome(f, 'mm10', ['AAAC-1']));
    const error = await readTenxH5(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpatialFormatError);
    expect((error as Error).message).toBe(`${file}: /mm10/barcodes has 1 entries but shape says 2 barcodes`);
  });

  it.runIf(available(squidpyH5ad))('rejects an HDF5 file that is not a 10x matrix', async () => {
    await expect(readTenxH5(squidpyH5ad)).rejects.toThrow(
      `${squidpyH5ad}: not a 10x matrix: no /matrix group and no v2 genome group`,
    );
  });
});
