import { describe, expect, it } from 'vitest';
import type { CsrMatrix } from './types.js';
import { checkCompressed } from './validate.js';

function csr(indptr: number[], indices: number[], data: number[], nRows = indptr.length - 1, nCols = 4): CsrMatrix {
  return {
    kind: 'csr',
    nRows,
    nCols,
    indptr: Float64Array.from(indptr),
    indices: Int32Array.from(indices),
    data: Float32Array.from(data),
  };
}

describe('checkCompressed', () => {
  it('accepts a sound matrix and sorts unsorted segments in place (scipy allows them)', () => {
    const m = csr([0, 3, 3], [3, 0, 2], [30, 0.5, 20]);
    expect(checkCompressed(m)).toBeUndefined();
    expect(Array.from(m.indices)).toEqual([0, 2, 3]);
    expect(Array.from(m.data)).toEqual([0.5, 20, 30]);
  });

  it('names what is wrong', () => {
    expect(checkCompressed(csr([0, 1], [0], [1], 2))).toMatch(/indptr has 2 entries, expected 3/);
    expect(checkCompressed(csr([0, 2], [0, 1], [1]))).toMatch(/data has 1 values but indices has 2/);
    expect(checkCompressed(csr([0, 1], [0, 1], [1, 2]))).toMatch(/indptr must run from 0 to 2/);
    expect(checkCompressed(csr([0, 2, 1, 2], [0, 1], [1, 2]))).toMatch(/indptr decreases at position 2/);
    expect(checkCompressed(csr([0, 1], [4], [1]))).toMatch(/index 4 at position 0 is outside 0..3 columns/);
  });
});
