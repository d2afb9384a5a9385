/** Test-only synthetic matrices for the layout-equivalence and ranking tests. Not exported from the package. */
import type { CsrMatrix, DenseMatrix } from '../matrix/types.js';

/** A seeded random matrix: ~60% zeros, some negative values, column 0 constant (0.3), column 1 all zero. */
export function randomDense(nRows: number, nCols: number, seed: number): DenseMatrix {
  const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const data = new Float32Array(nRows * nCols);
  for (let i = 0; i < data.length; i++) {
    const u = random();
    data[i] = u < 0.6 ? 0 : u < 0.65 ? -Math.fround(random()) : Math.fround(Math.log1p(Math.floor(random() * 6)));
  }
  for (let i = 0; i < nRows; i++) {
    data[i * nCols] = 0.3;
    if (nCols > 1) data[i * nCols + 1] = 0;
  }
  return { kind: 'dense', nRows, nCols, data };
}

/** The CSR of a dense matrix, keeping the zeros of every third value as stored zeros. */
export function denseToCsr(dense: DenseMatrix): CsrMatrix {
  const { nRows, nCols, data } = dense;
  const indptr = new Float64Array(nRows + 1);
  const indices: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < nRows; i++) {
    for (let j = 0; j < nCols; j++) {
      const v = data[i * nCols + j]!;
      if (v !== 0 || (i + j) % 3 === 0) {
        indices.push(j);
        values.push(v);
      }
    }
    indptr[i + 1] = indices.length;
  }
  return { kind: 'csr', nRows, nCols, indptr, indices: Int32Array.from(indices), data: Float32Array.from(values) };
}
