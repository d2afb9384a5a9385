/**
 * Cell outlines stored as spatial tiles (issue 38: five million cells hold ~400 MB of outlines, which the server
 * must not read whole to answer one viewport). The import writes `cells/cell_outline_tiles.bin`: a uniform grid of
 * tiles of ~1,024 cells each (the grid of outline-index.ts, each cell in the tile of its box's lower corner), a
 * directory with each tile's byte range and vertex count, and per tile its cells' indices, boxes and rings. A window
 * reads the header and directory once (a few tens of kB at 5M cells), then only the byte ranges of the tiles it
 * overlaps, one range per row of tiles.
 *
 * Layout (little-endian): magic `ATLOUTT1`; uint32 cells, outlined, vertices, nx, ny and 4 bytes of padding; float64
 * grid x0, y0, tile size, reach (the largest outline's side), median diameter; float64 tileStarts[nx·ny + 1] (byte
 * offsets in the file); uint32 tileVertices[nx·ny]; then each tile: uint32 n, uint32 v, uint32 cells[n],
 * float32 boxes[4n] (min x, min y, max x, max y), uint32 offsets[n + 1] (into the tile's own vertices),
 * float32 xy[2v]. Every part is a multiple of 4 bytes, so typed arrays view the bytes read without a copy.
 */
import { SpatialFormatError } from '../errors.js';
import type { OutlineWindow } from '../../webfiles/outline-window.js';
import { buildOutlineIndex } from './outline-index.js';
import type { CellOutlines } from './outlines.js';

export const OUTLINE_TILES_MAGIC = 'ATLOUTT1';
/** The fixed part of the header; `outlineTilesHeaderLength` gives the whole header with its directory. */
export const OUTLINE_TILES_FIXED_BYTES = 72;
/**
 * Cells per tile: a drawn window (≤ 200k vertices, ~20k cells) spans ~20 tiles plus its edge, and the directory of a
 * 5M-cell run stays ~60 kB. Much smaller tiles make the directory and the number of ranges grow; much larger ones
 * make a window's edge tiles read many cells it does not show.
 */
const CELLS_PER_TILE = 1024;

export interface OutlineTilesHeader {
  cells: number;
  outlined: number;
  vertices: number;
  grid: { x0: number; y0: number; size: number; nx: number; ny: number };
  reach: number;
  medianDiameter: number;
  /** Byte offset of each tile in the file (tiles + 1 entries: the last is the file's end). */
  tileStarts: Float64Array;
  tileVertices: Uint32Array;
}

/** A byte range of the file holding consecutive tiles (one row of a window). */
export interface TileRange {
  start: number;
  end: number;
  tiles: number[];
}

const tilesOf = (nx: number, ny: number) => nx * ny;
const asBytes = (a: Uint32Array | Float32Array | Float64Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

export function encodeOutlineTiles(outlines: CellOutlines): Uint8Array {
  const index = buildOutlineIndex(outlines, CELLS_PER_TILE);
  const { nx, ny } = index.grid;
  const tiles = tilesOf(nx, ny);
  const { offsets: all, xy: allXy } = outlines;
  const tileVertices = new Uint32Array(tiles);
  const tileStarts = new Float64Array(tiles + 1);
  let at = outlineTilesHeaderLength(nx, ny);
  for (let t = 0; t < tiles; t++) {
    tileStarts[t] = at;
    const n = index.starts[t + 1]! - index.starts[t]!;
    for (let k = index.starts[t]!; k < index.starts[t + 1]!; k++) {
      const i = index.order[k]!;
      tileVertices[t]! += all[i + 1]! - all[i]!;
    }
    at += 8 + 4 * n + 16 * n + 4 * (n + 1) + 8 * tileVertices[t]!;
  }
  tileStarts[tiles] = at;
  const bytes = new Uint8Array(at);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(OUTLINE_TILES_MAGIC), 0);
  [all.length - 1, index.outlined, allXy.length / 2, nx, ny].forEach((v, i) => view.setUint32(8 + 4 * i, v, true));
  const { x0, y0, size } = index.grid;
  [x0, y0, size, index.reach, index.medianDiameter].forEach((v, i) => view.setFloat64(32 + 8 * i, v, true));
  bytes.set(asBytes(tileStarts), OUTLINE_TILES_FIXED_BYTES);
  bytes.set(asBytes(tileVertices), OUTLINE_TILES_FIXED_BYTES + 8 * (tiles + 1));
  for (let t = 0; t < tiles; t++)
    writeTile(bytes, tileStarts[t]!, index.order.subarray(index.starts[t], index.starts[t + 1]), index.boxes, outlines);
  return bytes;
}

