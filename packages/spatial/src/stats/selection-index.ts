/**
 * What a selection-vs-rest test needs, computed once per run so that a lasso costs O(non-zeros of the selected
 * tixels) instead of O(non-zeros of the run):
 * - per feature, the totals over all tixels: the stored non-zeros' count, their sum and sum of squares shifted by
 *   the feature's first non-zero value (the same shift scheme as `labelMoments`), the average rank of the zero
 *   block and the tie term Σ(t³ − t) of the feature's tie blocks;
 * - a row-major copy (CSR) of the non-zeros with, beside each value, its rank within its feature (ties averaged),
 *   stored doubled as an integer so that half ranks stay exact.
 * The rest's statistics are then total − selection (selection-de.ts). Built from whatever matrix the web files
 * hold (counts, log-normalised, scaled): nothing here assumes a value range.
 */
import { toCsc } from '../matrix/ops.js';
import type { CsrMatrix, Matrix } from '../matrix/types.js';
import { float32SortKey, sortBuffers, sortKeysWithPayload } from './sort-keys.js';

export interface SelectionIndex {
  nObs: number;
  nFeatures: number;
  /** Per feature: the first stored non-zero value in tixel order (0 when none), the shift of the sums below. */
  shift: Float64Array;
  /** Per feature: Σ (v − shift) over the stored non-zeros. */
  shiftedSum: Float64Array;
  /** Per feature: Σ (v − shift)² over the stored non-zeros. */
  shiftedSquares: Float64Array;
  /** Per feature: the number of stored non-zeros. */
  stored: Float64Array;
  /** Per feature: the average rank (1-based) of its zero block. */
  zeroRank: Float64Array;
  /** Per feature: Σ (t³ − t) over its tie blocks, the zero block included. */
  tieTerms: Float64Array;
  /** CSR offsets, nObs + 1. */
  rowPtr: Float64Array;
  /** Feature of each stored non-zero, ascending within a row. */
  features: Int32Array;
  values: Float32Array;
  /** 2 × the value's rank within its feature (ties averaged): an integer, exact as uint32. */
  doubledRanks: Uint32Array;
}

/** One pass to rank every feature (radix sort per column), one to transpose into rows. */
export function buildSelectionIndex(matrix: Matrix): SelectionIndex {
  const csc = toCsc(matrix);
  const { nRows, nCols, indptr, indices, data } = csc;
  const shift = new Float64Array(nCols);
  const shiftedSum = new Float64Array(nCols);
  const shiftedSquares = new Float64Array(nCols);
  const stored = new Float64Array(nCols);
  const zeroRank = new Float64Array(nCols);
  const tieTerms = new Float64Array(nCols);
  /** Doubled rank of each CSC entry; entries holding an explicit zero are left out of the CSR. */
  const entryRanks = new Uint32Array(data.length);
  const rowCounts = new Float64Array(nRows + 1);
  const bits = new Uint32Array(data.buffer, data.byteOffset, data.length);
  let widest = 0;
  for (let j = 0; j < nCols; j++) widest = Math.max(widest, indptr[j + 1]! - indptr[j]!);
  const buffers = sortBuffers(widest);
  for (let j = 0; j < nCols; j++) {
    let m = 0;
    let negatives = 0;
    let first = NaN;
    let s = 0;
    let q = 0;
    for (let k = indptr[j]!, end = indptr[j + 1]!; k < end; k++) {
      const v = data[k]!;
      if (v === 0) continue;
      if (Number.isNaN(first)) first = v;
      const d = v - first;
      s += d;
      q += d * d;
      if (v < 0) negatives++;
      rowCounts[indices[k]! + 1]!++;
      buffers.keys[m] = float32SortKey(bits[k]!);
      buffers.payload[m] = k;
      m++;
    }
    shift[j] = Number.isNaN(first) ? 0 : first;
    shiftedSum[j] = s;
    shiftedSquares[j] = q;
    stored[j] = m;
    const zeros = nRows - m;
    const { keys, payload } = sortKeysWithPayload(buffers, m);
    let tieTerm = zeros * zeros * zeros - zeros;
    for (let i = 0; i < m;) {
      const key = keys[i]!;
      let end = i + 1;
      while (end < m && keys[end] === key) end++;
      const size = end - i;
      // Doubled average rank of positions i..end−1 (1-based), after the zero block for positive values.
      const doubled = 2 * (i < negatives ? i : i + zeros) + size + 1;
      tieTerm += size * size * size - size;
      for (let p = i; p < end; p++) entryRanks[payload[p]!] = doubled;
      i = end;
    }
    zeroRank[j] = negatives + (zeros + 1) / 2;
    tieTerms[j] = tieTerm;
  }
  for (let i = 0; i < nRows; i++) rowCounts[i + 1]! += rowCounts[i]!;
  const nnz = rowCounts[nRows]!;
  const rowPtr = Float64Array.from(rowCounts);
  const next = Float64Array.from(rowCounts.subarray(0, nRows));
  const features = new Int32Array(nnz);
  const values = new Float32Array(nnz);
  const doubledRanks = new Uint32Array(nnz);
  // Columns in order, so each row's features come out ascending.
  for (let j = 0; j < nCols; j++) {
    for (let k = indptr[j]!, end = indptr[j + 1]!; k < end; k++) {
      const v = data[k]!;
      if (v === 0) continue;
      const at = next[indices[k]!]!++;
      features[at] = j;
      values[at] = v;
      doubledRanks[at] = entryRanks[k]!;
    }
  }
  return {
    nObs: nRows,
    nFeatures: nCols,
    shift,
    shiftedSum,
    shiftedSquares,
    stored,
    zeroRank,
    tieTerms,
    rowPtr,
    features,
    values,
    doubledRanks,
  };
}

/** Bytes the index holds in memory (for a cache bounded by bytes). */
export function selectionIndexBytes(index: SelectionIndex): number {
  return 6 * 8 * index.nFeatures + index.rowPtr.byteLength + index.features.byteLength + 2 * index.values.byteLength;
}

/** The given rows (tixels, in the given order) as a CSR matrix of their values: e.g. set A then set B. */
export function selectionIndexRows(index: SelectionIndex, rows: readonly number[]): CsrMatrix {
  const indptr = new Float64Array(rows.length + 1);
  rows.forEach((row, i) => {
    if (!Number.isInteger(row) || row < 0 || row >= index.nObs) {
      throw new RangeError(`row ${row} is not an observation index in [0, ${index.nObs})`);
    }
    indptr[i + 1] = indptr[i]! + index.rowPtr[row + 1]! - index.rowPtr[row]!;
  });
  const indices = new Int32Array(indptr[rows.length]!);
  const data = new Float32Array(indices.length);
  rows.forEach((row, i) => {
    const from = index.rowPtr[row]!;
    const to = index.rowPtr[row + 1]!;
    indices.set(index.features.subarray(from, to), indptr[i]!);
    data.set(index.values.subarray(from, to), indptr[i]!);
  });
  return { kind: 'csr', nRows: rows.length, nCols: index.nFeatures, indptr, indices, data };
}
