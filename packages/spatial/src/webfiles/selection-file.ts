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
import type { CsrMatrix } from '../matrix/types.js';
import type { RankTarget, SelectionIndex } from '../stats/selection-index.js';

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

/**
 * What ranking a CSR matrix's features fills before its `.sel` file is streamed (selectionFileChunks): the row
 * offsets of its non-zeros, the per-feature totals and the ranks. The entries themselves stay in the matrix.
 */
export function allocateRankTarget(csr: CsrMatrix): RankTarget {
  const { nRows: nObs, nCols: nFeatures, indptr, data } = csr;
  const rowPtr = new Float64Array(nObs + 1);
  for (let r = 0; r < nObs; r++) {
    let stored = 0;
    for (let k = indptr[r]!, end = indptr[r + 1]!; k < end; k++) if (data[k] !== 0) stored++;
    rowPtr[r + 1] = rowPtr[r]! + stored;
  }
  const perFeature = () => new Float64Array(nFeatures);
  return {
    nObs,
    nFeatures,
    shift: perFeature(),
    shiftedSum: perFeature(),
    shiftedSquares: perFeature(),
    stored: perFeature(),
    zeroRank: perFeature(),
    tieTerms: perFeature(),
    rowPtr,
    doubledRanks: new Uint32Array(rowPtr[nObs]!),
  };
}

/** Entries per chunk of a streamed `.sel` file (64 MB of each entry array). */
const STREAM_ENTRIES = 1 << 24;

/**
 * The `.sel` file of a CSR matrix whose features `target` holds ranked (FeatureRanker, in order), as chunks in file
 * order: the same bytes as encodeSelectionIndex writes for the whole index. The entry arrays are the matrix's own indices and values, sent as
 * views; only a matrix with stored zeros has them copied, a chunk at a time, without the zeros.
 */
export function* selectionFileChunks(csr: CsrMatrix, target: RankTarget): Generator<Uint8Array> {
  const { nObs, nFeatures, doubledRanks } = target;
  const nnz = doubledRanks.length;
  const at = layout(nObs, nFeatures, nnz);
  const head = new Uint8Array(at.features);
  writeHead(head, target, nnz);
  yield head;
  const padding = (bytes: number) => new Uint8Array(pad8(bytes) - bytes);
  const compact = nnz === csr.data.length;
  yield* entryChunks(compact ? [csr.indices] : nonZeroEntries(csr, csr.indices));
  yield padding(4 * nnz);
  yield* entryChunks(compact ? [csr.data] : nonZeroEntries(csr, csr.data));
  yield padding(4 * nnz);
  yield* entryChunks([doubledRanks]);
  yield padding(4 * nnz);
}

type EntryArray = Int32Array | Float32Array | Uint32Array;

function* entryChunks(arrays: readonly EntryArray[] | Generator<EntryArray>): Generator<Uint8Array> {
  for (const array of arrays) {
    for (let from = 0; from < array.length; from += STREAM_ENTRIES) {
      const part = array.subarray(from, Math.min(array.length, from + STREAM_ENTRIES));
      yield new Uint8Array(part.buffer, part.byteOffset, part.byteLength);
    }
  }
}

/** The entries of a matrix with stored zeros, without them, a chunk of STREAM_ENTRIES at a time. */
function* nonZeroEntries(csr: CsrMatrix, source: EntryArray): Generator<EntryArray> {
  const out = source.slice(0, STREAM_ENTRIES);
  let filled = 0;
  for (let k = 0; k < source.length; k++) {
    if (csr.data[k] === 0) continue;
    out[filled++] = source[k]!;
    if (filled === STREAM_ENTRIES) {
      yield out.slice();
      filled = 0;
    }
  }
  if (filled) yield out.slice(0, filled);
}

/**
 * The file's head into `bytes` (at least up to the entries): the header, the per-feature sums and the row offsets.
 * The host is little-endian (as the .csc writer assumes), so typed-array copies write the file's byte order.
 */
