/**
 * Per-label, per-feature sums over a matrix's observations — the sufficient statistics of the Welch test and
 * of the fold changes — in O(stored values): implicit zeros add nothing to the sums and enter the squared
 * deviations in closed form, (n − stored)·mean².
 *
 * Squared deviations use two passes (sum → mean, then Σ(x − mean)²), like numpy's var, rather than
 * Σx² − (Σx)²/n: a feature that is constant within a label then has exactly zero variance (a float32 value
 * summed n < 2²⁹ times in float64 is exact), so scipy's "equal means and zero variances → NaN → score 0"
 * case is hit exactly instead of dividing rounding noise by rounding noise.
 *
 * Stored zeros are treated as implicit and every path (CSC by column; CSR and dense by row) adds the values
 * of one feature in ascending observation order, so all three layouts give bit-identical results.
 */
import type { CscMatrix, Matrix } from '../matrix/types.js';

export interface LabelMoments {
  nLabels: number;
  nFeatures: number;
  /** Observations per label. */
  counts: Float64Array;
  /** Σ x at [label × nFeatures + feature]. */
  sums: Float64Array;
  /** Σ (x − label mean)² at [label × nFeatures + feature], when requested. */
  squaredDeviations?: Float64Array;
  /** Σ expm1(x) at [label × nFeatures + feature], when requested. */
  expm1Sums?: Float64Array;
}

export interface MomentsRequest {
  squaredDeviations?: boolean;
  expm1Sums?: boolean;
}

/**
 * labels[i] ∈ [0, nLabels) is the label of observation i (every observation needs one; callers give the
 * unlabelled their own label).
 */
export function labelMoments(
  matrix: Matrix,
  labels: Int32Array,
  nLabels: number,
  request: MomentsRequest = {},
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
  const moments: LabelMoments = { nLabels, nFeatures: matrix.nCols, counts, sums: new Float64Array(size) };
  if (request.squaredDeviations) moments.squaredDeviations = new Float64Array(size);
  if (request.expm1Sums) moments.expm1Sums = new Float64Array(size);
  if (matrix.kind === 'csc' && nLabels === 2) cscTwoLabelMoments(matrix, labels, moments);
  else if (matrix.kind === 'csc') cscMoments(matrix, labels, moments);
  else rowMoments(matrix, labels, moments);
  return moments;
}

/**
 * The selection-vs-rest case (labels 0 and 1), the interactive one: the same sums in the same order as
 * cscMoments, but held in local variables, with the label applied by multiplying by 1 or 0 (exact) instead
 * of indexing per-label arrays, which chains every addition through memory. About twice as fast.
 */
function cscTwoLabelMoments(matrix: CscMatrix, labels: Int32Array, out: LabelMoments): void {
  const { indptr, indices, data, nCols } = matrix;
  const { counts, sums, squaredDeviations, expm1Sums } = out;
  const inOne = Float64Array.from(labels);
  const [count0, count1] = [counts[0]!, counts[1]!];
  for (let j = 0; j < nCols; j++) {
    const start = indptr[j]!;
    const end = indptr[j + 1]!;
    let sum0 = 0;
    let sum1 = 0;
    let stored0 = 0;
    let stored1 = 0;
    for (let k = start; k < end; k++) {
      const v = data[k]!;
      if (v === 0) continue;
      const one = inOne[indices[k]!]!;
      sum1 += v * one;
      sum0 += v - v * one;
      stored1 += one;
      stored0 += 1 - one;
    }
    sums[j] = sum0;
    sums[nCols + j] = sum1;
    if (expm1Sums) {
      let exp0 = 0;
      let exp1 = 0;
      for (let k = start; k < end; k++) {
        const v = data[k]!;
        if (v === 0) continue;
        const e = Math.expm1(v);
        const one = inOne[indices[k]!]!;
        exp1 += e * one;
        exp0 += e - e * one;
      }
      expm1Sums[j] = exp0;
      expm1Sums[nCols + j] = exp1;
    }
    if (!squaredDeviations) continue;
    const mean0 = count0 > 0 ? sum0 / count0 : 0;
    const mean1 = count1 > 0 ? sum1 / count1 : 0;
    let deviation0 = 0;
    let deviation1 = 0;
    for (let k = start; k < end; k++) {
      const v = data[k]!;
      if (v === 0) continue;
      const one = inOne[indices[k]!]!;
      const d0 = v - mean0;
      const d1 = v - mean1;
      deviation1 += d1 * d1 * one;
      deviation0 += d0 * d0 - d0 * d0 * one;
    }
    squaredDeviations[j] = deviation0 + (count0 - stored0) * mean0 * mean0;
    squaredDeviations[nCols + j] = deviation1 + (count1 - stored1) * mean1 * mean1;
  }
}

