/**
 * `summations/{kind}.sel`: a feature kind's SelectionIndex (stats/selection-index.ts) as one binary web file, so
 * that the selection task (gene.compute_qc) reads it instead of re-ranking the run on every lasso. Derived from
 * the same matrix as `{kind}.csc`, whatever its values are.
 *
 * All little-endian; every array starts at a multiple of 8. Version 2 (written since issue 38):
 *   bytes 0–3    magic "ASEL"
 *         4–7    uint32 format version (2)
 *         8–11   uint32 nObs (tixels)
 *         12–15  uint32 nFeatures
 *         16–23  uint64 nnz (non-zero values)
 *         24–27  uint32 tile size (0: no tilings)
 *         28     uint8 tilings (spatial, UMAP: 0–2)
 *         29     uint8 bytes per feature index and per row length: 2 when nFeatures < 65,536, else 4
 *         30     uint8 bytes per tile number: 2 when the tiles are ≤ 65,536, else 4
 *         31–63  reserved, 0
 *   64           float64 × nFeatures, six times: shift, shiftedSum, shiftedSquares, stored, zeroRank, tieTerms
 *   then         row lengths (stored non-zeros per row), uint16 or uint32 × nObs
 *   then         per tiling: the tile of each row, uint16 or uint32 × nObs
 *   then         features (uint16 or int32) × nnz, float32 × nnz values, uint32 × nnz doubled ranks
 *   then         per tiling: float64 × tiles × nFeatures × 4, its sums (selection-tiles.ts)
 * Everything before the features is the head a worker reads first; rows' entries and tiles' sums are read as
 * lassos need them. The head of a five-million-cell run is 30 MB (version 1 held float64 row offsets: 40 MB) and
 * its entries 10 bytes each (12).
 *
 * Version 1 files (a 32-byte header, float64 row offsets, int32 features, no tilings) are still read.
 */
import type { CsrMatrix } from '../matrix/types.js';
import {
  rowBitsNeeded,
  selectionRowBytes,
  selectionTileBytes,
  type RankTarget,
  type SelectionIndex,
} from '../stats/selection-index.js';
import { TILE_STRIDE, type SelectionTiling } from '../stats/selection-tiles.js';

export const SELECTION_MAGIC = 'ASEL';
export const SELECTION_VERSION = 2;
const HEADER_V1 = 32;
const HEADER = 64;
const PER_FEATURE = ['shift', 'shiftedSum', 'shiftedSquares', 'stored', 'zeroRank', 'tieTerms'] as const;

const pad8 = (n: number): number => Math.ceil(n / 8) * 8;

/** What a `.sel` file's header says: its counts, widths and where each of its parts starts. */
export interface SelectionFileLayout {
  version: 1 | 2;
  nObs: number;
  nFeatures: number;
  nnz: number;
  /** Bytes per feature index, and (version 2) per row length: 2 or 4. */
  featureBytes: 2 | 4;
  /** Byte offsets: the row offsets (v1, float64) or lengths (v2), the three entry arrays, and the file's size. */
  rowPtr: number;
  features: number;
  values: number;
  ranks: number;
  total: number;
  tileSize: number;
  nTiles: number;
  tileBytes: 2 | 4;
  /** Per tiling, where its tile numbers and its sums start. */
  tilings: { tileOf: number; sums: number }[];
}

interface Shape {
  nObs: number;
  nFeatures: number;
  nnz: number;
  tileSize: number;
  nTilings: number;
}

/**
 * Bytes per feature index and row length in a version-2 file: 16 bits below 65,536 features (a row's length is at
 * most the run's features, so it fits too).
 */
export const selectionFeatureBytes = (nFeatures: number): 2 | 4 => (nFeatures <= 0xffff ? 2 : 4);

function layoutV2(shape: Shape): SelectionFileLayout {
  const { nObs, nFeatures, nnz, tileSize, nTilings } = shape;
  const featureBytes = selectionFeatureBytes(nFeatures);
  const nTiles = nTilings > 0 ? Math.ceil(nObs / tileSize) : 0;
  const tileBytes = nTiles <= 0x10000 ? 2 : 4;
  const rowPtr = HEADER + PER_FEATURE.length * 8 * nFeatures;
  let at = rowPtr + pad8(featureBytes * nObs);
  const tileOf: number[] = [];
  for (let t = 0; t < nTilings; t++, at += pad8(tileBytes * nObs)) tileOf.push(at);
  const features = at;
  const values = features + pad8(featureBytes * nnz);
  const ranks = values + pad8(4 * nnz);
  at = ranks + pad8(4 * nnz);
  const tilings = tileOf.map((offset) => {
    const sums = at;
    at += 8 * TILE_STRIDE * nFeatures * nTiles;
    return { tileOf: offset, sums };
  });
  return {
    version: 2,
    nObs,
    nFeatures,
    nnz,
    featureBytes,
    rowPtr,
    features,
    values,
    ranks,
    total: at,
    tileSize: nTilings > 0 ? tileSize : 0,
    nTiles,
    tileBytes,
    tilings,
  };
}