function writeHead(bytes: Uint8Array, index: RankTarget, nnz: number): void {
  const { nObs, nFeatures } = index;
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  for (let i = 0; i < 4; i++) bytes[i] = SELECTION_MAGIC.charCodeAt(i);
  view.setUint32(4, SELECTION_VERSION, true);
  view.setUint32(8, nObs, true);
  view.setUint32(12, nFeatures, true);
  view.setBigUint64(16, BigInt(nnz), true);
  PER_FEATURE.forEach((name, i) =>
    new Float64Array(bytes.buffer, bytes.byteOffset + HEADER + 8 * nFeatures * i, nFeatures).set(index[name]),
  );
  new Float64Array(bytes.buffer, bytes.byteOffset + layout(nObs, nFeatures, nnz).rowPtr, nObs + 1).set(index.rowPtr);
}

export function encodeSelectionIndex(index: SelectionIndex): Uint8Array {
  const { nObs, nFeatures } = index;
  const nnz = index.values.length;
  const at = layout(nObs, nFeatures, nnz);
  const bytes = new Uint8Array(at.total);
  writeHead(bytes, index, nnz);
  new Int32Array(bytes.buffer, at.features, nnz).set(index.features);
  new Float32Array(bytes.buffer, at.values, nnz).set(index.values);
  new Uint32Array(bytes.buffer, at.ranks, nnz).set(index.doubledRanks);
  return bytes;
}

/** What a `.sel` file's header says: its counts and where each of its parts starts. */
export interface SelectionFileLayout {
  nObs: number;
  nFeatures: number;
  nnz: number;
  /** Byte offsets of the row offsets and of the three entry arrays, and the file's size. */
  rowPtr: number;
  features: number;
  values: number;
  ranks: number;
  total: number;
}

/** Bytes of the header: read these first to learn the rest of the layout. */
export const SELECTION_HEADER_BYTES = HEADER;

/** The layout a `.sel` file's first SELECTION_HEADER_BYTES describe; a foreign file or version is an error. */
export function readSelectionHeader(header: Uint8Array): SelectionFileLayout {
  if (header.length < HEADER || String.fromCharCode(...header.subarray(0, 4)) !== SELECTION_MAGIC) {
    throw new RangeError('not a selection index (.sel) file');
  }
  const view = new DataView(header.buffer, header.byteOffset, HEADER);
  const version = view.getUint32(4, true);
  if (version !== SELECTION_VERSION) throw new RangeError(`unsupported .sel version ${version}`);
  const nObs = view.getUint32(8, true);
  const nFeatures = view.getUint32(12, true);
  const nnz = Number(view.getBigUint64(16, true));
  return { nObs, nFeatures, nnz, ...layout(nObs, nFeatures, nnz) };
}

/**
 * The index over the file's bytes. Views share the bytes when they are 8-aligned (one copy otherwise); the counts
 * are checked against the length so a truncated or foreign file is an error, not garbage statistics.
 */
export function decodeSelectionIndex(source: Uint8Array): SelectionIndex {
  const at = readSelectionHeader(source);
  if (source.length !== at.total) throw new RangeError(`.sel file has ${source.length} bytes, expected ${at.total}`);
  const bytes = aligned(source);
  const { nObs, nnz } = at;
  const index = viewsOfHead(bytes, at, nObs);
  const features = new Int32Array(bytes.buffer, bytes.byteOffset + at.features, nnz);
  if (!featuresInRange(features, at.nFeatures)) throw new RangeError('corrupt .sel feature index');
  return {
    ...index,
    features,
    values: new Float32Array(bytes.buffer, bytes.byteOffset + at.values, nnz),
    doubledRanks: new Uint32Array(bytes.buffer, bytes.byteOffset + at.ranks, nnz),
  };
}

/**
 * The index from the file's head alone (its first `layout.features` bytes: header, per-feature sums and row
 * offsets), with room for every entry and no row read yet, filled row range by row range (`selectionEntryParts`), so a lasso on a Visium HD run (0.9 GB of entries) reads the entries of its own rows only.
 */
export function partialSelectionIndex(head: Uint8Array, at: SelectionFileLayout): SelectionIndex {
  if (head.length < at.features) throw new RangeError(`.sel head has ${head.length} bytes, expected ${at.features}`);
  return {
    ...viewsOfHead(aligned(head), at, at.nObs),
    features: new Int32Array(at.nnz),
    values: new Float32Array(at.nnz),
    doubledRanks: new Uint32Array(at.nnz),
    loaded: new Uint8Array(at.nObs),
  };
}

