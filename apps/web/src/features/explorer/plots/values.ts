/**
 * Per-tixel arrays for the plots, pure: averaging several features, category codes in natural order with their
 * counts, and the 0/1 masks of a selection or of highlighted categories.
 */
import type { FeatureColumn, SparseValues } from '@atlas/spatial/feature-values';
import { naturalCompare } from '@atlas/spatial/tixel-table';

/** The last mean a maker made and of which columns. Held weakly: a closed run's genes go with the query cache. */
interface LastMean {
  columns: readonly WeakRef<FeatureColumn>[];
  mean: WeakRef<Float32Array>;
}

/**
 * Element-wise means of equally long feature columns, made one after another for one view; NaN where any input is
 * NaN. Picking features one by one extends the maker's last mean by the new one (one pass that scales it, then that
 * feature's non-zero entries added) instead of summing them all again; other means are made afresh, over each
 * column's non-zero entries alone where it came sparse, so a sparse column's dense array is never made for a mean. On
 * a 5M-cell run a gene is non-zero on a tenth of the cells, and nine genes' dense passes were ~60 ms of a 2-core
 * machine's gene pick.
 *
 * `takeOverLast`: the view shows each mean it asks for in place of the last, so the extended mean is written over the
 * last one's memory (a new array on the same buffer, so the plots see a change). A 5M-cell mean is 20 MB of fresh
 * memory otherwise, and on a machine whose page faults are dear (~15 µs per 4 KiB page here) writing it took 60–80
 * ms of the pick (issue 38). Only the main plots take over: the sample plots share the same columns.
 */
export function meanMaker(options: { takeOverLast: boolean }): (columns: readonly FeatureColumn[]) => Float32Array {
  let lastMean: LastMean | null = null;
  return (columns) => {
    if (columns.length === 0) return new Float32Array(0);
    if (columns.length === 1) return columnValues(columns[0]!);
    const n = columns[0]!.length;
    if (columns.some((c) => c.length !== n)) return freshMean(columns, n);
    // The same columns again (the view asked again, or came back from showing one of them alone): the same mean.
    const again = lastMeanOf(lastMean, columns, n);
    if (again) return again;
    const k = columns.length;
    const last = k > 2 ? lastMeanOf(lastMean, columns.slice(0, -1), n) : null;
    const prefix = k === 2 ? columnValues(columns[0]!) : last;
    const target = () =>
      last && options.takeOverLast ? new Float32Array(last.buffer, last.byteOffset, n) : new Float32Array(n);
    const mean = prefix ? extendMean(prefix, columns[k - 1]!, k, target()) : freshMean(columns, n);
    lastMean = { columns: columns.map((c) => new WeakRef(c)), mean: new WeakRef(mean) };
    return mean;
  };
}

/** A mean of its own made by `meanMaker` (the sample plots, tests). */
export const averageValues = meanMaker({ takeOverLast: false });

/** The last mean made, when it is the mean of exactly `columns`. */
function lastMeanOf(last: LastMean | null, columns: readonly FeatureColumn[], n: number): Float32Array | null {
  const mean = last?.mean.deref();
  if (!last || !mean || last.columns.length !== columns.length || mean.length !== n) return null;
  return last.columns.every((c, i) => c.deref() === columns[i]) ? mean : null;
}

/**
 * The finite values' range with how many values lie on each end. A mean extended by a sparse feature keeps its range
 * from these and the feature's entries, without a pass over every tixel: a min/max pass over 5M cells was ~50 ms of a
 * 2-core machine's gene pick (sparse data defeats the branch predictor), the scaling and the entries ~7 ms. The counts
 * are never above the true ones (a shortfall costs one pass, never a wrong range).
 */
interface RangeStats {
  lo: number;
  hi: number;
  loCount: number;
  hiCount: number;
}

/** Range statistics of arrays made or handed out here, from the pass or the entries that made them. */
const knownStats = new WeakMap<Float32Array, RangeStats>();

/**
 * The range of finite values of an array this module made or handed out, when it was known for free (as
 * `valueRange` of @atlas/viz gives it: [0, 0] when there is none); undefined otherwise. Saves a pass over 5M cells per
 * gene pick.
 */
export function knownRange(values: Float32Array): [number, number] | undefined {
  const stats = knownStats.get(values);
  if (!stats) return undefined;
  return stats.loCount > 0 ? [stats.lo, stats.hi] : [0, 0];
}

