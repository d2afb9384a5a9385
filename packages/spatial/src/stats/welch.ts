/**
 * Welch's t-test of every feature, one group against the rest: scanpy `rank_genes_groups(method='t-test')`,
 * which calls scipy `ttest_ind_from_stats(equal_var=False)` on per-group means and ddof = 1 variances.
 *   score = (mean_g − mean_rest) / √(var_g/n_g + var_rest/n_rest)
 *   df    = (var_g/n_g + var_rest/n_rest)² / ((var_g/n_g)²/(n_g−1) + (var_rest/n_rest)²/(n_rest−1))
 *   p     = 2·t.sf(|score|, df)
 * Degenerate features follow scipy then scanpy: an undefined df (both variances zero) becomes 1 (scipy's
 * `_unequal_var_ttest_denom`), so different means with zero variances give score ±∞ and p = 0; a NaN score
 * (equal means, zero variances) becomes 0 and its NaN p-value 1 (scanpy's `t_test`), before Benjamini–Hochberg.
 */
import type { Matrix } from '../matrix/types.js';
import { benjaminiHochberg } from './benjamini-hochberg.js';
import { studentTTwoSided } from './distributions.js';
import { groupLabels, requireSizes } from './group.js';
import { labelMoments, type LabelMoments } from './moments.js';
import { emptyResult, setMeansAndFoldChanges, type DeResult } from './result.js';

export interface FoldChangeOptions {
  /** true (default, scanpy's default): fold change of expm1(mean of x); false: of the mean of expm1(x). */
  meanInLogSpace?: boolean;
}

/** Ranks every feature for the observations in `group` (indices, e.g. a lasso selection) against all others. */
export function welchVsRest(matrix: Matrix, group: ArrayLike<number>, options: FoldChangeOptions = {}): DeResult {
  const { labels, nGroup } = groupLabels(matrix.nRows, group);
  requireSizes('t-test', nGroup, matrix.nRows - nGroup, 2);
  const moments = labelMoments(matrix, labels, 2, { expm1Sums: options.meanInLogSpace === false });
  return welchFromMoments(moments, 1, options);
}

/**
 * Label `group` against all other labels pooled. The rest's squared deviations are combined exactly from the
 * per-label ones (Chan et al.'s parallel formula, Σ M2_l + n_l·(mean_l − mean_rest)²), so one pass over the
 * matrix serves every cluster of a cluster-vs-rest ranking.
 */
export function welchFromMoments(moments: LabelMoments, group: number, options: FoldChangeOptions = {}): DeResult {
  const { nLabels, nFeatures, counts, sums, squaredDeviations } = moments;
  const nGroup = counts[group]!;
  const nRest = counts.reduce((a, b) => a + b, 0) - nGroup;
  requireSizes('t-test', nGroup, nRest, 2);
  const result = emptyResult('t-test', nGroup, nRest, nFeatures);
  setMeansAndFoldChanges(result, moments, group, options.meanInLogSpace ?? true);
  for (let j = 0; j < nFeatures; j++) {
    const meanGroup = result.meanGroup[j]!;
    const meanRest = result.meanRest[j]!;
    let deviationRest = 0;
    for (let l = 0; l < nLabels; l++) {
      if (l === group || counts[l] === 0) continue;
      const d = sums[l * nFeatures + j]! / counts[l]! - meanRest;
      deviationRest += squaredDeviations[l * nFeatures + j]! + counts[l]! * d * d;
    }
    const seGroup = squaredDeviations[group * nFeatures + j]! / (nGroup - 1) / nGroup;
    const seRest = deviationRest / (nRest - 1) / nRest;
    const se2 = seGroup + seRest;
    let df = (se2 * se2) / ((seGroup * seGroup) / (nGroup - 1) + (seRest * seRest) / (nRest - 1));
    if (Number.isNaN(df)) df = 1;
    const t = (meanGroup - meanRest) / Math.sqrt(se2);
    result.scores[j] = Number.isNaN(t) ? 0 : t;
    result.pValues[j] = Number.isNaN(t) ? 1 : studentTTwoSided(t, df);
  }
  result.pAdj = benjaminiHochberg(result.pValues);
  return result;
}
