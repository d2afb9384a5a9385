/**
 * Tiles of a run's observations with their sums, so that a large lasso reads a few sums per tile instead of every
 * row it holds (issue 38: a 555,000-cell disc of a five-million-cell run read 222 MB of rows from a cold disc,
 * 1.1 of its 2.3 s). The observations are sorted along a Z-order (Morton) curve of their positions and cut into
 * runs of `tileSize`: each tile is a compact patch of the plot. Per tile and feature the index keeps what a walk
 * of its rows would add up (selection-de.ts `walk`): Σe, Σe², the stored count and Σ doubled rank. A selection
 * that holds every observation of a tile takes the tile's sums; only the observations of the tiles it cuts
 * through are walked. A run has one tiling per layout a lasso is drawn on (spatial, UMAP): a lasso on either plot
 * covers whole tiles of its own.
 *
 * Z-order cuts rather than a grid: every tile holds the same number of observations whatever their density (a
 * tissue's edges and holes leave no empty or crowded tiles), and the cut is one sort, as Vitessce tiles its
 * Morton-sorted Xenium points.
 */
import { sortBuffers, sortKeysWithPayload } from './sort-keys.js';

/** Accumulators per tile and feature, in `walk`'s order: Σe, Σe², count, Σ doubled rank. */
export const TILE_STRIDE = 4;

export interface SelectionTiling {
  tileSize: number;
  nTiles: number;
  /** The tile of each observation. */
  tileOf: Uint16Array | Uint32Array;
  /** Tile-major: [TILE_STRIDE × (tile × nFeatures + feature)], e = value − the feature's shift. */
  sums: Float64Array;
  /**
   * Per tile: 1 when its sums are in `sums`. Absent when all are; present for an index read from a `.sel` file in
   * parts, whose tiles are read as selections take them.
   */
  loaded?: Uint8Array;
}

/** Observations of tile `t` (the last tile holds the remainder). */
const tileSizeOf = (tiling: Pick<SelectionTiling, 'tileSize'>, nObs: number, t: number): number =>
  Math.min(tiling.tileSize, nObs - t * tiling.tileSize);

/** Bits per axis of the Z-order key: 16 + 16 fill a uint32, 65,536 cells a side. */
const AXIS_BITS = 16;

/** Spreads the low 16 bits of v to the even bits of a uint32. */
function spread(v: number): number {
  let x = v & 0xffff;
  x = (x | (x << 8)) & 0x00ff00ff;
  x = (x | (x << 4)) & 0x0f0f0f0f;
  x = (x | (x << 2)) & 0x33333333;
  x = (x | (x << 1)) & 0x55555555;
  return x >>> 0;
}

