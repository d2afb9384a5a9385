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

/**
 * Rearranges a[lo..hi] (inclusive) so that a[k] holds the value it would have sorted, smaller or equal values
 * before it and greater or equal after (Hoare's quickselect, middle pivot). Sorting a 500,000-tixel group took
 * 0.2–0.3 s on the bench machine; three selections take a small part of that.
 */
function selectKth(a: Float64Array, k: number, lo: number, hi: number): void {
  while (hi > lo) {
    const pivot = a[(lo + hi) >>> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/** Smallest of a[lo..hi]. */
function minOf(a: Float64Array, lo: number, hi: number): number {
  let m = Infinity;
  for (let i = lo; i <= hi; i++) if (a[i]! < m) m = a[i]!;
  return m;
}

/**
 * numpy.percentile's default ('linear'): position q·(n−1) in the sorted values, interpolated between the two
 * order statistics around it. `a` is rearranged; the selections of q ascending reuse the previous partitions.
 */
function quartilesOf(a: Float64Array, min: number, max: number): Quartiles {
  const n = a.length;
  const at = (q: number, lo: number) => {
    const position = q * (n - 1);
    const k = Math.floor(position);
    selectKth(a, k, lo, n - 1);
    const low = a[k]!;
    const high = k + 1 < n ? minOf(a, k + 1, n - 1) : low;
    return { value: low + (high - low) * (position - k), k };
  };
  const q1 = at(0.25, 0);
  const median = at(0.5, q1.k);
  const q3 = at(0.75, median.k);
  return { min, q1: q1.value, median: median.value, q3: q3.value, max };
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

/**
 * Up to this many value·grid products (4,000 values at 64 points) the density is summed exactly; above, from a
 * 512-bin histogram (32,768 products whatever the group's size): 40 groups of a 500,000-tixel run took 3.3 s
 * summed exactly (`npm run bench -- groups`), and the binned sum is within 1 % of it (group-summaries.test.ts).
 */
const EXACT_WORK = 256_000;
const HISTOGRAM_BINS = 512;
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

/** The Gaussian KDE of `values` (Scott's factor n^(−1/5) times the sample standard deviation, as scipy's). */
function kde(values: Float64Array, min: number, max: number, grid: Float64Array): Float64Array {
  const n = values.length;
  let mean = 0;
  for (const v of values) mean += v;
  mean /= n;
  let ss = 0;
  for (const v of values) ss += (v - mean) ** 2;
  const sd = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
  const h = sd * n ** -0.2;
  if (!(h > 0)) {
    // Every value equal: the density is a spike, drawn at the nearest grid point.
    const spike = new Float64Array(grid.length);
    let nearest = 0;
    grid.forEach((x, g) => (Math.abs(x - min) < Math.abs(grid[nearest]! - min) ? (nearest = g) : 0));
    spike[nearest] = 1;
    return spike;
  }
  if (n * grid.length <= EXACT_WORK) return gaussianSum(grid, values, null, n, h);
  // Binned: each value moved at most half a bin, far below the bandwidth for the group sizes that get here.
  const lo = min;
  const width = (max - lo) / HISTOGRAM_BINS || 1;
  const counts = new Float64Array(HISTOGRAM_BINS);
  for (const v of values) counts[Math.min(HISTOGRAM_BINS - 1, Math.floor((v - lo) / width))]!++;
  const centres = Float64Array.from({ length: HISTOGRAM_BINS }, (_, b) => lo + (b + 0.5) * width);
  return gaussianSum(grid, centres, counts, n, h);
}

/** Violins of one feature over the groups, on a shared grid of `points` values. */
export function violins(values: ArrayLike<number>, members: readonly ArrayLike<number>[], points = 64): ViolinSet {
  const groups = members.map((group) => {
    const own = new Float64Array(group.length);
    let min = Infinity;
    let max = -Infinity;
    for (let k = 0; k < group.length; k++) {
      const v = values[group[k]!]!;
      own[k] = v;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    return { own, min, max };
  });
  const lo = Math.min(...groups.map((g) => g.min));
  const hi = Math.max(...groups.map((g) => g.max));
  if (!Number.isFinite(lo)) return { grid: new Float64Array(0), violins: members.map(() => emptyViolin(0)) };
  const span = hi - lo;
  const grid = Float64Array.from({ length: points }, (_, g) => (span > 0 ? lo + (span * g) / (points - 1) : lo));
  const out = groups.map(({ own, min, max }) => {
    if (!own.length) return emptyViolin(points);
    // The density first: the quartiles' selections rearrange the values.
    const density = kde(own, min, max, grid);
    return { count: own.length, density, quartiles: quartilesOf(own, min, max) };
  });
  return { grid, violins: out };
}

function emptyViolin(points: number): Violin {
  return { count: 0, density: new Float64Array(points), quartiles: null };
}