function layoutV1(nObs: number, nFeatures: number, nnz: number): SelectionFileLayout {
  const rowPtr = HEADER_V1 + PER_FEATURE.length * 8 * nFeatures;
  const features = rowPtr + 8 * (nObs + 1);
  const values = features + pad8(4 * nnz);
  const ranks = values + pad8(4 * nnz);
  const total = ranks + pad8(4 * nnz);
  return {
    version: 1,
    nObs,
    nFeatures,
    nnz,
    featureBytes: 4,
    rowPtr,
    features,
    values,
    ranks,
    total,
    tileSize: 0,
    nTiles: 0,
    tileBytes: 2,
    tilings: [],
  };
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
 * The `.sel` file of a CSR matrix whose features `target` holds ranked (FeatureRanker, in order), with its tilings
 * (selection-tiles.ts), as chunks in file order: the same bytes as encodeSelectionIndex writes for the whole
 * index. The values are the matrix's own, sent as views; the feature indices are narrowed to 16 bits a chunk at
 * a time when the run allows; a matrix with stored zeros has its entries copied without them.
 */
export function* selectionFileChunks(
  csr: CsrMatrix,
  target: RankTarget,
  tilings: readonly SelectionTiling[] = [],
): Generator<Uint8Array> {
  const { nObs, nFeatures, doubledRanks } = target;
  const nnz = doubledRanks.length;
  const at = layoutV2({ nObs, nFeatures, nnz, tileSize: tilings[0]?.tileSize ?? 0, nTilings: tilings.length });
  const head = new Uint8Array(at.features);
  writeHead(head, at, target, tilings);
  yield head;
  const padding = (bytes: number) => new Uint8Array(pad8(bytes) - bytes);
  const compact = nnz === csr.data.length;
  const indices = compact ? [csr.indices] : nonZeroEntries(csr, csr.indices);
  yield* entryChunks(at.featureBytes === 2 ? narrowed(indices) : indices);
  yield padding(at.featureBytes * nnz);
  yield* entryChunks(compact ? [csr.data] : nonZeroEntries(csr, csr.data));
  yield padding(4 * nnz);
  yield* entryChunks([doubledRanks]);
  yield padding(4 * nnz);
  yield* entryChunks(tilings.map((tiling) => tiling.sums));
}

type EntryArray = Int32Array | Uint16Array | Float32Array | Uint32Array | Float64Array;

function* entryChunks(arrays: Iterable<EntryArray>): Generator<Uint8Array> {
  for (const array of arrays) {
    for (let from = 0; from < array.length; from += STREAM_ENTRIES) {
      const part = array.subarray(from, Math.min(array.length, from + STREAM_ENTRIES));
      yield new Uint8Array(part.buffer, part.byteOffset, part.byteLength);
    }
  }
}

/** Feature indices as uint16, a chunk at a time (the run has fewer than 65,536 features). */
function* narrowed(arrays: Iterable<EntryArray>): Generator<Uint16Array> {
  for (const array of arrays) {
    for (let from = 0; from < array.length; from += STREAM_ENTRIES) {
      yield Uint16Array.from(array.subarray(from, Math.min(array.length, from + STREAM_ENTRIES)));
    }
  }
}

/** The entries of a matrix with stored zeros, without them, a chunk of STREAM_ENTRIES at a time. */
function* nonZeroEntries(csr: CsrMatrix, source: Int32Array | Uint16Array | Float32Array): Generator<EntryArray> {
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
 * The file's head into `bytes` (its first `at.features`): the header, the per-feature sums, the row lengths and
 * the tilings' tile numbers. The host is little-endian (as the .csc writer assumes), so typed-array copies write
 * the file's byte order.
 */
function writeHead(
  bytes: Uint8Array,
  at: SelectionFileLayout,
  index: RankTarget,
  tilings: readonly SelectionTiling[],
): void {
  const { nObs, nFeatures, nnz } = at;
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  for (let i = 0; i < 4; i++) bytes[i] = SELECTION_MAGIC.charCodeAt(i);
  view.setUint32(4, SELECTION_VERSION, true);
  view.setUint32(8, nObs, true);
  view.setUint32(12, nFeatures, true);
  view.setBigUint64(16, BigInt(nnz), true);
  view.setUint32(24, at.tileSize, true);
  bytes[28] = tilings.length;
  bytes[29] = at.featureBytes;
  bytes[30] = at.tileBytes;
  PER_FEATURE.forEach((name, i) =>
    new Float64Array(bytes.buffer, bytes.byteOffset + HEADER + 8 * nFeatures * i, nFeatures).set(index[name]),
  );
  const lengths = uintView(bytes, at.rowPtr, nObs, at.featureBytes);
  for (let r = 0; r < nObs; r++) lengths[r] = index.rowPtr[r + 1]! - index.rowPtr[r]!;
  tilings.forEach((tiling, t) => {
    if (tiling.tileOf.BYTES_PER_ELEMENT !== at.tileBytes || tiling.nTiles !== at.nTiles)
      throw new RangeError(`tiling ${t} does not match the file's tiles`);
    uintView(bytes, at.tilings[t]!.tileOf, nObs, at.tileBytes).set(tiling.tileOf);
  });
}

const uintView = (bytes: Uint8Array, offset: number, n: number, width: 2 | 4): Uint16Array | Uint32Array =>
  width === 2
    ? new Uint16Array(bytes.buffer, bytes.byteOffset + offset, n)
    : new Uint32Array(bytes.buffer, bytes.byteOffset + offset, n);

/** The whole index as a version-2 file. */
export function encodeSelectionIndex(index: SelectionIndex): Uint8Array {
  const { nObs, nFeatures } = index;
  const tilings = index.tilings ?? [];
  const nnz = index.values.length;
  const at = layoutV2({ nObs, nFeatures, nnz, tileSize: tilings[0]?.tileSize ?? 0, nTilings: tilings.length });
  const bytes = new Uint8Array(at.total);
  writeHead(bytes, at, index, tilings);
  (at.featureBytes === 2
    ? new Uint16Array(bytes.buffer, at.features, nnz)
    : new Int32Array(bytes.buffer, at.features, nnz)
  ).set(index.features);
  new Float32Array(bytes.buffer, at.values, nnz).set(index.values);
  new Uint32Array(bytes.buffer, at.ranks, nnz).set(index.doubledRanks);
  tilings.forEach((tiling, t) =>
    new Float64Array(bytes.buffer, at.tilings[t]!.sums, tiling.sums.length).set(tiling.sums),
  );
  return bytes;
}

/** Bytes of the header: read these first to learn the rest of the layout (a version-1 file's is the first 32). */
export const SELECTION_HEADER_BYTES = HEADER;

/** The layout a `.sel` file's first bytes describe; a foreign file or version is an error. */
export function readSelectionHeader(header: Uint8Array): SelectionFileLayout {
  if (header.length < HEADER_V1 || String.fromCharCode(...header.subarray(0, 4)) !== SELECTION_MAGIC) {
    throw new RangeError('not a selection index (.sel) file');
  }
  const view = new DataView(header.buffer, header.byteOffset, header.length);
  const version = view.getUint32(4, true);
  const nObs = view.getUint32(8, true);
  const nFeatures = view.getUint32(12, true);
  const nnz = Number(view.getBigUint64(16, true));
  if (version === 1) return layoutV1(nObs, nFeatures, nnz);
  if (version !== 2) throw new RangeError(`unsupported .sel version ${version}`);
  if (header.length < HEADER) throw new RangeError('not a selection index (.sel) file');
  const at = layoutV2({ nObs, nFeatures, nnz, tileSize: view.getUint32(24, true), nTilings: header[28]! });
  if (header[29] !== at.featureBytes || header[30] !== at.tileBytes || (at.tilings.length > 0 && at.tileSize === 0))
    throw new RangeError('corrupt .sel header');
  return at;
}

/**
 * The index over the file's bytes. Views share the bytes when they are 8-aligned (one copy otherwise); the counts
 * are checked against the length so a truncated or foreign file is an error, not garbage statistics.
 */
export function decodeSelectionIndex(source: Uint8Array): SelectionIndex {
  const at = readSelectionHeader(source);
  if (source.length !== at.total) throw new RangeError(`.sel file has ${source.length} bytes, expected ${at.total}`);
  const bytes = aligned(source);
  const { nnz } = at;
  const sumsAt = (t: number, length: number) =>
    new Float64Array(bytes.buffer, bytes.byteOffset + at.tilings[t]!.sums, length);
  const features = featureArray(bytes, at.features, nnz, at.featureBytes);
  if (!featuresInRange(features, at.nFeatures)) throw new RangeError('corrupt .sel feature index');
  return {
    ...headOf(bytes, at, sumsAt, false),
    features,
    values: new Float32Array(bytes.buffer, bytes.byteOffset + at.values, nnz),
    doubledRanks: new Uint32Array(bytes.buffer, bytes.byteOffset + at.ranks, nnz),
  };
}

const featureArray = (bytes: Uint8Array, offset: number, n: number, width: 2 | 4): Int32Array | Uint16Array =>
  width === 2
    ? new Uint16Array(bytes.buffer, bytes.byteOffset + offset, n)
    : new Int32Array(bytes.buffer, bytes.byteOffset + offset, n);

/**
 * The index from the file's head alone (its first `layout.features` bytes: header, per-feature sums, row lengths
 * and tile numbers), with room for every entry and tile sum and none read yet, filled row range by row range
 * (`selectionEntryParts`) and tile range by tile range (`selectionTileParts`), so a lasso on a Visium HD run
 * (0.9 GB of entries) reads the entries of its own rows only.
 */
export function partialSelectionIndex(head: Uint8Array, at: SelectionFileLayout): SelectionIndex {
  if (head.length < at.features) throw new RangeError(`.sel head has ${head.length} bytes, expected ${at.features}`);
  return {
    ...headOf(aligned(head), at, (_, length) => new Float64Array(length), true),
    features: at.featureBytes === 2 ? new Uint16Array(at.nnz) : new Int32Array(at.nnz),
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
  /** Read the rows' doubled ranks too (only rank sums need them: a third of the bytes). */
  withRanks = true,
): { start: number; end: number; target: Uint8Array }[] {
  const from = index.rowPtr[fromRow]!;
  const to = index.rowPtr[toRow]!;
  const arrays: [number, Int32Array | Uint16Array | Float32Array | Uint32Array][] = [
    [at.features, index.features],
    [at.values, index.values],
  ];
  if (withRanks) arrays.push([at.ranks, index.doubledRanks]);
  return arrays.map(([offset, array]) => {
    const width = array.BYTES_PER_ELEMENT;
    return {
      start: offset + width * from,
      end: offset + width * to,
      target: new Uint8Array(array.buffer, array.byteOffset + width * from, width * (to - from)),
    };
  });
}

/**
 * Where the sums of tiles [fromTile, toTile) of a tiling are in the file and where they go in a partial index.
 * Then `markSelectionTilesRead`.
 */
export function selectionTileParts(
  index: SelectionIndex,
  at: SelectionFileLayout,
  tiling: number,
  fromTile: number,
  toTile: number,
): { start: number; end: number; target: Uint8Array } {
  const { sums } = index.tilings![tiling]!;
  const width = 8 * TILE_STRIDE * index.nFeatures;
  const start = at.tilings[tiling]!.sums + width * fromTile;
  return {
    start,
    end: start + width * (toTile - fromTile),
    target: new Uint8Array(sums.buffer, sums.byteOffset + width * fromTile, width * (toTile - fromTile)),
  };
}

/** Marks tiles [fromTile, toTile) of a tiling read once their sums are in place; returns the bytes newly held. */
export function markSelectionTilesRead(
  index: SelectionIndex,
  tiling: number,
  fromTile: number,
  toTile: number,
): number {
  const read = index.tilings![tiling]!;
  const { loaded } = read;
  if (!loaded) return 0;
  let added = 0;
  for (let tile = fromTile; tile < toTile; tile++) added += 1 - loaded[tile]!;
  loaded.fill(1, fromTile, toTile);
  return added * selectionTileBytes(read);
}

/**
 * Marks rows [fromRow, toRow) read once their entries (and ranks, `withRanks`) are in place, checking their feature
 * indices as decoding does. Returns the bytes newly held, so a cache counts what a read added without a pass over
 * every row of the run (15 ms at five million, twice per lasso).
 */
export function markSelectionRowsRead(index: SelectionIndex, fromRow: number, toRow: number, withRanks = true): number {
  const features = index.features.subarray(index.rowPtr[fromRow]!, index.rowPtr[toRow]!);
  if (!featuresInRange(features, index.nFeatures)) throw new RangeError('corrupt .sel feature index');
  const { loaded } = index;
  if (!loaded) return 0;
  const read = rowBitsNeeded(withRanks);
  let added = 0;
  // Or-ed, not filled: a range joined over rows read with their ranks keeps them.
  for (let row = fromRow; row < toRow; row++) {
    const before = loaded[row]!;
    loaded[row] = before | read;
    if ((before | read) !== before) added += selectionRowBytes(index, row, read & ~before);
  }
  return added;
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
  { joinGapEntries = 1 << 16, maxRanges = 64, withRanks = true } = {},
): [number, number][] {
  const { rowPtr, loaded, nObs } = index;
  if (!loaded) return [];
  const missing = rowsNotRead(loaded, rows, rowBitsNeeded(withRanks));
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
function rowsNotRead(loaded: Uint8Array, rows: ArrayLike<number>, need: number): number[] {
  let ascending = true;
  for (let i = 1; i < rows.length && ascending; i++) ascending = rows[i - 1]! < rows[i]!;
  const ordered = ascending ? rows : [...new Set(Array.from(rows))].sort((a, b) => a - b);
  const missing: number[] = [];
  for (let i = 0; i < ordered.length; i++) if ((loaded[ordered[i]!]! & need) !== need) missing.push(ordered[i]!);
  return missing;
}

/**
 * The head's parts: the per-feature sums (views), the row offsets (version 1: a view; version 2: summed from the
 * row lengths, checked against nnz) and the tilings, their tile numbers (views) with the sums `sumsOf` gives (views
 * of a whole file, or zeroed room that an index read in parts fills tile by tile, marking them in `loaded`).
 */
function headOf(
  bytes: Uint8Array,
  at: SelectionFileLayout,
  sumsOf: (tiling: number, length: number) => Float64Array,
  inParts: boolean,
) {
  const { nObs, nFeatures, nnz } = at;
  const f64 = (offset: number, n: number) => new Float64Array(bytes.buffer, bytes.byteOffset + offset, n);
  const headerBytes = at.version === 1 ? HEADER_V1 : HEADER;
  const perFeature = (i: number) => f64(headerBytes + 8 * nFeatures * i, nFeatures);
  let rowPtr: Float64Array;
  if (at.version === 1) rowPtr = f64(at.rowPtr, nObs + 1);
  else {
    rowPtr = new Float64Array(nObs + 1);
    const lengths = uintView(bytes, at.rowPtr, nObs, at.featureBytes);
    for (let r = 0; r < nObs; r++) rowPtr[r + 1] = rowPtr[r]! + lengths[r]!;
  }
  if (rowPtr[nObs] !== nnz) throw new RangeError('corrupt .sel row offsets');
  const tilings: SelectionTiling[] = at.tilings.map(({ tileOf }, t) => {
    const tiles = uintView(bytes, tileOf, nObs, at.tileBytes);
    for (let r = 0; r < nObs; r++) if (tiles[r]! >= at.nTiles) throw new RangeError('corrupt .sel tile numbers');
    const tiling: SelectionTiling = {
      tileSize: at.tileSize,
      nTiles: at.nTiles,
      tileOf: tiles,
      sums: sumsOf(t, TILE_STRIDE * nFeatures * at.nTiles),
    };
    if (inParts) tiling.loaded = new Uint8Array(at.nTiles);
    return tiling;
  });
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
    // A run without tilings has none in its index (as one built in memory).
    ...(tilings.length ? { tilings } : {}),
  };
}

const aligned = (bytes: Uint8Array): Uint8Array => (bytes.byteOffset % 8 === 0 ? bytes : bytes.slice());

/**
 * Whether every index is in [0, n): an index out of range has the sign bit set in `f` or in `n − 1 − f`. Branch-free,
 * so the check of a Visium HD run's 75M indices costs ~0.1 s instead of the ~1 s of a compared loop.
 */
function featuresInRange(features: Int32Array | Uint16Array, n: number): boolean {
  let bits = 0;
  for (let k = 0; k < features.length; k++) {
    const f = features[k]!;
    bits |= f | (n - 1 - f);
  }
  return bits >= 0;
}
