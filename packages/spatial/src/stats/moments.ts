/**
 * Per-label, per-feature means and squared deviations of a matrix's observations — the sufficient statistics
 * of the Welch test and of the fold changes — in one pass over the stored values, O(nnz).
 *
 * Numerics: each (label, feature) is shifted by its own first stored non-zero value K, accumulating
 * S = Σ(v − K) and Q = Σ(v − K)² over the stored non-zeros; their deviations are Q − S²/c, and the block of
 * zeros (implicit or stored) joins by Chan et al.'s pairwise formula: + c·z/n · (mean of the stored)². The
 * shift keeps the cancellation small (K is a value of the same sample), and a label whose stored values are
 * all equal accumulates exact zeros, so its variance is exactly 0 whether or not it also has zeros. That is
 * what scipy's degenerate cases need: zero variances with equal means give NaN → score 0, with different
 * means ±∞, where Σx² − (Σx)²/n would leave rounding noise and a meaningless finite score.
 *
 * Every layout (CSC by column, CSR and dense by row) adds the values of one feature in ascending observation
 * order with the same shifts, so the three give bit-identical results.
 */
import type { CscMatrix, Matrix } from '../matrix/types.js';

export interface LabelMoments {
  nLabels: number;
  nFeatures: number;
  /** Observations per label. */
  counts: Float64Array;
  /** Σ x at [label × nFeatures + feature]. */
  sums: Float64Array;
  /** Σ (x − label mean)² at [label × nFeatures + feature]. */
  squaredDeviations: Float64Array;
  /**
   * Observations with a non-zero value at [label × nFeatures + feature]: the "% expressing" of scanpy's
   * rank_genes_groups(pts=True) (`X != 0`) and of its dot plot for non-negative data (`X > 0`).
   */
  nonZeros: Float64Array;
  /** Σ expm1(x) at [label × nFeatures + feature], when requested. */
  expm1Sums?: Float64Array;
}

/** Per (label, feature) accumulators, at [label × nFeatures + feature]. */
interface Accumulators {
  shift: Float64Array;
  shifted: Float64Array;
  shiftedSquares: Float64Array;
  stored: Float64Array;
  expm1Sums?: Float64Array;
}

/**
 * labels[i] ∈ [0, nLabels) is the label of observation i (every observation needs one; callers give the
 * unlabelled their own label).
 */
export function labelMoments(
  matrix: Matrix,
  labels: Int32Array,
  nLabels: number,
  request: { expm1Sums?: boolean } = {},
): LabelMoments {
  if (labels.length !== matrix.nRows) {
    throw new RangeError(`labels has ${labels.length} entries but the matrix has ${matrix.nRows} observations`);
  }
  const counts = new Float64Array(nLabels);
  for (const label of labels) {
    if (!(label >= 0 && label < nLabels)) throw new RangeError(`label ${label} is outside [0, ${nLabels})`);
    counts[label]!++;
  }
  const size = nLabels * matrix.nCols;
  const acc: Accumulators = {
    shift: new Float64Array(size),
    shifted: new Float64Array(size),
    shiftedSquares: new Float64Array(size),
    stored: new Float64Array(size),
  };
  if (request.expm1Sums) acc.expm1Sums = new Float64Array(size);
  if (matrix.kind === 'csc' && nLabels === 2) cscTwoLabels(matrix, labels, acc);
  else if (matrix.kind === 'csc') cscLabels(matrix, labels, nLabels, acc);
  else rowLabels(matrix, labels, acc);
  return finish(acc, counts, matrix.nCols);
}

function finish(acc: Accumulators, counts: Float64Array, nFeatures: number): LabelMoments {
  const { shift, shifted, shiftedSquares, stored } = acc;
  const sums = new Float64Array(shift.length);
  const squaredDeviations = new Float64Array(shift.length);
  for (let at = 0; at < shift.length; at++) {
    const c = stored[at]!;
    if (c === 0) continue;
    const n = counts[Math.floor(at / nFeatures)]!;
    const s = shifted[at]!;
    const meanStored = shift[at]! + s / c;
    sums[at] = c * shift[at]! + s;
    squaredDeviations[at] =
      Math.max(0, shiftedSquares[at]! - (s * s) / c) + ((c * (n - c)) / n) * meanStored * meanStored;
  }
  const moments: LabelMoments = {
    nLabels: counts.length,
    nFeatures,
    counts,
    sums,
    squaredDeviations,
    nonZeros: stored,
  };
  if (acc.expm1Sums) moments.expm1Sums = acc.expm1Sums;
  return moments;
}

/**
 * Selection vs rest (labels 0 and 1), the interactive case: the accumulators live in local variables and the
 * label is applied by multiplying by 1 or 0 (exact, and adding a zero changes no sum), which avoids chaining
 * every addition through a per-label array in memory; measured ~1.7× faster than the generic loop.
 */
