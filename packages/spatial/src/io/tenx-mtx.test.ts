import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SpatialFormatError } from './errors.js';
import { readTenxH5 } from './tenx-h5.js';
import { isMtxFolder, readTenxMtx } from './tenx-mtx.js';
import { hasSharedData, sharedData } from '../testing.js';

/** The files of a folder as name → bytes, as the importer hands them over. */
function folder(dir: string): Map<string, Uint8Array> {
  return new Map(fs.readdirSync(dir).map((name) => [name, new Uint8Array(fs.readFileSync(path.join(dir, name)))]));
}

const V3 = '10x-mtx-h5-scanpy-tests/3.0.0';
const SFE = 'visium-spaceranger2-csv/sfe-sample01/outs/filtered_feature_bc_matrix';

describe.skipIf(!hasSharedData(V3))('readTenxMtx on scanpy 3.0.0 (gzipped Matrix Market)', () => {
  it('reads the same matrix, barcodes and features as the HDF5 copy of the same run', async () => {
    const mtx = readTenxMtx(folder(sharedData(V3, 'filtered_feature_bc_matrix')), 'filtered');
    const h5 = await readTenxH5(sharedData(V3, 'filtered_feature_bc_matrix.h5'));
    expect(mtx.layout).toBe('v3');
    expect([mtx.X.nRows, mtx.X.nCols]).toEqual([1107, 507]);
    expect(mtx.barcodes).toEqual(h5.barcodes);
    expect(mtx.featureIds).toEqual(h5.featureIds);
    expect(mtx.featureNames).toEqual(h5.featureNames);
    expect(Array.from(mtx.X.indptr)).toEqual(Array.from(h5.X.indptr));
    expect(Array.from(mtx.X.indices)).toEqual(Array.from(h5.X.indices));
    expect(Array.from(mtx.X.data)).toEqual(Array.from(h5.X.data));
  });
});

describe.skipIf(!hasSharedData(SFE))('readTenxMtx on a Space Ranger 2.x crop (plain text)', () => {
  it('reads 12 barcodes × 5 genes, 60 values summing to 2,951', () => {
    const files = folder(sharedData(SFE));
    expect(isMtxFolder(files.keys())).toBe(true);
    const m = readTenxMtx(files);
    expect([m.X.nRows, m.X.nCols, m.X.data.length]).toEqual([12, 5, 60]);
    expect(m.X.data.reduce((a, b) => a + b, 0)).toBe(2951);
    expect(m.featureNames).toEqual(['ACPP', 'KLK3', 'MSMB', 'TGM4', 'TAGLN']);
    expect(m.featureTypes.every((t) => t === 'Gene Expression')).toBe(true);
    expect(m.barcodes[0]).toBe('GTGGCGTGCACCAGAG-1');
  });
});

describe('readTenxMtx refusals', () => {
  const text = (s: string) => new TextEncoder().encode(s);
  const base = () =>
    new Map([
      ['matrix.mtx', text('%%MatrixMarket matrix coordinate integer general\n2 2 2\n1 1 3\n2 2 4\n')],
      ['barcodes.tsv', text('A-1\nB-1\n')],
      ['features.tsv', text('g1\tG1\tGene Expression\ng2\tG2\tGene Expression\n')],
    ]);
  it('reads a generated 2 × 2 matrix as barcodes × features CSR', () => {
    const m = readTenxMtx(base());
    expect(Array.from(m.X.indptr)).toEqual([0, 1, 2]);
    expect(Array.from(m.X.data)).toEqual([3, 4]);
  });
  it('names what is missing or wrong', () => {
    const noBarcodes = base();
    noBarcodes.delete('barcodes.tsv');
    expect(() => readTenxMtx(noBarcodes, 'outs/m')).toThrow(/outs\/m: missing barcodes\.tsv/);
    const outside = base();
    outside.set('matrix.mtx', text('%%MatrixMarket matrix coordinate integer general\n2 2 1\n3 1 1\n'));
    expect(() => readTenxMtx(outside)).toThrow(SpatialFormatError);
    expect(() => readTenxMtx(outside)).toThrow(/outside 2 × 2/);
    const short = base();
    short.set('barcodes.tsv', text('A-1\n'));
    expect(() => readTenxMtx(short)).toThrow(/1 barcodes but the matrix has 2/);
    const array = base();
    array.set('matrix.mtx', text('%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n'));
    expect(() => readTenxMtx(array)).toThrow(/not a Matrix Market coordinate file/);
  });
});
