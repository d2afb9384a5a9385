/**
 * Column-compressed view of any matrix, for the kernels that need one feature's values together (ranks).
 * CSR is transposed once in O(nnz) (a counting pass, then a scatter that keeps rows ascending within each
 * column); a dense matrix keeps only its non-zero values. CSC input is returned as is.
 */
import type { CscMatrix, Matrix } from '../matrix/types.js';

export function toCsc(matrix: Matrix): CscMatrix {
  if (matrix.kind === 'csc') return matrix;
  const { nRows, nCols } = matrix;
  const indptr = new Float64Array(nCols + 1);
  if (matrix.kind === 'csr') {
    const { indptr: rowPtr, indices: cols, data: values } = matrix;
    const nnz = rowPtr[nRows]!;
    for (let k = 0; k < nnz; k++) indptr[cols[k]! + 1]!++;
    for (let j = 0; j < nCols; j++) indptr[j + 1]! += indptr[j]!;
    const next = indptr.slice(0, nCols);
    const indices = new Int32Array(nnz);
    const data = new Float32Array(nnz);
    for (let i = 0; i < nRows; i++) {
      for (let k = rowPtr[i]!, end = rowPtr[i + 1]!; k < end; k++) {
        const at = next[cols[k]!]!++;
        indices[at] = i;
        data[at] = values[k]!;
      }
    }
    return { kind: 'csc', nRows, nCols, indptr, indices, data };
  }
  const { data: dense } = matrix;
  for (let i = 0; i < nRows; i++) {
    for (let j = 0; j < nCols; j++) if (dense[i * nCols + j] !== 0) indptr[j + 1]!++;
  }
  for (let j = 0; j < nCols; j++) indptr[j + 1]! += indptr[j]!;
  const next = indptr.slice(0, nCols);
  const indices = new Int32Array(indptr[nCols]!);
  const data = new Float32Array(indptr[nCols]!);
  for (let i = 0; i < nRows; i++) {
    for (let j = 0; j < nCols; j++) {
      const v = dense[i * nCols + j]!;
      if (v === 0) continue;
      const at = next[j]!++;
      indices[at] = i;
      data[at] = v;
    }
  }
  return { kind: 'csc', nRows, nCols, indptr, indices, data };
}
