/**
 * `summations/{kind}.sel`: a feature kind's SelectionIndex (stats/selection-index.ts) as one binary web file, so
 * that the selection task (gene.compute_qc) reads it instead of re-ranking the run on every lasso. Derived from
 * the same matrix as `{kind}.csc`, whatever its values are.
 *
 * All little-endian; every array starts at a multiple of 8.
 *   bytes 0–3    magic "ASEL"
 *         4–7    uint32 format version (1)
 *         8–11   uint32 nObs (tixels)
 *         12–15  uint32 nFeatures
 *         16–23  uint64 nnz (non-zero values)
 *         24–31  reserved, 0
 *   32           float64 × nFeatures, six times: shift, shiftedSum, shiftedSquares, stored, zeroRank, tieTerms
 *   then         float64 × (nObs + 1) row offsets
 *   then         int32 × nnz features, float32 × nnz values, uint32 × nnz doubled ranks (each padded to 8 bytes)
 */
import type { FeatureColumns } from '../matrix/columns.js';
import type { Matrix } from '../matrix/types.js';
import { buildSelectionIndex, type SelectionIndex } from '../stats/selection-index.js';

export const SELECTION_MAGIC = 'ASEL';
export const SELECTION_VERSION = 1;
const HEADER = 32;
const PER_FEATURE = ['shift', 'shiftedSum', 'shiftedSquares', 'stored', 'zeroRank', 'tieTerms'] as const;

const pad8 = (n: number): number => Math.ceil(n / 8) * 8;

function layout(nObs: number, nFeatures: number, nnz: number) {
  const rowPtr = HEADER + PER_FEATURE.length * 8 * nFeatures;
  const features = rowPtr + 8 * (nObs + 1);
  const values = features + pad8(4 * nnz);
  const ranks = values + pad8(4 * nnz);
  return { rowPtr, features, values, ranks, total: ranks + pad8(4 * nnz) };
}

/** A zeroed `.sel` file with its header written, and the index as views into it (to be filled in place). */
export function allocateSelectionFile(
  nObs: number,
  nFeatures: number,
  nnz: number,
): { bytes: Uint8Array; index: SelectionIndex } {
  const at = layout(nObs, nFeatures, nnz);
  const bytes = new Uint8Array(at.total);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = SELECTION_MAGIC.charCodeAt(i);
  view.setUint32(4, SELECTION_VERSION, true);
  view.setUint32(8, nObs, true);
  view.setUint32(12, nFeatures, true);
  view.setBigUint64(16, BigInt(nnz), true);
  const perFeature = (i: number) => new Float64Array(bytes.buffer, HEADER + 8 * nFeatures * i, nFeatures);
  const index: SelectionIndex = {
    nObs,
    nFeatures,
    shift: perFeature(0),
    shiftedSum: perFeature(1),
    shiftedSquares: perFeature(2),
    stored: perFeature(3),
    zeroRank: perFeature(4),
    tieTerms: perFeature(5),
    rowPtr: new Float64Array(bytes.buffer, at.rowPtr, nObs + 1),
    features: new Int32Array(bytes.buffer, at.features, nnz),
    values: new Float32Array(bytes.buffer, at.values, nnz),
    doubledRanks: new Uint32Array(bytes.buffer, at.ranks, nnz),
  };
  return { bytes, index };
}

/**
 * The `.sel` file of a matrix, built in place in the file's bytes: at Visium HD size (75M non-zeros) the index
 * is 0.9 GB, and building it apart and then encoding it would hold it twice.
 */
export function buildSelectionFile(matrix: Matrix | FeatureColumns): Uint8Array {
  let bytes: Uint8Array = new Uint8Array(0);
  buildSelectionIndex(matrix, (nObs, nFeatures, nnz) => {
    const file = allocateSelectionFile(nObs, nFeatures, nnz);
    bytes = file.bytes;
    return file.index;
  });
  return bytes;
}

export function encodeSelectionIndex(index: SelectionIndex): Uint8Array {
  const { nObs, nFeatures } = index;
  const nnz = index.values.length;
  const at = layout(nObs, nFeatures, nnz);
  const bytes = new Uint8Array(at.total);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = SELECTION_MAGIC.charCodeAt(i);
  view.setUint32(4, SELECTION_VERSION, true);
  view.setUint32(8, nObs, true);
  view.setUint32(12, nFeatures, true);
  view.setBigUint64(16, BigInt(nnz), true);
  // The host is little-endian (as the .csc writer assumes), so typed-array copies write the file's byte order.
  PER_FEATURE.forEach((name, i) =>
    new Float64Array(bytes.buffer, HEADER + 8 * nFeatures * i, nFeatures).set(index[name]),
  );
  new Float64Array(bytes.buffer, at.rowPtr, nObs + 1).set(index.rowPtr);
  new Int32Array(bytes.buffer, at.features, nnz).set(index.features);
  new Float32Array(bytes.buffer, at.values, nnz).set(index.values);
  new Uint32Array(bytes.buffer, at.ranks, nnz).set(index.doubledRanks);
  return bytes;
}

/**
 * The index over the file's bytes. Views share the bytes when they are 8-aligned (one copy otherwise); the counts
 * are checked against the length so a truncated or foreign file is an error, not garbage statistics.
 */
export function decodeSelectionIndex(source: Uint8Array): SelectionIndex {
  if (source.length < HEADER || String.fromCharCode(...source.subarray(0, 4)) !== SELECTION_MAGIC) {
    throw new RangeError('not a selection index (.sel) file');
  }
  const bytes = source.byteOffset % 8 === 0 ? source : source.slice();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(4, true);
  if (version !== SELECTION_VERSION) throw new RangeError(`unsupported .sel version ${version}`);
  const nObs = view.getUint32(8, true);
  const nFeatures = view.getUint32(12, true);
  const nnz = Number(view.getBigUint64(16, true));
  const at = layout(nObs, nFeatures, nnz);
  if (bytes.length !== at.total) throw new RangeError(`.sel file has ${bytes.length} bytes, expected ${at.total}`);
  const base = bytes.byteOffset;
  const f64 = (offset: number, n: number) => new Float64Array(bytes.buffer, base + offset, n);
  const perFeature = (i: number) => f64(HEADER + 8 * nFeatures * i, nFeatures);
  const rowPtr = f64(at.rowPtr, nObs + 1);
  if (rowPtr[nObs] !== nnz) throw new RangeError('corrupt .sel row offsets');
  const features = new Int32Array(bytes.buffer, base + at.features, nnz);
  if (!featuresInRange(features, nFeatures)) throw new RangeError('corrupt .sel feature index');
  return {
    nObs,
    nFeatures,
    shift: perFeature(0),
    shiftedSum: perFeature(1),
    shiftedSquares: perFeature(2),
    stored: perFeature(3),
    zeroRank: perFeature(4),
    tieTerms: perFeature(5),
    rowPtr,
    features,
    values: new Float32Array(bytes.buffer, base + at.values, nnz),
    doubledRanks: new Uint32Array(bytes.buffer, base + at.ranks, nnz),
  };
}

/**
 * Whether every index is in [0, n): an index out of range has the sign bit set in `f` or in `n − 1 − f`. Branch-free,
 * so the check of a Visium HD run's 75M indices costs ~0.1 s instead of the ~1 s of a compared loop.
 */
function featuresInRange(features: Int32Array, n: number): boolean {
  let bits = 0;
  for (let k = 0; k < features.length; k++) {
    const f = features[k]!;
    bits |= f | (n - 1 - f);
  }
  return bits >= 0;
}
