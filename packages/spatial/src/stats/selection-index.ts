/**
 * What a selection-vs-rest test needs, computed once per run so that a lasso costs O(non-zeros of the selected
 * tixels) instead of O(non-zeros of the run):
 * - per feature, the totals over all tixels: the stored non-zeros' count, their sum and sum of squares shifted by
 *   the feature's first non-zero value (the same shift scheme as `labelMoments`), the average rank of the zero
 *   block and the tie term Σ(t³ − t) of the feature's tie blocks;
 * - a row-major copy (CSR) of the non-zeros with, beside each value, its rank within its feature (ties averaged),
 *   stored doubled as an integer so that half ranks stay exact.
 * The rest's statistics are then total − selection (selection-de.ts). Built from whatever matrix the web files
 * hold (counts, log-normalised, scaled): nothing here assumes a value range.
 */
import { featureColumns, type FeatureColumn, type FeatureColumns } from '../matrix/columns.js';
import type { CsrMatrix, Matrix } from '../matrix/types.js';
import type { SelectionTiling } from './selection-tiles.js';
import { float32SortKey, sortBuffers, sortKeysWithPayload, type SortBuffers } from './sort-keys.js';

export interface SelectionIndex {
  nObs: number;
  nFeatures: number;
  /** Per feature: the first stored non-zero value in tixel order (0 when none), the shift of the sums below. */
  shift: Float64Array;
  /** Per feature: Σ (v − shift) over the stored non-zeros. */
  shiftedSum: Float64Array;
  /** Per feature: Σ (v − shift)² over the stored non-zeros. */
  shiftedSquares: Float64Array;
  /** Per feature: the number of stored non-zeros. */
  stored: Float64Array;
  /** Per feature: the average rank (1-based) of its zero block. */
  zeroRank: Float64Array;
  /** Per feature: Σ (t³ − t) over its tie blocks, the zero block included. */
  tieTerms: Float64Array;
  /** CSR offsets, nObs + 1. */
  rowPtr: Float64Array;
  /** Feature of each stored non-zero, ascending within a row (16 bits when the run has fewer than 65,536 features). */
  features: Int32Array | Uint16Array;
  values: Float32Array;
  /** 2 × the value's rank within its feature (ties averaged): an integer, exact as uint32. */
  doubledRanks: Uint32Array;
  /**
   * Per row: ROW_ENTRIES_READ when its features and values are in the arrays above, ROW_RANKS_READ when its doubled
   * ranks are (bit flags). Absent when every row is (an index built or decoded whole); present for an index read
   * from a `.sel` file in parts (webfiles/selection-file.ts), whose rows a Welch ranking reads without their ranks.
   */
  loaded?: Uint8Array;
  /** The run's tilings (selection-tiles.ts), one per layout a lasso is drawn on; absent or empty on a small run. */
  tilings?: SelectionTiling[];
}

/** `loaded` bits: a row's features and values are read; its doubled ranks are read. */
export const ROW_ENTRIES_READ = 1;
export const ROW_RANKS_READ = 2;
/** The `loaded` bits a ranking needs of its rows: the ranks only for rank sums (Wilcoxon). */
export const rowBitsNeeded = (withRanks: boolean): number =>
  withRanks ? ROW_ENTRIES_READ | ROW_RANKS_READ : ROW_ENTRIES_READ;

/** Bytes a row's parts named by `bits` hold: its entries (feature index and value), its doubled ranks (4 each). */
export function selectionRowBytes(index: SelectionIndex, row: number, bits: number): number {
  const entries = index.rowPtr[row + 1]! - index.rowPtr[row]!;
  const entryBytes = index.features.BYTES_PER_ELEMENT + 4;
  return (bits & ROW_ENTRIES_READ ? entryBytes * entries : 0) + (bits & ROW_RANKS_READ ? 4 * entries : 0);
}

/** Bytes one tile of a tiling holds once read: its per-feature sums. */
export const selectionTileBytes = (tiling: SelectionTiling): number =>
  tiling.sums.byteLength / Math.max(1, tiling.nTiles);

/** Rows a ranking needs whose entries were not read yet (a `.sel` file read in parts): read them and rank again. */
export class RowsNotLoadedError extends Error {
  constructor(readonly rows: Int32Array) {
    super(`${rows.length} rows of the selection index are not read yet`);
  }
}

/** Throws RowsNotLoadedError when any of `rows` has not had its entries (and ranks, `withRanks`) read. */
export function requireRows(index: SelectionIndex, rows: ArrayLike<number>, withRanks: boolean): void {
  const { loaded } = index;
  if (!loaded) return;
  const need = rowBitsNeeded(withRanks);
  const missing: number[] = [];
  for (let i = 0; i < rows.length; i++) if ((loaded[rows[i]!]! & need) !== need) missing.push(rows[i]!);
  if (missing.length) throw new RowsNotLoadedError(Int32Array.from(missing));
}

/** Fresh zeroed arrays of an index of the given sizes. */
function allocateSelectionIndex(nObs: number, nFeatures: number, nnz: number): SelectionIndex {
  return {
    nObs,
    nFeatures,
    shift: new Float64Array(nFeatures),
    shiftedSum: new Float64Array(nFeatures),
    shiftedSquares: new Float64Array(nFeatures),
    stored: new Float64Array(nFeatures),
    zeroRank: new Float64Array(nFeatures),
    tieTerms: new Float64Array(nFeatures),
    rowPtr: new Float64Array(nObs + 1),
    features: new Int32Array(nnz),
    values: new Float32Array(nnz),
    doubledRanks: new Uint32Array(nnz),
  };
}

