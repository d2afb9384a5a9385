/**
 * Rank sums of every feature per label, with average ranks for ties (scipy `rankdata`, pandas `rank`, as
 * scanpy's `_ranks`), and each feature's tie term Σ(t³ − t) over its tie blocks (scanpy `_tiecorrect`).
 *
 * Only stored non-zero values are sorted. The zeros — implicit or stored — are one tie block of size Z whose
 * place is known without sorting: after the L negative values, so its average rank is L + (Z + 1)/2 and the
 * positive values start at rank L + Z + 1. A label's zeros contribute (its size − its non-zeros) × that rank.
 * Cost: O(nnz) for the radix sort and walk, whatever the number of labels.
 */
import type { CscMatrix } from '../matrix/types.js';
import { float32SortKey, sortBuffers, sortKeysWithPayload } from './sort-keys.js';

export interface RankSums {
  nLabels: number;
  nFeatures: number;
  /** Sum of the ranks (1-based, ties averaged) at [label × nFeatures + feature]. */
  rankSums: Float64Array;
  /** Σ(t³ − t) over the tie blocks of each feature, including the zero block. */
  tieTerms: Float64Array;
}

/** labels[i] ∈ [0, nLabels) is the label of observation i. */
export function rankSumsByLabel(matrix: CscMatrix, labels: Int32Array, nLabels: number): RankSums {
  const { nRows, nCols, indptr, indices, data } = matrix;
  const labelSizes = new Float64Array(nLabels);
  if (labels.length !== nRows) throw new RangeError(`labels has ${labels.length} entries for ${nRows} observations`);
  for (const label of labels) {
    if (!(label >= 0 && label < nLabels)) throw new RangeError(`label ${label} is outside [0, ${nLabels})`);
    labelSizes[label]!++;
  }
  let widest = 0;
  for (let j = 0; j < nCols; j++) widest = Math.max(widest, indptr[j + 1]! - indptr[j]!);
  const buffers = sortBuffers(widest);
  const bits = new Uint32Array(data.buffer, data.byteOffset, data.length);
  const rankSum = new Float64Array(nLabels);
  const nonZeros = new Float64Array(nLabels);
  const out: RankSums = {
    nLabels,
    nFeatures: nCols,
    rankSums: new Float64Array(nLabels * nCols),
    tieTerms: new Float64Array(nCols),
  };
  for (let j = 0; j < nCols; j++) {
    let m = 0;
    let negatives = 0;
    for (let k = indptr[j]!, end = indptr[j + 1]!; k < end; k++) {
      const v = data[k]!;
      if (v === 0) continue;
      if (v < 0) negatives++;
      buffers.keys[m] = float32SortKey(bits[k]!);
      buffers.payload[m] = labels[indices[k]!]!;
      m++;
    }
    const zeros = nRows - m;
    const { keys, payload } = sortKeysWithPayload(buffers, m);
    let tieTerm = zeros * zeros * zeros - zeros;
    for (let i = 0; i < m;) {
      const key = keys[i]!;
      let end = i + 1;
      while (end < m && keys[end] === key) end++;
      const size = end - i;
      const rank = (i < negatives ? i : i + zeros) + (size + 1) / 2;
      tieTerm += size * size * size - size;
      for (let q = i; q < end; q++) {
        const label = payload[q]!;
        rankSum[label]! += rank;
        nonZeros[label]!++;
      }
      i = end;
    }
    const zeroRank = negatives + (zeros + 1) / 2;
    for (let l = 0; l < nLabels; l++) {
      out.rankSums[l * nCols + j] = rankSum[l]! + (labelSizes[l]! - nonZeros[l]!) * zeroRank;
    }
    out.tieTerms[j] = tieTerm;
    rankSum.fill(0);
    nonZeros.fill(0);
  }
  return out;
}
