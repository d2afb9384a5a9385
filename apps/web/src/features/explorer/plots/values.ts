/**
 * Per-tixel arrays for the plots, pure: averaging several features, category codes in natural order with their
 * counts, and the 0/1 masks of a selection or of highlighted categories.
 */
import type { SparseValues } from '@atlas/spatial/feature-values';
import { naturalCompare } from '@atlas/spatial/tixel-table';

/** The non-zero entries a dense array was made from (a sparse get_summation answer), kept beside it. */
const sparseForms = new WeakMap<Float32Array, SparseValues>();

/** Keeps the sparse form `dense` was made from, so that averaging it visits its non-zero entries alone. */
export function keepSparseForm(dense: Float32Array, sparse: SparseValues): Float32Array {
  sparseForms.set(dense, sparse);
  return dense;
}

/**
 * The last mean `averageValues` made and of which arrays: a pick that adds one feature extends it. Held weakly: after a
 * run is closed its genes' arrays (20 MB each at 5M cells) go with the query cache, not with this.
 */
let lastMean: { arrays: readonly WeakRef<Float32Array>[]; mean: WeakRef<Float32Array> } | null = null;

/**
 * Element-wise mean of equally long arrays (one per feature); NaN where any input is NaN. Picking features one by one
 * extends the last mean by the new one (one pass, that feature's non-zero entries added) instead of summing them all
 * again; other means are made afresh, over each array's non-zero entries alone where it came sparse. On a 5M-cell run
 * a gene is non-zero on a tenth of the cells, and nine genes' dense passes were ~60 ms of a 2-core machine's gene
 * pick (issue 38).
 */
export function averageValues(arrays: readonly Float32Array[]): Float32Array {
  if (arrays.length === 0) return new Float32Array(0);
  if (arrays.length === 1) return arrays[0]!;
  const n = arrays[0]!.length;
  const prefix = meanOfPrefix(arrays, n);
  const mean = prefix ? extendMean(prefix, arrays[arrays.length - 1]!, arrays.length) : freshMean(arrays, n);
  lastMean = { arrays: arrays.map((a) => new WeakRef(a)), mean: new WeakRef(mean) };
  return mean;
}

/** The mean of all but the last of `arrays`, when it is at hand: the first array itself, or the last mean made. */
function meanOfPrefix(arrays: readonly Float32Array[], n: number): Float32Array | null {
  const k = arrays.length - 1;
  if (arrays.some((a) => a.length !== n)) return null;
  if (k === 1) return arrays[0]!;
  const last = lastMean;
  const mean = last?.mean.deref();
  if (!last || !mean || last.arrays.length !== k || mean.length !== n) return null;
  return last.arrays.every((a, i) => a.deref() === arrays[i]) ? mean : null;
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

/** The mean of k arrays from the mean of the first k − 1 and the k-th. */
function extendMean(prefix: Float32Array, added: Float32Array, k: number): Float32Array {
  const sparse = sparseForms.get(added);
  if (sparse && ascending(sparse.indices)) return extendMeanSparse(prefix, sparse, k);
  const out = new Float32Array(prefix.length);
  const keep = (k - 1) / k;
  for (let i = 0; i < prefix.length; i++) out[i] = prefix[i]! * keep;
  addScaled(out, added, 1 / k);
  return out;
}

/**
 * `extendMean` for a feature that came sparse with ascending indices: one pass that scales the prefix, adds the
 * feature's entries in step and keeps the range.
 */
function extendMeanSparse(prefix: Float32Array, added: SparseValues, k: number): Float32Array {
  const n = prefix.length;
  const out = new Float32Array(n);
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

function freshMean(arrays: readonly Float32Array[], n: number): Float32Array {
  const out = new Float32Array(n);
  for (const a of arrays) addScaled(out, a, 1 / arrays.length);
  return out;
}

/** out += a × scale, over a's non-zero entries alone when it came sparse. */
function addScaled(out: Float32Array, a: Float32Array, scale: number): void {
  const sparse = a.length === out.length ? sparseForms.get(a) : undefined;
  if (sparse) {
    const { indices, values } = sparse;
    for (let q = 0; q < indices.length; q++) out[indices[q]!]! += values[q]! * scale;
    return;
  }
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
