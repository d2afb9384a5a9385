/**
 * Benjamini–Hochberg adjusted p-values, as statsmodels `multipletests(method='fdr_bh')`, which scanpy's
 * rank_genes_groups uses: sort ascending, p·n/rank, running minimum from the largest p down, capped at 1.
 * Tied p-values get equal adjusted values whatever their order, so the unstable sort is harmless.
 */
export function benjaminiHochberg(pValues: ArrayLike<number>): Float64Array {
  const n = pValues.length;
  const sorted = Float64Array.from(pValues).sort();
  if (n > 0 && Number.isNaN(sorted[n - 1]!)) throw new RangeError('Benjamini–Hochberg: p-values must not be NaN');
  const adjustedSorted = new Float64Array(n);
  let running = 1;
  for (let rank = n; rank >= 1; rank--) {
    running = Math.min(running, (sorted[rank - 1]! * n) / rank);
    adjustedSorted[rank - 1] = running;
  }
  const adjusted = new Float64Array(n);
  for (let i = 0; i < n; i++) adjusted[i] = adjustedSorted[lowerBound(sorted, pValues[i]!)]!;
  return adjusted;
}

/** First position in ascending `sorted` whose value is ≥ v (any position of a tie block has the same adjusted p). */
function lowerBound(sorted: Float64Array, v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
