/**
 * Cell outlines in a compact form for drawing later (issue 38: polygons when zoomed in): one ring per cell of the
 * run, in the run's cell order, as vertex offsets (`offsets[i]` … `offsets[i + 1]` are cell i's vertices; an empty
 * range is a cell without outline) and the vertices as interleaved Float32 x, y in microns. Float32 keeps a vertex
 * to ~1 nm at 10 mm, far finer than a screen pixel, and halves the memory of five million outlines. Rings are stored
 * open: a repeated first vertex at the end (Xenium, MERSCOPE) is dropped, as a renderer closes the ring itself.
 *
 * As a side file of the run (`cells/nucleus_outlines.bin`, and the cell outlines of runs imported before
 * outline-tiles.ts: `cells/cell_outlines.bin`; encodeOutlines): the magic `ATLOUTL1`, the cell and vertex
 * counts as little-endian uint32, the offsets (uint32, cells + 1) and the vertices (float32, 2 × vertices).
 */
import { CELLS_MSG } from '@atlas/contracts/genes/cell-messages';
import { SpatialFormatError } from '../errors.js';

export interface CellOutlines {
  offsets: Uint32Array;
  xy: Float32Array;
}

/**
 * Outlines from one row per vertex (Xenium `cell_boundaries`, CosMx polygons), grouped by cell whatever the row
 * order (a counting sort, vertices kept in file order within a cell). Vertices of cells not in `rowOf` (the run's
 * cells) are left out and counted in `unplaced`.
 */
export function outlinesFromVertices(
  rowOf: ReadonlyMap<string, number>,
  nCells: number,
  cellOfVertex: ArrayLike<unknown>,
  x: ArrayLike<number>,
  y: ArrayLike<number>,
): { outlines: CellOutlines; unplaced: number } {
  const n = cellOfVertex.length;
  const cell = new Int32Array(n);
  const counts = new Uint32Array(nCells + 1);
  const unplacedCells = new Set<string>();
  // A cell's vertices are consecutive rows in every platform's file: its id is looked up once, not per vertex.
  let previous: unknown = undefined;
  let row: number | undefined;
  for (let v = 0; v < n; v++) {
    const raw = cellOfVertex[v];
    if (v === 0 || raw !== previous) {
      previous = raw;
      const id = String(raw);
      row = rowOf.get(id);
      if (row === undefined) unplacedCells.add(id);
    }
    cell[v] = row ?? -1;
    if (row !== undefined) counts[row + 1]!++;
  }
  const offsets = new Uint32Array(nCells + 1);
  for (let i = 0; i < nCells; i++) offsets[i + 1] = offsets[i]! + counts[i + 1]!;
  const next = offsets.slice(0, nCells);
  const xy = new Float32Array(2 * offsets[nCells]!);
  for (let v = 0; v < n; v++) {
    const row = cell[v]!;
    if (row < 0) continue;
    const at = next[row]!++;
    xy[2 * at] = x[v]!;
    xy[2 * at + 1] = y[v]!;
  }
  return { outlines: withoutClosingVertex({ offsets, xy }), unplaced: unplacedCells.size };
}

/** A GeoJSON Polygon or MultiPolygon (as hyparquet decodes GeoParquet WKB): the exterior ring of its first polygon. */
export function exteriorRing(geometry: unknown, row: number, file: string): number[][] {
  const g = geometry as { type?: string; coordinates?: unknown } | null;
  if (g?.type === 'Polygon') return ((g.coordinates as number[][][])[0] ?? []) as number[][];
  if (g?.type === 'MultiPolygon') return ((g.coordinates as number[][][][])[0]?.[0] ?? []) as number[][];
  throw new SpatialFormatError(file, CELLS_MSG.badGeometry(row, String(g?.type ?? 'null')));
}

/** Outlines from one ring per cell (MERSCOPE GeoParquet), `rings[i]` for cell i or null when it has none. */
export function outlinesFromRings(rings: ReadonlyArray<number[][] | null>): CellOutlines {
  const offsets = new Uint32Array(rings.length + 1);
  rings.forEach((ring, i) => (offsets[i + 1] = offsets[i]! + (ring?.length ?? 0)));
  const xy = new Float32Array(2 * offsets[rings.length]!);
  rings.forEach((ring, i) =>
    ring?.forEach(([x, y], k) => {
      xy[2 * (offsets[i]! + k)] = x!;
      xy[2 * (offsets[i]! + k) + 1] = y!;
    }),
  );
  return withoutClosingVertex({ offsets, xy });
}

/** Drops each ring's last vertex when it repeats the first (a closed ring), compacting in place. */
function withoutClosingVertex({ offsets, xy }: CellOutlines): CellOutlines {
  const out = new Uint32Array(offsets.length);
  let w = 0;
  for (let i = 0; i + 1 < offsets.length; i++) {
    const start = offsets[i]!;
    let end = offsets[i + 1]!;
    if (end - start > 1 && xy[2 * start] === xy[2 * (end - 1)] && xy[2 * start + 1] === xy[2 * (end - 1) + 1]) end--;
    xy.copyWithin(2 * w, 2 * start, 2 * end);
    w += end - start;
    out[i + 1] = w;
  }
  return { offsets: out, xy: xy.slice(0, 2 * w) };
}

const MAGIC = 'ATLOUTL1';

export function encodeOutlines({ offsets, xy }: CellOutlines): Uint8Array {
  const nCells = offsets.length - 1;
  const nVertices = xy.length / 2;
  const bytes = new Uint8Array(16 + 4 * offsets.length + 4 * xy.length);
  bytes.set(new TextEncoder().encode(MAGIC), 0);
  const view = new DataView(bytes.buffer);
  view.setUint32(8, nCells, true);
  view.setUint32(12, nVertices, true);
  // Typed arrays are little-endian on every platform Node and browsers run on.
  bytes.set(new Uint8Array(offsets.buffer, offsets.byteOffset, offsets.byteLength), 16);
  bytes.set(new Uint8Array(xy.buffer, xy.byteOffset, xy.byteLength), 16 + 4 * offsets.length);
  return bytes;
}

export function decodeOutlines(bytes: Uint8Array, file: string): CellOutlines {
  const fail = (): never => {
    throw new SpatialFormatError(file, `not a cell outlines file (${MAGIC})`);
  };
  if (bytes.length < 16 || new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) fail();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const nCells = view.getUint32(8, true);
  const nVertices = view.getUint32(12, true);
  if (bytes.length !== 16 + 4 * (nCells + 1) + 8 * nVertices) fail();
  const copy = bytes.slice(16);
  return {
    offsets: new Uint32Array(copy.buffer, 0, nCells + 1),
    xy: new Float32Array(copy.buffer, 4 * (nCells + 1), 2 * nVertices),
  };
}
