import { describe, expect, it } from 'vitest';
import { column, csrToCsc, cscToCsr, row, rowSums, selectRows, toCsc, toCsr } from './ops.js';
import type { DenseMatrix, Matrix } from './types.js';

// 3 observations × 4 features, with an empty row, an empty column and a NaN (a stored value, not a zero).
const dense: DenseMatrix = {
  kind: 'dense',
  nRows: 3,
  nCols: 4,
  data: Float32Array.of(1, 0, 2, 0, 0, 0, 0, 0, 3, 0, NaN, 4),
};

function toDense(m: Matrix): number[][] {
  return Array.from({ length: m.nRows }, (_, r) => Array.from(row(m, r)));
}

describe('matrix ops', () => {
  const csr = toCsr(dense);
  const csc = toCsc(dense);

  it('builds CSR and CSC from dense, keeping NaN and dropping zeros', () => {
    expect(Array.from(csr.indptr)).toEqual([0, 2, 2, 5]);
    expect(Array.from(csr.indices)).toEqual([0, 2, 0, 2, 3]);
    expect(Array.from(csr.data)).toEqual([1, 2, 3, NaN, 4]);
    expect(Array.from(csc.indptr)).toEqual([0, 2, 2, 4, 5]);
    expect(Array.from(csc.indices)).toEqual([0, 2, 0, 2, 2]);
    expect(Array.from(csc.data)).toEqual([1, 3, 2, NaN, 4]);
  });

  it('selects rows in the given order from every layout, and refuses a row outside the matrix', () => {
    for (const m of [dense, csr, csc]) {
      const picked = selectRows(m, [2, 0, 2]);
      expect(picked.kind).toBe('csr');
      expect(toDense(picked)).toEqual([
        [3, 0, NaN, 4],
        [1, 0, 2, 0],
        [3, 0, NaN, 4],
      ]);
    }
    expect(() => selectRows(dense, [3])).toThrow(RangeError);
  });

  it('extracts the same rows and columns from every layout', () => {
    const expected = toDense(dense);
    for (const m of [dense, csr, csc]) {
      expect(toDense(m)).toEqual(expected);
      for (let c = 0; c < 4; c++) expect(Array.from(column(m, c))).toEqual(expected.map((r) => r[c]));
    }
    expect(() => column(csr, 4)).toThrow(RangeError);
    expect(() => row(csc, -1)).toThrow(RangeError);
  });

  it('converts CSR ↔ CSC exactly, with ascending indices', () => {
    expect(csrToCsc(csr)).toEqual(csc);
    expect(cscToCsr(csc)).toEqual(csr);
    expect(toCsr(csr)).toBe(csr);
    expect(toCsc(csc)).toBe(csc);
  });

  it('converts a larger random matrix both ways without loss', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const big: DenseMatrix = { kind: 'dense', nRows: 200, nCols: 150, data: new Float32Array(200 * 150) };
    for (let k = 0; k < big.data.length; k++) if (random() < 0.05) big.data[k] = Math.round(random() * 100);
    const back = cscToCsr(csrToCsc(toCsr(big)));
    expect(back).toEqual(toCsr(big));
    expect(Array.from(rowSums(back))).toEqual(Array.from(rowSums(big)));
  });

  it('sums rows in every layout', () => {
    for (const m of [dense, csr, csc]) expect(Array.from(rowSums(m))).toEqual([3, 0, NaN]);
    const finite = toCsr({ ...dense, data: dense.data.map((v) => (Number.isNaN(v) ? 5 : v)) });
    expect(Array.from(rowSums(finite))).toEqual([3, 0, 12]);
    expect(Array.from(rowSums(toCsc(finite)))).toEqual([3, 0, 12]);
  });
});