/** One feature's values per tixel, its range known from its non-zero entries where it came sparse. */
export function columnValues(column: FeatureColumn): Float32Array {
  const dense = column.dense;
  if (!knownStats.has(dense)) {
    const stats = sparseStats(column);
    if (stats) knownStats.set(dense, stats);
  }
  return dense;
}

/**
 * Whether a sparse column's indices ascend strictly (each tixel once), and its range statistics once asked for: a
 * mean needs only the first, a gene shown alone the second (a pass over its entries: ~4 ms per 5M-cell gene here).
 */
interface SparseInfo {
  strict: boolean;
  stats?: RangeStats | null;
}
const sparseInfos = new WeakMap<FeatureColumn, SparseInfo>();

/** One pass over a sparse column's indices (memoised); null for a dense column. */
function sparseInfo(column: FeatureColumn): SparseInfo | null {
  const sparse = column.sparse;
  if (!sparse) return null;
  let info = sparseInfos.get(column);
  if (info) return info;
  const { indices } = sparse;
  let strict = true;
  for (let q = 1; q < indices.length && strict; q++) strict = indices[q]! > indices[q - 1]!;
  info = { strict };
  sparseInfos.set(column, info);
  return info;
}

/** A sparse column's range statistics from its entries (memoised); null when dense or a tixel is named twice. */
function sparseStats(column: FeatureColumn): RangeStats | null {
  const info = sparseInfo(column);
  if (!info?.strict) return null;
  if (info.stats === undefined) {
    // The tixels no entry names hold 0.
    const stats = foldRange(emptyStats(), column.sparse!.values);
    if (column.sparse!.indices.length < column.length)
      foldValue(stats, 0, column.length - column.sparse!.indices.length);
    info.stats = stats;
  }
  return info.stats;
}

/** Range statistics of an array, from its pass when this module did not make it. */
function statsOf(values: Float32Array): RangeStats {
  let stats = knownStats.get(values);
  if (!stats) knownStats.set(values, (stats = foldRange(emptyStats(), values)));
  return stats;
}

const emptyStats = (): RangeStats => ({ lo: Infinity, hi: -Infinity, loCount: 0, hiCount: 0 });

/** Folds every finite value of `values` into `stats`. */
function foldRange(stats: RangeStats, values: Float32Array): RangeStats {
  let { lo, hi, loCount, hiCount } = stats;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!(v > -Infinity && v < Infinity)) continue;
    if (v < lo) {
      lo = v;
      loCount = 1;
    } else if (v === lo) loCount++;
    if (v > hi) {
      hi = v;
      hiCount = 1;
    } else if (v === hi) hiCount++;
  }
  return Object.assign(stats, { lo, hi, loCount, hiCount });
}

/** Folds a finite value held by `times` tixels into `stats`. */
function foldValue(stats: RangeStats, v: number, times: number): void {
  if (!(v > -Infinity && v < Infinity) || times <= 0) return;
  if (v < stats.lo) Object.assign(stats, { lo: v, loCount: times });
  else if (v === stats.lo) stats.loCount += times;
  if (v > stats.hi) Object.assign(stats, { hi: v, hiCount: times });
  else if (v === stats.hi) stats.hiCount += times;
}

/**
 * The mean of k columns from the mean of the first k − 1 and the k-th, written to `out` (which may be `prefix`'s own
 * memory: each element is read before it is written), its range statistics kept.
 */
function extendMean(prefix: Float32Array, added: FeatureColumn, k: number, out: Float32Array): Float32Array {
  const keep = (k - 1) / k;
  for (let i = 0; i < prefix.length; i++) out[i] = prefix[i]! * keep;
  const info = sparseInfo(added);
  if (info?.strict) {
    const stats = addEntries(out, statsOf(prefix), keep, added.sparse!, 1 / k);
    knownStats.set(out, stats ?? foldRange(emptyStats(), out));
  } else addScaled(out, added, 1 / k);
  return out;
}

/**
 * Adds a sparse feature's entries × `scale` to `scaled` (the last mean × `keep`) and returns the new range statistics,
 * or null when they need a pass. Values not among the entries were scaled alike, so they lie within the last ends
 * scaled, on them as often as the last counts less the entries taken off them say (at least). An end is lost only
 * when every value on it was among the entries and the entries' own values stay inside it: with expression values
 * (never negative) the top end never is, so a pick no longer passes over every cell when the new gene touches the
 * last mean's top cell (on the 5M-cell run a gene's entries took it in about half of the picks: a 20 ms pass each).
 */