/** The bounding box of the finite positions among the interleaved (x, y) of `nObs` observations. */
function boundsOf(xy: ArrayLike<number>, nObs: number): [number, number, number, number] {
  let [x0, x1, y0, y1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (let i = 0; i < nObs; i++) {
    const x = xy[2 * i]!;
    const y = xy[2 * i + 1]!;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return [x0, x1, y0, y1];
}

/** Whether a layout spreads its observations out (a run without spatial positions has them all at 0, 0). */
export function isSpread(xy: ArrayLike<number>, nObs: number): boolean {
  const [x0, x1, y0, y1] = boundsOf(xy, nObs);
  return x1 > x0 || y1 > y0;
}

/**
 * The observations in Z-order of their interleaved (x, y) positions: quantised to 16 bits a side over their
 * bounding box. Observations without a finite position go last, in their own order.
 */
export function zOrder(xy: ArrayLike<number>, nObs: number): Int32Array {
  const [x0, x1, y0, y1] = boundsOf(xy, nObs);
  // One short of the largest key on each axis, so that no position shares the key of those without one.
  const top = 2 ** AXIS_BITS - 2;
  const sx = x1 > x0 ? top / (x1 - x0) : 0;
  const sy = y1 > y0 ? top / (y1 - y0) : 0;
  const buffers = sortBuffers(nObs);
  for (let i = 0; i < nObs; i++) {
    const x = xy[2 * i]!;
    const y = xy[2 * i + 1]!;
    buffers.keys[i] =
      Number.isFinite(x) && Number.isFinite(y)
        ? (spread(Math.round((x - x0) * sx)) | (spread(Math.round((y - y0) * sy)) << 1)) >>> 0
        : 0xffffffff;
    buffers.payload[i] = i;
  }
  return sortKeysWithPayload(buffers, nObs).payload.slice(0, nObs);
}

/**
 * The tile size for a run, or 0 for none: the smallest power of two from 64 whose sums (TILE_STRIDE float64 per
 * tile and feature) stay within a sixteenth of the bytes of the entries they stand for, so each tiling adds at
 * most ~6 % to the `.sel` file; none when that leaves fewer than 8 tiles (a lasso would cover hardly any: the
 * run is small, or has so many features per stored value, as a 30,000-gene spot array, that its rows are cheaper).
 */
export function chooseTileSize(nObs: number, nFeatures: number, nnz: number, entryBytes: number): number {
  const budget = (nnz * entryBytes) / 16;
  for (let size = 64; size <= nObs / 8; size *= 2) {
    if (8 * TILE_STRIDE * nFeatures * Math.ceil(nObs / size) <= budget) return size;
  }
  return 0;
}

/** The entries a tiling's sums are made from: CSR rows, possibly with stored zeros, and their ranks. */
export interface TileSource {
  nObs: number;
  nFeatures: number;
  /** Per row, where its entries start and end in `features`/`values` (CSR indptr). */
  indptr: ArrayLike<number>;
  features: ArrayLike<number>;
  values: ArrayLike<number>;
  /** Where each row's first non-zero's doubled rank is (stored zeros have none): the index's row offsets. */
  rankRowPtr: ArrayLike<number>;
  doubledRanks: ArrayLike<number>;
  shift: ArrayLike<number>;
}

/**
 * A tiling of the observations at `xy` with its sums. The rows are taken tile by tile, so each tile's
 * accumulators (nFeatures × 32 bytes) stay in cache while its rows stream in.
 */
export function buildSelectionTiling(source: TileSource, xy: ArrayLike<number>, tileSize: number): SelectionTiling {
  const { nObs, nFeatures, indptr, features, values, rankRowPtr, doubledRanks, shift } = source;
  const order = zOrder(xy, nObs);
  const nTiles = Math.ceil(nObs / tileSize);
  const tileOf = nTiles <= 0x10000 ? new Uint16Array(nObs) : new Uint32Array(nObs);
  const sums = new Float64Array(TILE_STRIDE * nFeatures * nTiles);
  for (let p = 0; p < nObs; p++) {
    const row = order[p]!;
    const tile = Math.floor(p / tileSize);
    tileOf[row] = tile;
    const base = TILE_STRIDE * nFeatures * tile;
    let c = rankRowPtr[row]!;
    for (let k = indptr[row]!, end = indptr[row + 1]!; k < end; k++) {
      const v = values[k]!;
      if (v === 0) continue;
      const f = features[k]!;
      const at = base + TILE_STRIDE * f;
      const e = v - shift[f]!;
      sums[at]! += e;
      sums[at + 1]! += e * e;
      sums[at + 2]!++;
      sums[at + 3]! += doubledRanks[c++]!;
    }
  }
  return { tileSize, nTiles, tileOf, sums };
}

/**
 * Which tiles of which tiling a walk over `rows` (ascending or not, distinct) takes whole: the tiling whose
 * whole tiles hold the most of them, and the rows left to walk one by one. Null tiles when no tiling has a whole
 * tile among them.
 */
export function tilesCovering(
  tilings: readonly SelectionTiling[],
  nObs: number,
  rows: Int32Array,
): { tiling: number; tiles: Int32Array; rest: Int32Array } | null {
  let best: { tiling: number; whole: Uint8Array; covered: number } | null = null;
  tilings.forEach((tiling, t) => {
    const counts = new Uint32Array(tiling.nTiles);
    for (let i = 0; i < rows.length; i++) counts[tiling.tileOf[rows[i]!]!]!++;
    const whole = new Uint8Array(tiling.nTiles);
    let covered = 0;
    for (let tile = 0; tile < tiling.nTiles; tile++) {
      const size = tileSizeOf(tiling, nObs, tile);
      if (counts[tile] === size) {
        whole[tile] = 1;
        covered += size;
      }
    }
    if (covered > 0 && covered > (best?.covered ?? 0)) best = { tiling: t, whole, covered };
  });
  if (best === null) return null;
  const { tiling, whole, covered } = best as { tiling: number; whole: Uint8Array; covered: number };
  const tileOf = tilings[tiling]!.tileOf;
  const rest = new Int32Array(rows.length - covered);
  for (let i = 0, at = 0; i < rows.length; i++) if (whole[tileOf[rows[i]!]!] === 0) rest[at++] = rows[i]!;
  const tiles: number[] = [];
  for (let tile = 0; tile < whole.length; tile++) if (whole[tile]) tiles.push(tile);
  return { tiling, tiles: Int32Array.from(tiles), rest };
}

/** Adds the sums of `tiles` of a tiling into walk accumulators (TILE_STRIDE per feature). */
export function addTileSums(tiling: SelectionTiling, nFeatures: number, tiles: Int32Array, acc: Float64Array): void {
  const width = TILE_STRIDE * nFeatures;
  const { sums } = tiling;
  for (let i = 0; i < tiles.length; i++) {
    const base = width * tiles[i]!;
    for (let k = 0; k < width; k++) acc[k]! += sums[base + k]!;
  }
}

/** Throws when a tile's sums are not read yet (an index read in parts: its reader reads them first). */
export function requireTiles(tiling: SelectionTiling, tiles: Int32Array): void {
  const { loaded } = tiling;
  if (!loaded) return;
  for (let i = 0; i < tiles.length; i++) {
    if (loaded[tiles[i]!] !== 1) throw new Error(`tile ${tiles[i]} of the selection index is not read yet`);
  }
}

/** The runs [from, to) of consecutive tiles among `tiles` (ascending) whose sums are not read yet. */
export function tileRangesToRead(tiling: SelectionTiling, tiles: Int32Array): [number, number][] {
  const ranges: [number, number][] = [];
  for (let i = 0; i < tiles.length; i++) {
    const tile = tiles[i]!;
    if (tiling.loaded?.[tile] === 1) continue;
    const last = ranges[ranges.length - 1];
    if (last && last[1] === tile) last[1] = tile + 1;
    else ranges.push([tile, tile + 1]);
  }
  return tiling.loaded ? ranges : [];
}
