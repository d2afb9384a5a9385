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

/** The dense values of `tixels` tixels from a sparse answer; throws on a malformed body. */
export function decodeSparseValues(body: ArrayBuffer, tixels: number): Float32Array {
  if (body.byteLength % 8 !== 0) throw new Error(`sparse values: ${body.byteLength} bytes is not 8 per tixel`);
  const nonZero = body.byteLength / 8;
  const indices = new Uint32Array(body, 0, nonZero);
  const kept = new Float32Array(body, nonZero * 4, nonZero);
  const values = new Float32Array(tixels);
  for (let k = 0; k < nonZero; k++) {
    const i = indices[k]!;
    if (i >= tixels) throw new Error(`sparse values: tixel ${i} of ${tixels}`);
    values[i] = kept[k]!;
  }
  return values;
}
