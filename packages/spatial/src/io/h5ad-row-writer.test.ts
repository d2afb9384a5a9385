import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CsrMatrix } from '../matrix/types.js';
import { readH5ad } from './h5ad-reader.js';
import { writeH5adRows, type SparseRow } from './h5ad-row-writer.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'h5ad-row-writer-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function* rowsOf(m: CsrMatrix): Generator<SparseRow> {
  for (let r = 0; r < m.nRows; r++) {
    const from = m.indptr[r]!;
    const to = m.indptr[r + 1]!;
    yield { indices: Int32Array.from(m.indices.subarray(from, to)), data: m.data.subarray(from, to) };
  }
}

// Rows of 0–6 values with an empty row and a row longer than the 4-value blocks below.
const X: CsrMatrix = {
  kind: 'csr',
  nRows: 4,
  nCols: 8,
  indptr: Float64Array.of(0, 2, 2, 8, 11),
  indices: Int32Array.of(1, 5, 0, 1, 2, 3, 4, 7, 2, 6, 7),
  data: Float32Array.of(1, 2, 3, 4, 5, 6, 7, 8, 9.5, 10, 11),
};
const parts = () => ({
  obsNames: ['a', 'b', 'c', 'd'],
  varNames: Array.from({ length: 8 }, (_, i) => `G${i}`),
  obs: { n: { kind: 'numeric' as const, values: Float64Array.of(2, 0, 6, 3) } },
  obsm: { spatial: { nRows: 4, nCols: 2, data: Float64Array.of(0, 0, 1, 0, 0, 1, 1, 1) } },
});

describe('writeH5adRows', () => {
  it('writes the rows as the csr_matrix X that readH5ad reads back, across block boundaries', async () => {
    const file = path.join(tmp, 'rows.h5ad');
    const written = await writeH5adRows(file, { nCols: 8, rows: rowsOf(X), blockValues: 4, parts });
    expect(written).toEqual({ nRows: 4, nnz: 11 });
    const back = await readH5ad(file);
    expect(back.xLayout).toBe('csr');
    expect(back.X).toEqual(X);
    expect(back.obsNames).toEqual(['a', 'b', 'c', 'd']);
    expect(back.obs.n).toEqual({ kind: 'numeric', values: Float64Array.of(2, 0, 6, 3) });
    expect(back.obsm.spatial!.data).toEqual(Float64Array.of(0, 0, 1, 0, 0, 1, 1, 1));
  });

  it('refuses columns out of order or range, and leaves no file behind', async () => {
    const file = path.join(tmp, 'bad.h5ad');
    const rows = [{ indices: Int32Array.of(3, 2), data: Float32Array.of(1, 1) }];
    await expect(writeH5adRows(file, { nCols: 8, rows, parts })).rejects.toThrow(/ascend/);
    const wide = [{ indices: Int32Array.of(8), data: Float32Array.of(1) }];
    await expect(writeH5adRows(file, { nCols: 8, rows: wide, parts })).rejects.toThrow(/ascend within 0..7/);
    expect(fs.readdirSync(tmp).filter((f) => f.startsWith('bad'))).toEqual([]);
  });

  it('checks the obs names against the rows written', async () => {
    const file = path.join(tmp, 'short.h5ad');
    const rows = [{ indices: Int32Array.of(1), data: Float32Array.of(1) }];
    await expect(writeH5adRows(file, { nCols: 8, rows, parts })).rejects.toThrow(/1 rows but 4 obs names/);
  });
});
