/**
 * Library-size normalisation + log1p, as scanpy's `pp.normalize_total(target_sum=1e4)` followed by `pp.log1p`:
 * each observation is scaled so its counts sum to the target, then x ↦ ln(1 + x). Sparse in, sparse out: zeros
 * stay zeros, so only the stored values are touched. Observations with no counts are left at zero (scanpy does
 * not divide them either).
 */
import { toCsr } from '../matrix/ops.js';
import type { CsrMatrix, Matrix } from '../matrix/types.js';

export function normalizeLog1p(matrix: Matrix, targetSum = 1e4): CsrMatrix {
  const m = toCsr(matrix);
  const data = new Float32Array(m.data.length);
  for (let r = 0; r < m.nRows; r++) {
    const start = m.indptr[r]!;
    const end = m.indptr[r + 1]!;
    let total = 0;
    for (let k = start; k < end; k++) total += m.data[k]!;
    if (total <= 0) continue;
    const factor = targetSum / total;
    for (let k = start; k < end; k++) data[k] = Math.log1p(m.data[k]! * factor);
  }
  return { kind: 'csr', nRows: m.nRows, nCols: m.nCols, indptr: m.indptr, indices: m.indices, data };
}