function addEntries(
  scaled: Float32Array,
  last: RangeStats,
  keep: number,
  added: SparseValues,
  scale: number,
): RangeStats | null {
  const lo = Math.fround(last.lo * keep);
  const hi = Math.fround(last.hi * keep);
  let loTaken = 0;
  let hiTaken = 0;
  const entries = emptyStats();
  const { indices, values } = added;
  for (let q = 0; q < indices.length; q++) {
    const i = indices[q]!;
    const s = scaled[i]!;
    if (s === lo) loTaken++;
    if (s === hi) hiTaken++;
    const v = Math.fround(s + values[q]! * scale);
    scaled[i] = v;
    foldValue(entries, v, 1);
  }
  const stats = { lo, hi, loCount: Math.max(last.loCount - loTaken, 0), hiCount: Math.max(last.hiCount - hiTaken, 0) };
  if (entries.loCount > 0) {
    if (entries.lo < lo) Object.assign(stats, { lo: entries.lo, loCount: entries.loCount });
    else if (entries.lo === lo) stats.loCount += entries.loCount;
    if (entries.hi > hi) Object.assign(stats, { hi: entries.hi, hiCount: entries.hiCount });
    else if (entries.hi === hi) stats.hiCount += entries.hiCount;
  }
  return stats.loCount > 0 && stats.hiCount > 0 ? stats : null;
}

function freshMean(columns: readonly FeatureColumn[], n: number): Float32Array {
  const out = new Float32Array(n);
  for (const c of columns) addScaled(out, c, 1 / columns.length);
  return out;
}

/** out += column × scale, over its non-zero entries alone when it came sparse (each tixel once). */
function addScaled(out: Float32Array, column: FeatureColumn, scale: number): void {
  const sparse = column.length === out.length && sparseInfo(column)?.strict ? column.sparse : null;
  if (sparse) {
    const { indices, values } = sparse;
    for (let q = 0; q < indices.length; q++) out[indices[q]!]! += values[q]! * scale;
    return;
  }
  const a = column.dense;
  const m = Math.min(out.length, a.length);
  for (let i = 0; i < m; i++) out[i]! += a[i]! * scale;
}

/** Category labels → codes 0..k-1 (natural order of the labels) as floats for the shader, plus the labels and counts. */
export function categoryCodes(labels: readonly string[]): { codes: Float32Array; names: string[]; counts: number[] } {
  const names = [...new Set(labels)].sort(naturalCompare);
  const index = new Map(names.map((name, i) => [name, i]));
  const codes = new Float32Array(labels.length);
  const counts = new Array<number>(names.length).fill(0);
  for (let i = 0; i < labels.length; i++) {
    const c = index.get(labels[i]!)!;
    codes[i] = c;
    counts[c]!++;
  }
  return { codes, names, counts };
}

/**
 * `categoryCodes` for a column that arrives as its distinct values and a code per tixel (the binary tixel table);
 * `ordered` when the table lists the names in natural order already (then nothing is sorted here).
 */
export function naturalCategories(
  column: { names: readonly string[]; codes: ArrayLike<number> },
  ordered = false,
): { codes: Float32Array; names: string[]; counts: number[] } {
  const names = ordered ? [...column.names] : [...new Set(column.names)].sort(naturalCompare);
  const index = new Map(names.map((name, i) => [name, i]));
  const remap = column.names.map((name) => index.get(name)!);
  const codes = new Float32Array(column.codes.length);
  const counts = new Array<number>(names.length).fill(0);
  for (let i = 0; i < codes.length; i++) {
    const c = remap[column.codes[i]!]!;
    codes[i] = c;
    counts[c]!++;
  }
  return { codes, names, counts };
}

/** 0/1 per tixel: 1 where the tixel's code is one of `codes`. */
export function maskOfCodes(codes: Float32Array, chosen: ReadonlySet<number>): Uint8Array {
  const out = new Uint8Array(codes.length);
  for (let i = 0; i < codes.length; i++) out[i] = chosen.has(codes[i]!) ? 1 : 0;
  return out;
}

/** 0/1 per tixel from a list of indices (out-of-range indices ignored). */
export function maskOfIndices(indices: readonly number[], n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (const i of indices) if (i >= 0 && i < n) out[i] = 1;
  return out;
}
