import { describe, expect, it } from 'vitest';
import type { CsrMatrix, DenseMatrix } from '../matrix/types.js';
import { toCsc } from './csc.js';

// 3 × 4:  [1 0 2 0]
//         [0 0 3 0]
//         [4 5 0 0]
const dense: DenseMatrix = { kind: 'dense', nRows: 3, nCols: 4, data: Float32Array.of(1, 0, 2, 0, 0, 0, 3, 0, 4, 5, 0, 0) };
const csr: CsrMatrix = {
  kind: 'csr',
  nRows: 3,
  nCols: 4,
  indptr: Float64Array.of(0, 2, 3, 5),
  indices: Int32Array.of(0, 2, 2, 0, 1),
  data: Float32Array.of(1, 2, 3, 4, 5),
};

describe('toCsc', () => {
  it('transposes CSR and compresses dense to the same CSC, rows ascending in each column', () => {
    const expected = {
      kind: 'csc',
      nRows: 3,
      nCols: 4,
      indptr: Float64Array.of(0, 2, 3, 5, 5),
      indices: Int32Array.of(0, 2, 2, 0, 1),
      data: Float32Array.of(1, 4, 5, 2, 3),
    };
    expect(toCsc(csr)).toEqual(expected);
    expect(toCsc(dense)).toEqual(expected);
  });

  it('returns CSC input unchanged', () => {
    const csc = toCsc(csr);
    expect(toCsc(csc)).toBe(csc);
  });
});
