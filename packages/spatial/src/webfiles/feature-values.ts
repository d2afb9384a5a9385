/**
 * One feature's values per tixel as the binary get_summation answers them (`POST /api/v1/genes/get_summation`).
 *
 * Dense (`application/octet-stream`): one float32 per tixel. Sparse ({@link SPARSE_VALUES_MEDIA_TYPE}), for a browser
 * that asks for it and a feature zero on most tixels: the non-zero tixels' indices (uint32, ascending), then their
 * values (float32), little-endian, 8 bytes per non-zero tixel. A Visium HD gene is zero on most of its 500,000 bins:
 * its 2 MB dense answer took 96 ms of the 186 ms gene switch on a 2-core machine (issue 38); sparse, it is a tenth.
 */
export const SPARSE_VALUES_MEDIA_TYPE = 'application/vnd.atlas.sparse-float32';

/**
 * The sparse form of `values`, or null when it would be more than half the dense one (a feature non-zero on more than
 * a quarter of the tixels is sent dense).
 */
export function encodeSparseValues(values: Float32Array): Uint8Array | null {
  let nonZero = 0;
  for (let i = 0; i < values.length; i++) if (values[i] !== 0) nonZero++;
  if (nonZero * 8 > values.length * 2) return null;
  const out = new ArrayBuffer(nonZero * 8);
  const indices = new Uint32Array(out, 0, nonZero);
  const kept = new Float32Array(out, nonZero * 4, nonZero);
  let k = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v === 0) continue;
    indices[k] = i;
    kept[k++] = v;
  }
  return new Uint8Array(out);
}

/**
 * The sparse answer of a feature stored as its non-zero entries (a .csc block), or null when it would be more than
 * half the dense one: no pass over every tixel, where `encodeSparseValues` makes two. Entries already laid out as the
 * answer (indices then values in one buffer, as `cscBlockEntries` keeps them) are answered as they are, not copied.
 */
export function encodeSparseEntries(entries: SparseValues, tixels: number): Uint8Array | null {
  const { indices, values } = entries;
  const nonZero = indices.length;
  if (nonZero * 8 > tixels * 2) return null;
  if (values.buffer === indices.buffer && values.byteOffset === indices.byteOffset + nonZero * 4) {
    return new Uint8Array(indices.buffer, indices.byteOffset, nonZero * 8);
  }
  const out = new Uint8Array(nonZero * 8);
  out.set(new Uint8Array(indices.buffer, indices.byteOffset, nonZero * 4), 0);
  out.set(new Uint8Array(values.buffer, values.byteOffset, nonZero * 4), nonZero * 4);
  return out;
}

/** A sparse answer read in place: the non-zero tixels' indices and their values (views on the body). */
export interface SparseValues {
  indices: Uint32Array;
  values: Float32Array;
}

/** Reads a sparse answer for `tixels` tixels in place; throws on a malformed body. */
export function readSparseValues(body: ArrayBuffer, tixels: number): SparseValues {
  if (body.byteLength % 8 !== 0) throw new Error(`sparse values: ${body.byteLength} bytes is not 8 per tixel`);
  const nonZero = body.byteLength / 8;
  const indices = new Uint32Array(body, 0, nonZero);
  for (let k = 0; k < nonZero; k++) {
    if (indices[k]! >= tixels) throw new Error(`sparse values: tixel ${indices[k]} of ${tixels}`);
  }
  return { indices, values: new Float32Array(body, nonZero * 4, nonZero) };
}

/** The dense values of `tixels` tixels from a sparse form read by `readSparseValues`. */
function denseValues(sparse: SparseValues, tixels: number): Float32Array {
  const out = new Float32Array(tixels);
  const { indices, values } = sparse;
  for (let k = 0; k < indices.length; k++) out[indices[k]!] = values[k]!;
  return out;
}

/**
 * One feature's values per tixel as they arrived: dense, or sparse with the dense array made at its first use. A mean
 * of several features needs their non-zero entries alone: a 5M-cell gene's dense array is 20 MB of fresh memory per
 * pick, and on a machine whose page faults are dear (~15 µs per 4 KiB page here) writing it took 60–80 ms (issue 38).
 */
export class FeatureColumn {
  #dense: Float32Array | null;

  private constructor(
    /** Tixels. */
    readonly length: number,
    /** The non-zero entries, when the feature came sparse. */
    readonly sparse: SparseValues | null,
    dense: Float32Array | null,
  ) {
    this.#dense = dense;
  }

  static ofDense(values: Float32Array): FeatureColumn {
    return new FeatureColumn(values.length, null, values);
  }

  static ofSparse(sparse: SparseValues, tixels: number): FeatureColumn {
    return new FeatureColumn(tixels, sparse, null);
  }

  /** The values of every tixel (made once, at the first call, for a sparse column). */
  get dense(): Float32Array {
    return (this.#dense ??= denseValues(this.sparse!, this.length));
  }
}

/** The dense values of `tixels` tixels from a sparse answer; throws on a malformed body. */
export function decodeSparseValues(body: ArrayBuffer, tixels: number): Float32Array {
  return denseValues(readSparseValues(body, tixels), tixels);
}