/**
 * Two passes over the features: one counts each tixel's non-zeros (the row offsets), one ranks each feature
 * (radix sort) and drops its values straight into their row-major places. Features are taken in order, so each
 * row's features come out ascending; the only scratch memory is one feature's sort buffers.
 */
export function buildSelectionIndex(matrix: Matrix | FeatureColumns): SelectionIndex {
  const source = featureColumns(matrix);
  const { nRows, nCols } = source;
  const rowCounts = new Float64Array(nRows + 1);
  let widest = 0;
  for (let j = 0; j < nCols; j++) {
    const { rows, values } = source.column(j);
    widest = Math.max(widest, values.length);
    for (let q = 0; q < values.length; q++) if (values[q] !== 0) rowCounts[rows[q]! + 1]!++;
  }
  for (let i = 0; i < nRows; i++) rowCounts[i + 1]! += rowCounts[i]!;
  const index = allocateSelectionIndex(nRows, nCols, rowCounts[nRows]!);
  index.rowPtr.set(rowCounts);
  const ranker = new FeatureRanker(index, widest);
  for (let j = 0; j < nCols; j++) ranker.rank(j, source.column(j));
  return index;
}

/** What ranking fills: the per-feature totals and ranks, and the row-major entries unless the caller has them. */
export type RankTarget = Omit<SelectionIndex, 'features' | 'values' | 'loaded'> &
  Partial<Pick<SelectionIndex, 'features' | 'values'>>;

/**
 * Ranks features one at a time, in ascending order, into a target whose `rowPtr` is already set. Each stored
 * non-zero's row-major place is its row's next free slot, so features must come in order and each feature's rows
 * ascending. Without `features`/`values` in the target only the totals and ranks are written: a writer that
 * streams a `.sel` file from a CSR matrix takes the entries from the matrix itself (webfiles/feature-files.ts).
 */
export class FeatureRanker {
  private readonly next: Float64Array;
  private buffers: SortBuffers;
  private expected = 0;

  constructor(
    private readonly target: RankTarget,
    widest: number,
  ) {
    this.next = target.rowPtr.slice(0, target.nObs);
    this.buffers = sortBuffers(widest);
  }

  rank(j: number, { rows, values }: FeatureColumn): void {
    if (j !== this.expected++)
      throw new RangeError(`features must be ranked in order: ${j} came for ${this.expected - 1}`);
    const { target, next } = this;
    const { features, values: entries, doubledRanks } = target;
    if (this.buffers.keys.length < values.length) this.buffers = sortBuffers(values.length);
    const buffers = this.buffers;
    const bits = new Uint32Array(values.buffer, values.byteOffset, values.length);
    let m = 0;
    let negatives = 0;
    let first = NaN;
    let s = 0;
    let q2 = 0;
    for (let q = 0; q < values.length; q++) {
      const v = values[q]!;
      if (v === 0) continue;
      if (Number.isNaN(first)) first = v;
      const d = v - first;
      s += d;
      q2 += d * d;
      if (v < 0) negatives++;
      // The value's row-major place; its rank is filled in once the feature is sorted.
      const at = next[rows[q]!]!++;
      if (features) features[at] = j;
      if (entries) entries[at] = v;
      buffers.keys[m] = float32SortKey(bits[q]!);
      buffers.payload[m] = at;
      m++;
    }
    target.shift[j] = Number.isNaN(first) ? 0 : first;
    target.shiftedSum[j] = s;
    target.shiftedSquares[j] = q2;
    target.stored[j] = m;
    const zeros = target.nObs - m;
    const { keys, payload } = sortKeysWithPayload(buffers, m);
    let tieTerm = zeros * zeros * zeros - zeros;
    for (let i = 0; i < m;) {
      const key = keys[i]!;
      let end = i + 1;
      while (end < m && keys[end] === key) end++;
      const size = end - i;
      // Doubled average rank of positions i..end−1 (1-based), after the zero block for positive values.
      const doubled = 2 * (i < negatives ? i : i + zeros) + size + 1;
      tieTerm += size * size * size - size;
      for (let p = i; p < end; p++) doubledRanks[payload[p]!] = doubled;
      i = end;
    }
    target.zeroRank[j] = negatives + (zeros + 1) / 2;
    target.tieTerms[j] = tieTerm;
  }
}

/** Bytes the index holds in memory (for a cache bounded by bytes). */
export function selectionIndexBytes(index: SelectionIndex): number {
  const tiles = (index.tilings ?? []).reduce((n, t) => n + t.tileOf.byteLength + t.sums.byteLength, 0);
  return (
    6 * 8 * index.nFeatures +
    index.rowPtr.byteLength +
    index.features.byteLength +
    index.values.byteLength +
    index.doubledRanks.byteLength +
    tiles
  );
}

/** The given rows (tixels, in the given order) as a CSR matrix of their values: e.g. set A then set B. */
export function selectionIndexRows(index: SelectionIndex, rows: readonly number[]): CsrMatrix {
  const indptr = new Float64Array(rows.length + 1);
  rows.forEach((row, i) => {
    if (!Number.isInteger(row) || row < 0 || row >= index.nObs) {
      throw new RangeError(`row ${row} is not an observation index in [0, ${index.nObs})`);
    }
    indptr[i + 1] = indptr[i]! + index.rowPtr[row + 1]! - index.rowPtr[row]!;
  });
  requireRows(index, rows, false);
  const indices = new Int32Array(indptr[rows.length]!);
  const data = new Float32Array(indices.length);
  rows.forEach((row, i) => {
    const from = index.rowPtr[row]!;
    const to = index.rowPtr[row + 1]!;
    indices.set(index.features.subarray(from, to), indptr[i]!);
    data.set(index.values.subarray(from, to), indptr[i]!);
  });
  return { kind: 'csr', nRows: rows.length, nCols: index.nFeatures, indptr, indices, data };
}