function writeTile(bytes: Uint8Array, at: number, cells: Uint32Array, boxes: Float32Array, outlines: CellOutlines) {
  const n = cells.length;
  const offsets = new Uint32Array(n + 1);
  cells.forEach((i, k) => (offsets[k + 1] = offsets[k]! + outlines.offsets[i + 1]! - outlines.offsets[i]!));
  const tileBoxes = new Float32Array(4 * n);
  const xy = new Float32Array(2 * offsets[n]!);
  cells.forEach((i, k) => {
    tileBoxes.set(boxes.subarray(4 * i, 4 * i + 4), 4 * k);
    xy.set(outlines.xy.subarray(2 * outlines.offsets[i]!, 2 * outlines.offsets[i + 1]!), 2 * offsets[k]!);
  });
  const view = new DataView(bytes.buffer);
  view.setUint32(at, n, true);
  view.setUint32(at + 4, offsets[n]!, true);
  let p = at + 8;
  for (const part of [cells, tileBoxes, offsets, xy]) {
    bytes.set(asBytes(part), p);
    p += part.byteLength;
  }
}

/** The header's whole length (fixed part and directory) for a grid of nx × ny tiles. */
export function outlineTilesHeaderLength(nx: number, ny: number): number {
  const tiles = tilesOf(nx, ny);
  return OUTLINE_TILES_FIXED_BYTES + 8 * (tiles + 1) + 4 * tiles;
}

/** nx and ny from the fixed part of the header (its first OUTLINE_TILES_FIXED_BYTES bytes), checking the magic. */
export function outlineTilesGrid(fixed: Uint8Array, file: string): { nx: number; ny: number } {
  if (
    fixed.length < OUTLINE_TILES_FIXED_BYTES ||
    new TextDecoder().decode(fixed.subarray(0, 8)) !== OUTLINE_TILES_MAGIC
  )
    throw new SpatialFormatError(file, `not a cell outline tiles file (${OUTLINE_TILES_MAGIC})`);
  const view = new DataView(fixed.buffer, fixed.byteOffset, fixed.byteLength);
  return { nx: view.getUint32(20, true), ny: view.getUint32(24, true) };
}

/** The header from its bytes (the fixed part and the directory, outlineTilesHeaderLength long). */
export function decodeOutlineTilesHeader(bytes: Uint8Array, file: string): OutlineTilesHeader {
  const { nx, ny } = outlineTilesGrid(bytes, file);
  const tiles = tilesOf(nx, ny);
  if (bytes.length < outlineTilesHeaderLength(nx, ny))
    throw new SpatialFormatError(file, 'a cell outline tiles header cut short');
  const copy = bytes.slice(0, outlineTilesHeaderLength(nx, ny));
  const view = new DataView(copy.buffer);
  const [cells, outlined, vertices] = [0, 1, 2].map((i) => view.getUint32(8 + 4 * i, true)) as [number, number, number];
  const [x0, y0, size, reach, medianDiameter] = [0, 1, 2, 3, 4].map((i) => view.getFloat64(32 + 8 * i, true)) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return {
    cells,
    outlined,
    vertices,
    grid: { x0, y0, size, nx, ny },
    reach,
    medianDiameter,
    tileStarts: new Float64Array(copy.buffer, OUTLINE_TILES_FIXED_BYTES, tiles + 1),
    tileVertices: new Uint32Array(copy.buffer, OUTLINE_TILES_FIXED_BYTES + 8 * (tiles + 1), tiles),
  };
}

/**
 * What a window must read: the byte range of each row of tiles that may hold a cell meeting it, and the vertices of
 * the tiles whose every cell surely meets it (a lower bound on the window's vertices: above the cap, nothing needs
 * reading).
 */
