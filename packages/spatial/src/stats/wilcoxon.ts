/**
 * Wilcoxon rank-sum test of every feature, one group against the rest: scanpy
 * `rank_genes_groups(method='wilcoxon')`, i.e. Mann–Whitney's normal approximation without continuity
 * correction. With R the group's rank sum over all N observations (ties averaged),
 *   z = (R − n_g (N + 1)/2) / √(T · n_g · n_rest · (N + 1)/12),   p = 2·norm.sf(|z|),
 * where T = 1 − Σ(t³ − t)/(N³ − N) with tie correction (scanpy `tie_correct=True`, scipy `mannwhitneyu`
 * asymptotic without continuity) and T = 1 without (scanpy's default). A NaN z (T = 0: every value tied)
 * becomes 0, hence p = 1, as in scanpy.
 */
import type { Matrix } from '../matrix/types.js';
import { benjaminiHochberg } from './benjamini-hochberg.js';
import { toCsc } from '../matrix/ops.js';
import { normalSf } from './distributions.js';
import { groupLabels, requireSizes } from './group.js';
import { labelMoments, type LabelMoments } from './moments.js';
import { rankSumsByLabel, type RankSums } from './rank-sums.js';
import { emptyResult, setMeansAndFoldChanges, type DeResult } from './result.js';
import type { FoldChangeOptions } from './welch.js';

export interface WilcoxonOptions extends FoldChangeOptions {
  /** Tie-corrected variance (default true: DESIGN §6 asks for it; scanpy's own default is false). */
  tieCorrect?: boolean;
}

/** Ranks every feature for the observations in `group` (indices) against all others. */
export function wilcoxonVsRest(matrix: Matrix, group: ArrayLike<number>, options: WilcoxonOptions = {}): DeResult {
  const { labels, nGroup } = groupLabels(matrix.nRows, group);
  requireSizes('wilcoxon', nGroup, matrix.nRows - nGroup, 1);
  const csc = toCsc(matrix);
  const ranks = rankSumsByLabel(csc, labels, 2);
  const moments = labelMoments(csc, labels, 2, { expm1Sums: options.meanInLogSpace === false });
  return wilcoxonFromRankSums(ranks, moments, 1, options);
}

/** Label `group` against all other labels pooled, from rank sums and moments over the same labels. */
export function wilcoxonFromRankSums(
  ranks: RankSums,
  moments: LabelMoments,
  group: number,
  options: WilcoxonOptions = {},
): DeResult {
  const { nFeatures, counts } = moments;
  const tieCorrect = options.tieCorrect ?? true;
  const nObs = counts.reduce((a, b) => a + b, 0);
  const nGroup = counts[group]!;
  const nRest = nObs - nGroup;
  requireSizes('wilcoxon', nGroup, nRest, 1);
  const result = emptyResult('wilcoxon', nGroup, nRest, nFeatures);
  setMeansAndFoldChanges(result, moments, group, options.meanInLogSpace ?? true);
  const tieDenominator = nObs * nObs * nObs - nObs;
  for (let j = 0; j < nFeatures; j++) {
    const tie = tieCorrect ? 1 - ranks.tieTerms[j]! / tieDenominator : 1;
    // scanpy's operation order, so that the scores agree to the last bits.
    const std = Math.sqrt((tie * nGroup * nRest * (nObs + 1)) / 12);
    const z = (ranks.rankSums[group * nFeatures + j]! - nGroup * ((nObs + 1) / 2)) / std;
    const score = Number.isNaN(z) ? 0 : z;
    result.scores[j] = score;
    result.pValues[j] = 2 * normalSf(Math.abs(score));
  }
  result.pAdj = benjaminiHochberg(result.pValues);
  return result;
}
