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
 * NaN. Picking features one by one extends the maker's last mean by the new one (one pass, that feature's non-zero
 * entries added) instead of summing them all again; other means are made afresh, over each column's non-zero entries
 * alone where it came sparse, so a sparse column's dense array is never made for a mean. On a 5M-cell run a gene is
 * non-zero on a tenth of the cells, and nine genes' dense passes were ~60 ms of a 2-core machine's gene pick.
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
    if (columns.length === 1) return columns[0]!.dense;
    const n = columns[0]!.length;
    if (columns.some((c) => c.length !== n)) return freshMean(columns, n);
    // The same columns again (the view asked again, or came back from showing one of them alone): the same mean.
    const again = lastMeanOf(lastMean, columns, n);
    if (again) return again;
    const k = columns.length;
    const last = k > 2 ? lastMeanOf(lastMean, columns.slice(0, -1), n) : null;
    const prefix = k === 2 ? columns[0]!.dense : last;
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

/** Value ranges (finite values' min and max) of means made here in the pass that made them. */
const knownRanges = new WeakMap<Float32Array, [number, number]>();

/**
 * The range of finite values of an array `averageValues` made, when it was known for free (as `valueRange` of
 * @atlas/viz gives it: [0, 0] when there is none); undefined otherwise. Saves a pass over 5M cells per gene pick.
 */
export function knownRange(values: Float32Array): [number, number] | undefined {
  return knownRanges.get(values);
}

/**
 * The mean of k columns from the mean of the first k − 1 and the k-th, written to `out` (which may be `prefix`'s own
 * memory: each element is read before it is written).
 */
function extendMean(prefix: Float32Array, added: FeatureColumn, k: number, out: Float32Array): Float32Array {
  const sparse = added.sparse;
  if (sparse && ascending(sparse.indices)) return extendMeanSparse(prefix, sparse, k, out);
  const keep = (k - 1) / k;
  for (let i = 0; i < prefix.length; i++) out[i] = prefix[i]! * keep;
  addScaled(out, added, 1 / k);
  return out;
}

/**
 * `extendMean` for a feature that came sparse with ascending indices: one pass that scales the prefix, adds the
 * feature's entries in step and keeps the range.
 */
function extendMeanSparse(prefix: Float32Array, added: SparseValues, k: number, out: Float32Array): Float32Array {
  const n = prefix.length;
  const keep = (k - 1) / k;
  const scale = 1 / k;
  const { indices, values } = added;
  let q = 0;
  let next = indices.length ? indices[0]! : n;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    let v = prefix[i]! * keep;
    if (i === next) {
      v += values[q]! * scale;
      next = ++q < indices.length ? indices[q]! : n;
    }
    // The range of the values as stored (float32), as a later valueRange would read them.
    v = Math.fround(v);
    out[i] = v;
    if (!Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  knownRanges.set(out, Number.isFinite(lo) ? [lo, hi] : [0, 0]);
  return out;
}

function ascending(indices: Uint32Array): boolean {
  for (let q = 1; q < indices.length; q++) if (indices[q]! <= indices[q - 1]!) return false;
  return true;
}

function freshMean(columns: readonly FeatureColumn[], n: number): Float32Array {
  const out = new Float32Array(n);
  for (const c of columns) addScaled(out, c, 1 / columns.length);
  return out;
}

/** out += column × scale, over its non-zero entries alone when it came sparse. */
function addScaled(out: Float32Array, column: FeatureColumn, scale: number): void {
  const sparse = column.length === out.length ? column.sparse : null;
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
