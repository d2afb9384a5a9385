/**
 * Per-tixel arrays for the plots, pure: averaging several features, category codes in natural order with their
 * counts, and the 0/1 masks of a selection or of highlighted categories.
 */
import { naturalCompare } from '@atlas/spatial/tixel-table';

/** Element-wise mean of equally long arrays (one per feature); NaN where any input is NaN. One pass, no allocations but the output. */
export function averageValues(arrays: readonly Float32Array[]): Float32Array {
  if (arrays.length === 0) return new Float32Array(0);
  if (arrays.length === 1) return arrays[0]!;
  const n = arrays[0]!.length;
  const out = new Float32Array(n);
  for (const a of arrays) {
    const m = Math.min(n, a.length);
    for (let i = 0; i < m; i++) out[i]! += a[i]!;
  }
  const k = 1 / arrays.length;
  for (let i = 0; i < n; i++) out[i]! *= k;
  return out;
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
