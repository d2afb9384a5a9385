/**
 * Otsu's threshold of a set of values (tixel or spot mean intensities): the cut that makes the two classes most
 * separate, i.e. maximises the between-class variance w₀·w₁·(μ₀ − μ₁)². Exact for any real values: they are sorted
 * and every cut between two distinct values is tried, so no histogram binning moves the result. The threshold is
 * the midpoint of the best cut: `value < threshold` is the lower (darker) class. Null when the values hold fewer
 * than two distinct levels, where there is nothing to split.
 */
export function otsuThreshold(values: ArrayLike<number>): number | null {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  let total = 0;
  for (let i = 0; i < n; i++) total += sorted[i]!;
  let below = 0;
  let best = -1;
  let threshold: number | null = null;
  for (let k = 1; k < n; k++) {
    const last = sorted[k - 1]!;
    below += last;
    if (last === sorted[k]) continue;
    // n² times the between-class variance: k · (n − k) · (μ₀ − μ₁)², compared only with itself.
    const gap = below / k - (total - below) / (n - k);
    const spread = k * (n - k) * gap * gap;
    if (spread > best) {
      best = spread;
      threshold = (last + sorted[k]!) / 2;
    }
  }
  return threshold;
}