/**
 * Where the entries of rows [fromRow, toRow) are in the file (byte ranges, end exclusive) and where they go in a
 * partial index: views of its three entry arrays to read those bytes into, in place. Then `markSelectionRowsRead`.
 */
export function selectionEntryParts(
  index: SelectionIndex,
  at: SelectionFileLayout,
  fromRow: number,
  toRow: number,
): { start: number; end: number; target: Uint8Array }[] {
  const from = index.rowPtr[fromRow]!;
  const to = index.rowPtr[toRow]!;
  return (
    [
      [at.features, index.features],
      [at.values, index.values],
      [at.ranks, index.doubledRanks],
    ] as const
  ).map(([offset, array]) => ({
    start: offset + 4 * from,
    end: offset + 4 * to,
    target: new Uint8Array(array.buffer, array.byteOffset + 4 * from, 4 * (to - from)),
  }));
}

/** Marks rows [fromRow, toRow) read once their entries are in place, checking their feature indices as decoding does. */
export function markSelectionRowsRead(index: SelectionIndex, fromRow: number, toRow: number): void {
  const features = index.features.subarray(index.rowPtr[fromRow]!, index.rowPtr[toRow]!);
  if (!featuresInRange(features, index.nFeatures)) throw new RangeError('corrupt .sel feature index');
  index.loaded?.fill(1, fromRow, toRow);
}

/**
 * The row ranges [from, to) to read so that `rows` are all in a partial index: the rows not read yet, joined with
 * the rows between them when their entries lie within `joinGapEntries` (one request instead of two saves more
 * than those entries cost: 64 Ki entries are 768 KB of the three arrays). When that takes more than `maxRanges`
 * requests (a disc on a Visium HD grid crosses hundreds of its rows), one range from the first to the last; every
 * row when that holds more than half the entries.
 */
export function planSelectionReads(
  index: SelectionIndex,
  rows: ArrayLike<number>,
  { joinGapEntries = 1 << 16, maxRanges = 64 } = {},
): [number, number][] {
  const { rowPtr, loaded, nObs } = index;
  if (!loaded) return [];
  const missing = rowsNotRead(loaded, rows);
  const ranges: [number, number][] = [];
  for (const row of missing) {
    const last = ranges[ranges.length - 1];
    if (last && rowPtr[row]! - rowPtr[last[1]]! <= joinGapEntries) last[1] = row + 1;
    else ranges.push([row, row + 1]);
  }
  const span: [number, number][] =
    ranges.length > maxRanges ? [[ranges[0]![0], ranges[ranges.length - 1]![1]]] : ranges;
  const entries = span.reduce((n, [from, to]) => n + rowPtr[to]! - rowPtr[from]!, 0);
  return entries > rowPtr[nObs]! / 2 ? [[0, nObs]] : span;
}

/**
 * The distinct rows not read yet, ascending. A lasso's rows come ascending (walkedRowsOf): those are taken in one
 * pass (a 500,000-cell selection's set-and-sort took 0.2 s); any other order is sorted first.
 */
function rowsNotRead(loaded: Uint8Array, rows: ArrayLike<number>): number[] {
  let ascending = true;
  for (let i = 1; i < rows.length && ascending; i++) ascending = rows[i - 1]! < rows[i]!;
  const ordered = ascending ? rows : [...new Set(Array.from(rows))].sort((a, b) => a - b);
  const missing: number[] = [];
  for (let i = 0; i < ordered.length; i++) if (loaded[ordered[i]!] !== 1) missing.push(ordered[i]!);
  return missing;
}

/** The views of the header's counts, the per-feature sums and the row offsets (checked against nnz). */
function viewsOfHead(bytes: Uint8Array, at: SelectionFileLayout, nObs: number) {
  const { nFeatures, nnz } = at;
  const f64 = (offset: number, n: number) => new Float64Array(bytes.buffer, bytes.byteOffset + offset, n);
  const perFeature = (i: number) => f64(HEADER + 8 * nFeatures * i, nFeatures);
  const rowPtr = f64(at.rowPtr, nObs + 1);
  if (rowPtr[nObs] !== nnz) throw new RangeError('corrupt .sel row offsets');
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
  };
}

/** The bytes, copied when they do not start at a multiple of 8 (typed-array views need their element's alignment). */
const aligned = (bytes: Uint8Array): Uint8Array => (bytes.byteOffset % 8 === 0 ? bytes : bytes.slice());

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