function cscTwoLabels(matrix: CscMatrix, labels: Int32Array, acc: Accumulators): void {
  const { indptr, indices, data, nCols } = matrix;
  const { shift, shifted, shiftedSquares, stored, expm1Sums } = acc;
  const one = Float64Array.from(labels);
  for (let j = 0; j < nCols; j++) {
    const start = indptr[j]!;
    const end = indptr[j + 1]!;
    let shift0 = NaN;
    let shift1 = NaN;
    for (let k = start; k < end && (Number.isNaN(shift0) || Number.isNaN(shift1)); k++) {
      const v = data[k]!;
      if (v === 0) continue;
      if (one[indices[k]!] === 1) shift1 = Number.isNaN(shift1) ? v : shift1;
      else shift0 = Number.isNaN(shift0) ? v : shift0;
    }
    if (Number.isNaN(shift0)) shift0 = 0;
    if (Number.isNaN(shift1)) shift1 = 0;
    let s0 = 0;
    let s1 = 0;
    let q0 = 0;
    let q1 = 0;
    let stored1 = 0;
    let storedZeros = 0;
    for (let k = start; k < end; k++) {
      const v = data[k]!;
      if (v === 0) {
        storedZeros++;
        continue;
      }
      const o = one[indices[k]!]!;
      const d0 = v - shift0;
      const d1 = v - shift1;
      s0 += d0 - d0 * o;
      s1 += d1 * o;
      q0 += d0 * d0 - d0 * d0 * o;
      q1 += d1 * d1 * o;
      stored1 += o;
    }
    shift[j] = shift0;
    shift[nCols + j] = shift1;
    shifted[j] = s0;
    shifted[nCols + j] = s1;
    shiftedSquares[j] = q0;
    shiftedSquares[nCols + j] = q1;
    stored[j] = end - start - storedZeros - stored1;
    stored[nCols + j] = stored1;
    if (expm1Sums) {
      let e0 = 0;
      let e1 = 0;
      for (let k = start; k < end; k++) {
        const v = data[k]!;
        if (v === 0) continue;
        const e = Math.expm1(v);
        const o = one[indices[k]!]!;
        e0 += e - e * o;
        e1 += e * o;
      }
      expm1Sums[j] = e0;
      expm1Sums[nCols + j] = e1;
    }
  }
}

/** Any number of labels, column by column, with per-label accumulators reset for every feature. */
function cscLabels(matrix: CscMatrix, labels: Int32Array, nLabels: number, acc: Accumulators): void {
  const { indptr, indices, data, nCols } = matrix;
  const shift = new Float64Array(nLabels).fill(NaN);
  const s = new Float64Array(nLabels);
  const q = new Float64Array(nLabels);
  const c = new Float64Array(nLabels);
  const e = new Float64Array(nLabels);
  for (let j = 0; j < nCols; j++) {
    for (let k = indptr[j]!, end = indptr[j + 1]!; k < end; k++) {
      const v = data[k]!;
      if (v === 0) continue;
      const l = labels[indices[k]!]!;
      if (Number.isNaN(shift[l]!)) shift[l] = v;
      const d = v - shift[l]!;
      s[l]! += d;
      q[l]! += d * d;
      c[l]!++;
      if (acc.expm1Sums) e[l]! += Math.expm1(v);
    }
    for (let l = 0; l < nLabels; l++) {
      const at = l * nCols + j;
      acc.shift[at] = Number.isNaN(shift[l]!) ? 0 : shift[l]!;
      acc.shifted[at] = s[l]!;
      acc.shiftedSquares[at] = q[l]!;
      acc.stored[at] = c[l]!;
      if (acc.expm1Sums) acc.expm1Sums[at] = e[l]!;
    }
    shift.fill(NaN);
    s.fill(0);
    q.fill(0);
    c.fill(0);
    e.fill(0);
  }
}

/** CSR and dense, row by row: each non-zero value updates its (label, feature) accumulators. */
function rowLabels(matrix: Exclude<Matrix, CscMatrix>, labels: Int32Array, acc: Accumulators): void {
  const { nRows, nCols } = matrix;
  const { shift, shifted, shiftedSquares, stored, expm1Sums } = acc;
  shift.fill(NaN);
  const add = (row: number, col: number, v: number): void => {
    const at = labels[row]! * nCols + col;
    if (Number.isNaN(shift[at]!)) shift[at] = v;
    const d = v - shift[at]!;
    shifted[at]! += d;
    shiftedSquares[at]! += d * d;
    stored[at]!++;
    if (expm1Sums) expm1Sums[at]! += Math.expm1(v);
  };
  if (matrix.kind === 'dense') {
    const { data } = matrix;
    for (let i = 0; i < nRows; i++) {
      for (let j = 0; j < nCols; j++) {
        const v = data[i * nCols + j]!;
        if (v !== 0) add(i, j, v);
      }
    }
  } else {
    const { indptr, indices, data } = matrix;
    for (let i = 0; i < nRows; i++) {
      for (let k = indptr[i]!, end = indptr[i + 1]!; k < end; k++) {
        const v = data[k]!;
        if (v !== 0) add(i, indices[k]!, v);
      }
    }
  }
  for (let at = 0; at < shift.length; at++) if (Number.isNaN(shift[at]!)) shift[at] = 0;
}
