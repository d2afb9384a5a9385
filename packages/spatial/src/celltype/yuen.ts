/**
 * Yuen's trimmed-means t-test with Welch-style degrees of freedom (Yuen 1974), as scipy's
 * `ttest_ind(a, b, trim=0.3, equal_var=False)`: g = ⌊trim·n⌋ values are cut from each end, the statistic
 * compares the trimmed means, and each side's squared standard error is SS_w / (h(h − 1)) where SS_w is the
 * sum of squares of the winsorised sample (the cut values replaced by the nearest kept one) and h = n − 2g.
 */
export interface YuenResult {
  t: number;
  df: number;
  meanA: number;
  meanB: number;
}

function trimmedStats(values: ArrayLike<number>, trim: number): { mean: number; se2: number; h: number } {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  const g = Math.floor(n * trim);
  const h = n - 2 * g;
  let mean = 0;
  for (let i = g; i < n - g; i++) mean += sorted[i]!;
  mean /= h;
  const low = sorted[g]!;
  const high = sorted[n - g - 1]!;
  let winsorMean = 0;
  for (let i = 0; i < n; i++) winsorMean += Math.min(high, Math.max(low, sorted[i]!));
  winsorMean /= n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (Math.min(high, Math.max(low, sorted[i]!)) - winsorMean) ** 2;
  return { mean, se2: ss / (h * (h - 1)), h };
}

/** Yuen–Welch t of a vs b (positive when a's trimmed mean is larger). Needs h ≥ 2 kept values per side. */
export function yuenTest(a: ArrayLike<number>, b: ArrayLike<number>, trim = 0.3): YuenResult {
  if (!(trim >= 0 && trim < 0.5)) throw new RangeError(`trim must be in [0, 0.5), got ${trim}`);
  const sa = trimmedStats(a, trim);
  const sb = trimmedStats(b, trim);
  if (sa.h < 2 || sb.h < 2) {
    throw new RangeError(`Yuen's test needs at least 2 values left after trimming, got ${sa.h} and ${sb.h}`);
  }
  const diff = sa.mean - sb.mean;
  const se2 = sa.se2 + sb.se2;
  const df = (se2 * se2) / ((sa.se2 * sa.se2) / (sa.h - 1) + (sb.se2 * sb.se2) / (sb.h - 1));
  // Both winsorised samples constant: the difference is exact, so the statistic is ±∞ (or NaN for no difference).
  const t = se2 > 0 ? diff / Math.sqrt(se2) : diff === 0 ? NaN : diff * Infinity;
  return { t, df, meanA: sa.mean, meanB: sb.mean };
}
