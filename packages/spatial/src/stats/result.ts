/**
 * The result of one group-vs-rest ranking, shared by the Welch and Wilcoxon tests. It is stored by column
 * (one typed array per statistic, position = feature index): 30k features stay four small buffers that can
 * be transferred to a worker or sent as binary, and `deRows` gives the per-feature objects when wanted.
 */
import type { LabelMoments } from './moments.js';
export interface DeResult {
  method: 't-test' | 'wilcoxon';
  /** Observations in the group and in the rest. */
  nGroup: number;
  nRest: number;
  scores: Float64Array;
  /** log2 fold change of the group over the rest, scanpy's definition (see `log2FoldChanges`). */
  logFoldChanges: Float64Array;
  pValues: Float64Array;
  /** Benjamini–Hochberg over all features. */
  pAdj: Float64Array;
  /** Mean of the values (log space) in the group and in the rest. */
  meanGroup: Float64Array;
  meanRest: Float64Array;
  /**
   * Fraction of the group's and of the rest's observations with a non-zero value: scanpy's rank_genes_groups
   * `pts` and `pts_rest` (`X != 0`), the dot plot's fraction for non-negative data.
   */
  fractionGroup: Float64Array;
  fractionRest: Float64Array;
}

export interface DeRow {
  index: number;
  score: number;
  logFoldChange: number;
  pValue: number;
  pAdj: number;
}

export function deRow(result: DeResult, index: number): DeRow {
  return {
    index,
    score: result.scores[index]!,
    logFoldChange: result.logFoldChanges[index]!,
    pValue: result.pValues[index]!,
    pAdj: result.pAdj[index]!,
  };
}

/** Every feature, in feature order. */
export function deRows(result: DeResult): DeRow[] {
  return Array.from({ length: result.scores.length }, (_, i) => deRow(result, i));
}

/**
 * The n features with the highest score (direction 1, enriched) or the lowest (direction −1, depleted).
 * Ties keep feature order (lower index first), which is what a stable argsort of ∓score gives and what the
 * scanpy-equivalent references contain; numpy's default quicksort would shuffle large tie blocks.
 */
export function topFeatures(result: DeResult, n: number, direction: 1 | -1 = 1): DeRow[] {
  return topIndices(result.scores, n, direction).map((i) => deRow(result, i));
}

/** Indices of the n best scores in the given direction, stable on ties; O(F·n) for small n, a sort otherwise. */
export function topIndices(scores: Float64Array, n: number, direction: 1 | -1 = 1): number[] {
  const count = Math.max(0, Math.min(Math.floor(n), scores.length));
  const better = (a: number, b: number): boolean => (direction === 1 ? a > b : a < b);
  if (count > 64) {
    const order = Array.from({ length: scores.length }, (_, i) => i);
    order.sort((a, b) => (better(scores[a]!, scores[b]!) ? -1 : better(scores[b]!, scores[a]!) ? 1 : a - b));
    return order.slice(0, count);
  }
  const top: number[] = [];
  for (let i = 0; i < scores.length && count > 0; i++) {
    const s = scores[i]!;
    if (top.length === count && !better(s, scores[top[count - 1]!]!)) continue;
    // Insert after every kept score at least as good: earlier features win ties.
    let at = top.length;
    while (at > 0 && better(s, scores[top[at - 1]!]!)) at--;
    top.splice(at, 0, i);
    if (top.length > count) top.pop();
  }
  return top;
}

/**
 * scanpy's log fold change, log2((expm1(mean_g) + 1e-9) / (expm1(mean_rest) + 1e-9)), from the means of the
 * log-normalised values: rank_genes_groups' default (`mean_in_log_space=True`, the legacy behaviour).
 */
export function log2FoldChange(meanGroup: number, meanRest: number): number {
  return Math.log2((Math.expm1(meanGroup) + 1e-9) / (Math.expm1(meanRest) + 1e-9));
}

/** The same with the means of expm1(x) taken directly (scanpy `mean_in_log_space=False`). */
function log2FoldChangeOfExpm1Means(meanExpm1Group: number, meanExpm1Rest: number): number {
  return Math.log2((meanExpm1Group + 1e-9) / (meanExpm1Rest + 1e-9));
}

/** An empty result whose statistics the test fills in. */
export function emptyResult(method: DeResult['method'], nGroup: number, nRest: number, nFeatures: number): DeResult {
  return {
    method,
    nGroup,
    nRest,
    scores: new Float64Array(nFeatures),
    logFoldChanges: new Float64Array(nFeatures),
    pValues: new Float64Array(nFeatures),
    pAdj: new Float64Array(nFeatures),
    meanGroup: new Float64Array(nFeatures),
    meanRest: new Float64Array(nFeatures),
    fractionGroup: new Float64Array(nFeatures),
    fractionRest: new Float64Array(nFeatures),
  };
}

/** Group and rest (all other labels pooled) means, fractions expressing and fold changes, as scanpy computes them. */
export function setMeansAndFoldChanges(
  result: DeResult,
  moments: LabelMoments,
  group: number,
  meanInLogSpace: boolean,
): void {
  const { nLabels, nFeatures, sums, expm1Sums, nonZeros } = moments;
  if (!meanInLogSpace && !expm1Sums) throw new Error('fold changes of expm1 means need the expm1 sums');
  const { nGroup, nRest } = result;
  for (let j = 0; j < nFeatures; j++) {
    let sumRest = 0;
    let expm1Rest = 0;
    let nonZerosRest = 0;
    for (let l = 0; l < nLabels; l++) {
      if (l === group) continue;
      sumRest += sums[l * nFeatures + j]!;
      nonZerosRest += nonZeros[l * nFeatures + j]!;
      if (!meanInLogSpace) expm1Rest += expm1Sums![l * nFeatures + j]!;
    }
    const meanGroup = sums[group * nFeatures + j]! / nGroup;
    const meanRest = sumRest / nRest;
    result.meanGroup[j] = meanGroup;
    result.meanRest[j] = meanRest;
    result.fractionGroup[j] = nGroup > 0 ? nonZeros[group * nFeatures + j]! / nGroup : 0;
    result.fractionRest[j] = nRest > 0 ? nonZerosRest / nRest : 0;
    result.logFoldChanges[j] = meanInLogSpace
      ? log2FoldChange(meanGroup, meanRest)
      : log2FoldChangeOfExpm1Means(expm1Sums![group * nFeatures + j]! / nGroup, expm1Rest / nRest);
  }
}
