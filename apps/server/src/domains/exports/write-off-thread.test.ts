import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { matrixRows, readH5ad, selectDataCsvRows, toCsc, type Matrix, type RunAnnDataInput } from '@atlas/spatial';
import { writeRunAnnData } from './write-off-thread.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-thread-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const dense: Matrix = {
  kind: 'dense',
  nRows: 4,
  nCols: 3,
  data: Float32Array.from([1, 0, 2, 0, 0, 0, 3, 4, 0, 0, 5, 6]),
};
const rows = Int32Array.from([0, 2, 3]);
const input: RunAnnDataInput = {
  matrix: matrixRows(toCsc(dense), rows),
  featureNames: ['Gapdh', 'Actb', 'Mbp'],
  barcodes: ['AAAC-1', 'AACT-1', 'AAGT-1'],
  table: selectDataCsvRows(
    {
      clusters: ['C10', 'C2', 'C2', 'C1'],
      spatial: Float64Array.from([0, 1, 2, 3, 4, 5, 6, 7]),
      umap: Float32Array.from([8, 9, 10, 11, 12, 13, 14, 15]),
      qc: [new Float32Array(4), new Float32Array(4)],
    },
    rows,
  ),
  annotations: [],
  rows,
};

describe('an export written in a worker thread', () => {
  it('is the file written in this thread', { timeout: 60_000 }, async () => {
    const here = path.join(dir, 'here.h5ad');
    const there = path.join(dir, 'there.h5ad');
    await writeRunAnnData(here, input, 6);
    await writeRunAnnData(there, input, 6, 0);
    const [a, b] = await Promise.all([readH5ad(here), readH5ad(there)]);
    expect(b.obsNames).toEqual(['AAAC-1', 'AACT-1', 'AAGT-1']);
    expect(b.varNames).toEqual(a.varNames);
    expect(b.X).toEqual(a.X);
    expect(b.obsm).toEqual(a.obsm);
  });

  it("rejects with the writer's error, and leaves no file", { timeout: 60_000 }, async () => {
    const target = path.join(dir, 'no-such-folder', 'x.h5ad');
    await expect(writeRunAnnData(target, input, 6, 0)).rejects.toThrow(/its folder does not exist/);
    expect(fs.existsSync(target)).toBe(false);
  });
});
