/**
 * Summaries of one feature's values across groups of tixels, for the distribution plots (violin, dot plot, marker
 * heatmap), with scanpy's definitions: a group's mean is over all its tixels, its fraction expressing is the share
 * with a value > 0 (sc.pl.dotplot, expression_cutoff 0, mean_only_expressed False), a matrix of means is scaled per
 * feature to [0, 1] (standard_scale='var'), and a violin's density is scipy's gaussian_kde with Scott's bandwidth,
 * its quartiles numpy's linear percentiles. Groups are lists of tixel indices, so overlapping annotations work as
 * clusters do.
 */

/** The tixels of each group of a code column (codes outside [0, groups) belong to none). */
export function membersOfCodes(codes: ArrayLike<number>, groups: number): Int32Array[] {
  const counts = new Int32Array(groups);
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    if (code >= 0 && code < groups) counts[code | 0]!++;
  }
  const members = Array.from(counts, (count) => new Int32Array(count));
  const filled = new Int32Array(groups);
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    if (code >= 0 && code < groups) members[code | 0]![filled[code | 0]!++] = i;
  }
  return members;
}

export interface DotSummary {
  count: number;
  /** Fraction of the group's tixels with a value > 0. */
  fraction: number;
  /** Mean over all the group's tixels (0 for an empty group). */
  mean: number;
}

/** A dot plot's two numbers per group. */
export function dotSummaries(values: ArrayLike<number>, members: readonly ArrayLike<number>[]): DotSummary[] {
  return members.map((group) => {
    let sum = 0;
    let expressing = 0;
    for (let k = 0; k < group.length; k++) {
      const v = values[group[k]!]!;
      sum += v;
      if (v > 0) expressing++;
    }
    const count = group.length;
    return { count, fraction: count ? expressing / count : 0, mean: count ? sum / count : 0 };
  });
}

/**
 * Feature × group means scaled per feature to [0, 1] (scanpy's standard_scale='var': minus the row's minimum,
 * over the row's new maximum; a flat row stays 0).
 */
export function scaleRows(means: readonly (readonly number[])[]): number[][] {
  return means.map((row) => {
    const min = Math.min(...row);
    const span = Math.max(...row) - min;
    return row.map((v) => (span > 0 ? (v - min) / span : 0));
  });
}

export interface Quartiles {
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
}

/** numpy.percentile's default ('linear'): position q·(n−1) in the sorted values. */
function percentile(sorted: Float64Array, q: number): number {
  const position = q * (sorted.length - 1);
  const lo = Math.floor(position);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (position - lo);
}

export interface Violin {
  count: number;
  /** Density at each grid point (scipy gaussian_kde's units: integrates to 1); all 0 for an empty group. */
  density: Float64Array;
  quartiles: Quartiles | null;
}

export interface ViolinSet {
  /** The shared value grid, from the smallest to the largest value in any group. */
  grid: Float64Array;
  violins: Violin[];
}

/** Up to this many value·grid products the density is summed exactly; above, from a fine histogram. */
const EXACT_WORK = 4_000_000;
const HISTOGRAM_BINS = 1024;
const INV_SQRT_2PI = 0.3989422804014327;

/** Σ_k w_k φ((x − c_k)/h) / (n h) at each grid point, over centres c with weights w. */
function gaussianSum(
  grid: Float64Array,
  centres: ArrayLike<number>,
  weights: ArrayLike<number> | null,
  n: number,
  h: number,
) {
  const density = new Float64Array(grid.length);
  const scale = INV_SQRT_2PI / (n * h);
  for (let g = 0; g < grid.length; g++) {
    let sum = 0;
    for (let k = 0; k < centres.length; k++) {
      const w = weights ? weights[k]! : 1;
      if (w === 0) continue;
      const z = (grid[g]! - centres[k]!) / h;
      if (z > -9 && z < 9) sum += w * Math.exp(-0.5 * z * z);
    }
    density[g] = sum * scale;
  }
  return density;
}

/** The Gaussian KDE of `sorted` (Scott's factor n^(−1/5) times the sample standard deviation, as scipy's). */
function kde(sorted: Float64Array, grid: Float64Array): Float64Array {
  const n = sorted.length;
  let mean = 0;
  for (const v of sorted) mean += v;
  mean /= n;
  let ss = 0;
  for (const v of sorted) ss += (v - mean) ** 2;
  const sd = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
  const h = sd * n ** -0.2;
  if (!(h > 0)) {
    // Every value equal: the density is a spike, drawn at the nearest grid point.
    const spike = new Float64Array(grid.length);
    let nearest = 0;
    grid.forEach((x, g) => (Math.abs(x - sorted[0]!) < Math.abs(grid[nearest]! - sorted[0]!) ? (nearest = g) : 0));
    spike[nearest] = 1;
    return spike;
  }
  if (n * grid.length <= EXACT_WORK) return gaussianSum(grid, sorted, null, n, h);
  // Binned: each value moved at most half a bin, far below the bandwidth for the group sizes that get here.
  const lo = sorted[0]!;
  const width = (sorted[n - 1]! - lo) / HISTOGRAM_BINS || 1;
  const counts = new Float64Array(HISTOGRAM_BINS);
  for (const v of sorted) counts[Math.min(HISTOGRAM_BINS - 1, Math.floor((v - lo) / width))]!++;
  const centres = Float64Array.from({ length: HISTOGRAM_BINS }, (_, b) => lo + (b + 0.5) * width);
  return gaussianSum(grid, centres, counts, n, h);
}

/** Violins of one feature over the groups, on a shared grid of `points` values. */
export function violins(values: ArrayLike<number>, members: readonly ArrayLike<number>[], points = 64): ViolinSet {
  const sortedGroups = members.map((group) => Float64Array.from(group, (i) => values[i]!).sort());
  let lo = Infinity;
  let hi = -Infinity;
  for (const s of sortedGroups) {
    if (!s.length) continue;
    lo = Math.min(lo, s[0]!);
    hi = Math.max(hi, s[s.length - 1]!);
  }
  if (!Number.isFinite(lo)) return { grid: new Float64Array(0), violins: members.map(() => emptyViolin(0)) };
  const span = hi - lo;
  const grid = Float64Array.from({ length: points }, (_, g) => (span > 0 ? lo + (span * g) / (points - 1) : lo));
  const out = sortedGroups.map((sorted) => {
    if (!sorted.length) return emptyViolin(points);
    const quartiles: Quartiles = {
      min: sorted[0]!,
      q1: percentile(sorted, 0.25),
      median: percentile(sorted, 0.5),
      q3: percentile(sorted, 0.75),
      max: sorted[sorted.length - 1]!,
    };
    return { count: sorted.length, density: kde(sorted, grid), quartiles };
  });
  return { grid, violins: out };
}

function emptyViolin(points: number): Violin {
  return { count: 0, density: new Float64Array(points), quartiles: null };
}
