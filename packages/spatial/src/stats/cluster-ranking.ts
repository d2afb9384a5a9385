/**
 * Every cluster against the rest (scanpy `rank_genes_groups(groupby, reference='rest')`) and the explorer's
 * `topTen_{kind}.json` (DESIGN §6). One pass over the matrix serves all clusters: per-label moments for the
 * t-test, per-label rank sums for the rank-sum test (the ranks do not depend on the grouping).
 */
import type { Matrix } from '../matrix/types.js';
import { toCsc } from '../matrix/ops.js';
import { labelMoments } from './moments.js';
import { rankSumsByLabel } from './rank-sums.js';
import { topIndices, type DeResult } from './result.js';
import { welchFromMoments } from './welch.js';
import { wilcoxonFromRankSums, type WilcoxonOptions } from './wilcoxon.js';

/** A label per observation, or an AnnData categorical (code −1: missing). Missing labels join every rest. */
export type ClusterLabels =
  readonly (string | null | undefined)[] | { codes: ArrayLike<number>; categories: readonly string[] };

export interface ClusterRankingOptions extends WilcoxonOptions {
  /** 't-test' (default: the original system's method for topTen) or 'wilcoxon'. */
  method?: 't-test' | 'wilcoxon';
}

export interface ClusterRanking {
  cluster: string;
  nObs: number;
  /**
   * null when the method cannot test the cluster: the t-test needs two observations in the cluster and in the
   * rest (scanpy raises instead; the t-test references skip such groups), the rank-sum test one.
   */
  result: DeResult | null;
}

export interface TopTen {
  /** rows × clusters: row r holds the r-th most enriched feature name of each cluster. */
  '1': string[][];
  /** The same for the most depleted (lowest scores). */
  '-1': string[][];
}

/** Rankings of every cluster present in `labels`, in natural order (C1, C2, …, C10). */
export function rankClusters(
  matrix: Matrix,
  labels: ClusterLabels,
  options: ClusterRankingOptions = {},
): ClusterRanking[] {
  const names = labelNames(labels, matrix.nRows);
  const clusters = [...new Set(names.filter((n): n is string => n !== null))].sort(naturalCompare);
  const index = new Map(clusters.map((c, i) => [c, i]));
  const unlabelled = clusters.length;
  const obsLabels = Int32Array.from(names, (n) => (n === null ? unlabelled : index.get(n)!));
  const nLabels = clusters.length + 1;
  const expm1Sums = options.meanInLogSpace === false;

  if ((options.method ?? 't-test') === 't-test') {
    const moments = labelMoments(matrix, obsLabels, nLabels, { expm1Sums });
    return clusters.map((cluster, g) => {
      const nObs = moments.counts[g]!;
      const testable = nObs >= 2 && matrix.nRows - nObs >= 2;
      return { cluster, nObs, result: testable ? welchFromMoments(moments, g, options) : null };
    });
  }
  const csc = toCsc(matrix);
  const ranks = rankSumsByLabel(csc, obsLabels, nLabels);
  const moments = labelMoments(csc, obsLabels, nLabels, { expm1Sums });
  return clusters.map((cluster, g) => {
    const nObs = moments.counts[g]!;
    const testable = nObs >= 1 && matrix.nRows - nObs >= 1;
    return { cluster, nObs, result: testable ? wilcoxonFromRankSums(ranks, moments, g, options) : null };
  });
}

/**
 * `topTen_{kind}.json`: for "1" the n highest-scoring feature names of each cluster, for "-1" the n lowest,
 * as rows × clusters in the rankings' order. A cluster the test could not rank gets empty names, so that
 * column c stays cluster c.
 */
export function topTen(rankings: readonly ClusterRanking[], featureNames: readonly string[], n = 10): TopTen {
  const column = (ranking: ClusterRanking, direction: 1 | -1): string[] => {
    if (!ranking.result) return [];
    if (ranking.result.scores.length !== featureNames.length) {
      throw new RangeError(`${featureNames.length} feature names for ${ranking.result.scores.length} features`);
    }
    return topIndices(ranking.result.scores, n, direction).map((i) => featureNames[i]!);
  };
  const rows = Math.min(n, featureNames.length);
  const table = (direction: 1 | -1): string[][] => {
    const columns = rankings.map((r) => column(r, direction));
    return Array.from({ length: rows }, (_, r) => columns.map((c) => c[r] ?? ''));
  };
  return { '1': table(1), '-1': table(-1) };
}

/**
 * Natural order: digit runs compare as numbers, so C2 < C10; other runs compare by code unit (not by locale,
 * so the order is the same on every machine). Numerically equal names ("C01", "C1") fall back to plain order.
 */
export function naturalCompare(a: string, b: string): number {
  const ta = a.match(/\d+|\D+/g) ?? [];
  const tb = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(ta.length, tb.length); i++) {
    const x = ta[i]!;
    const y = tb[i]!;
    if (isDigits(x) && isDigits(y)) {
      const xs = x.replace(/^0+(?=\d)/, '');
      const ys = y.replace(/^0+(?=\d)/, '');
      if (xs.length !== ys.length) return xs.length - ys.length;
      if (xs !== ys) return xs < ys ? -1 : 1;
    } else if (x !== y) {
      return x < y ? -1 : 1;
    }
  }
  if (ta.length !== tb.length) return ta.length - tb.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

function isDigits(s: string): boolean {
  return s.charCodeAt(0) >= 48 && s.charCodeAt(0) <= 57;
}

function labelNames(labels: ClusterLabels, nObs: number): (string | null)[] {
  if ('codes' in labels) {
    const { codes, categories } = labels;
    if (codes.length !== nObs) throw new RangeError(`${codes.length} labels for ${nObs} observations`);
    return Array.from(codes, (code) => categories[code] ?? null);
  }
  if (labels.length !== nObs) throw new RangeError(`${labels.length} labels for ${nObs} observations`);
  return labels.map((label) => label ?? null);
}