function cscMoments(matrix: CscMatrix, labels: Int32Array, out: LabelMoments): void {
  const { indptr, indices, data, nCols } = matrix;
  const { nLabels, counts, sums, squaredDeviations, expm1Sums } = out;
  const sum = new Float64Array(nLabels);
  const stored = new Float64Array(nLabels);
  const expSum = new Float64Array(nLabels);
  const mean = new Float64Array(nLabels);
  const deviation = new Float64Array(nLabels);
  for (let j = 0; j < nCols; j++) {
    const start = indptr[j]!;
    const end = indptr[j + 1]!;
    for (let k = start; k < end; k++) {
      const v = data[k]!;
      if (v === 0) continue;
      const label = labels[indices[k]!]!;
      sum[label]! += v;
      stored[label]!++;
      if (expm1Sums) expSum[label]! += Math.expm1(v);
    }
    for (let l = 0; l < nLabels; l++) {
      sums[l * nCols + j] = sum[l]!;
      if (expm1Sums) expm1Sums[l * nCols + j] = expSum[l]!;
      mean[l] = counts[l]! > 0 ? sum[l]! / counts[l]! : 0;
    }
    if (squaredDeviations) {
      for (let k = start; k < end; k++) {
        const v = data[k]!;
        if (v === 0) continue;
        const label = labels[indices[k]!]!;
        const d = v - mean[label]!;
        deviation[label]! += d * d;
      }
      for (let l = 0; l < nLabels; l++) {
        const m = mean[l]!;
        squaredDeviations[l * nCols + j] = deviation[l]! + (counts[l]! - stored[l]!) * m * m;
      }
    }
    sum.fill(0);
    stored.fill(0);
    expSum.fill(0);
    deviation.fill(0);
  }
}

/** CSR and dense, row by row: each row adds into its label's slice of the per-feature accumulators. */
function rowMoments(matrix: Exclude<Matrix, CscMatrix>, labels: Int32Array, out: LabelMoments): void {
  const { nCols } = matrix;
  const { nLabels, counts, sums, squaredDeviations, expm1Sums } = out;
  const stored = squaredDeviations ? new Float64Array(nLabels * nCols) : undefined;
  forEachStored(matrix, (row, col, v) => {
    const at = labels[row]! * nCols + col;
    sums[at]! += v;
    if (stored) stored[at]!++;
    if (expm1Sums) expm1Sums[at]! += Math.expm1(v);
  });
  if (!squaredDeviations || !stored) return;
  const mean = new Float64Array(nLabels * nCols);
  for (let l = 0; l < nLabels; l++) {
    for (let j = 0; j < nCols; j++) mean[l * nCols + j] = counts[l]! > 0 ? sums[l * nCols + j]! / counts[l]! : 0;
  }
  forEachStored(matrix, (row, col, v) => {
    const at = labels[row]! * nCols + col;
    const d = v - mean[at]!;
    squaredDeviations[at]! += d * d;
  });
  for (let l = 0; l < nLabels; l++) {
    for (let j = 0; j < nCols; j++) {
      const at = l * nCols + j;
      squaredDeviations[at]! += (counts[l]! - stored[at]!) * mean[at]! * mean[at]!;
    }
  }
}

/** Visits the non-zero values of a CSR or dense matrix in row order. */
function forEachStored(matrix: Exclude<Matrix, CscMatrix>, visit: (row: number, col: number, v: number) => void): void {
  const { nRows, nCols } = matrix;
  if (matrix.kind === 'dense') {
    const { data } = matrix;
    for (let i = 0; i < nRows; i++) {
      for (let j = 0; j < nCols; j++) {
        const v = data[i * nCols + j]!;
        if (v !== 0) visit(i, j, v);
      }
    }
    return;
  }
  const { indptr, indices, data } = matrix;
  for (let i = 0; i < nRows; i++) {
    for (let k = indptr[i]!, end = indptr[i + 1]!; k < end; k++) {
      const v = data[k]!;
      if (v !== 0) visit(i, indices[k]!, v);
    }
  }
}