export function tilesForWindow(
  header: OutlineTilesHeader,
  window: { x0: number; y0: number; x1: number; y1: number },
): { ranges: TileRange[]; surelyInside: number } {
  const { grid, reach, tileStarts, tileVertices } = header;
  const { x0, y0, x1, y1 } = window;
  if (header.outlined === 0 || x1 < grid.x0 - reach || y1 < grid.y0 - reach) return { ranges: [], surelyInside: 0 };
  const clampX = (x: number) => Math.min(grid.nx - 1, Math.max(0, Math.floor((x - grid.x0) / grid.size)));
  const clampY = (y: number) => Math.min(grid.ny - 1, Math.max(0, Math.floor((y - grid.y0) / grid.size)));
  const [bx0, bx1, by0, by1] = [clampX(x0 - reach), clampX(x1), clampY(y0 - reach), clampY(y1)];
  const ranges: TileRange[] = [];
  let surelyInside = 0;
  for (let by = by0; by <= by1; by++) {
    const first = by * grid.nx + bx0;
    const last = by * grid.nx + bx1;
    ranges.push({ start: tileStarts[first]!, end: tileStarts[last + 1]!, tiles: range(first, last) });
    for (let bx = bx0; bx <= bx1; bx++) {
      // A tile's cells start inside it and reach at most `reach` beyond it.
      const tx = grid.x0 + bx * grid.size;
      const ty = grid.y0 + by * grid.size;
      if (tx >= x0 && ty >= y0 && tx + grid.size + reach <= x1 && ty + grid.size + reach <= y1)
        surelyInside += tileVertices[by * grid.nx + bx]!;
    }
  }
  return { ranges, surelyInside };
}

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, k) => a + k);

/**
 * The outlines meeting the window from the bytes of its tile ranges (as read, in tilesForWindow's order), or none
 * (`overCap`) when they hold more than `maxVertices`: counted from the boxes before any vertex is copied.
 */
export function outlinesFromTiles(
  header: OutlineTilesHeader,
  reads: ReadonlyArray<{ range: TileRange; bytes: Uint8Array }>,
  window: { x0: number; y0: number; x1: number; y1: number },
  maxVertices: number,
): OutlineWindow {
  const found: { cell: number; xy: Float32Array }[] = [];
  let windowVertices = 0;
  for (const { range: r, bytes: read } of reads) {
    // Typed arrays need 4-aligned offsets: a range read into an odd place of its buffer is copied once.
    const bytes = read.byteOffset % 4 === 0 ? read : read.slice();
    for (const t of r.tiles) {
      const tile = tileAt(bytes, header.tileStarts[t]! - r.start);
      for (let k = 0; k < tile.cells.length; k++) {
        const b = tile.boxes.subarray(4 * k, 4 * k + 4);
        if (b[0]! > window.x1 || b[2]! < window.x0 || b[1]! > window.y1 || b[3]! < window.y0) continue;
        const ring = tile.xy.subarray(2 * tile.offsets[k]!, 2 * tile.offsets[k + 1]!);
        windowVertices += ring.length / 2;
        found.push({ cell: tile.cells[k]!, xy: ring });
      }
    }
  }
  if (windowVertices > maxVertices) return overCapWindow(windowVertices);
  found.sort((a, b) => a.cell - b.cell);
  const cells = Uint32Array.from(found, (f) => f.cell);
  const offsets = new Uint32Array(found.length + 1);
  const xy = new Float32Array(2 * windowVertices);
  found.forEach((f, k) => {
    xy.set(f.xy, 2 * offsets[k]!);
    offsets[k + 1] = offsets[k]! + f.xy.length / 2;
  });
  return { cells, offsets, xy, overCap: false, windowVertices };
}

/** No outline sent: the window holds (at least) `windowVertices` vertices, more than one answer may. */
export function overCapWindow(windowVertices: number): OutlineWindow {
  return {
    cells: new Uint32Array(0),
    offsets: new Uint32Array(1),
    xy: new Float32Array(0),
    overCap: true,
    windowVertices,
  };
}

function tileAt(bytes: Uint8Array, at: number) {
  const view = new DataView(bytes.buffer, bytes.byteOffset + at);
  const n = view.getUint32(0, true);
  const v = view.getUint32(4, true);
  const o = bytes.byteOffset + at + 8;
  return {
    cells: new Uint32Array(bytes.buffer, o, n),
    boxes: new Float32Array(bytes.buffer, o + 4 * n, 4 * n),
    offsets: new Uint32Array(bytes.buffer, o + 20 * n, n + 1),
    xy: new Float32Array(bytes.buffer, o + 24 * n + 4, 2 * v),
  };
}
