/**
 * A uniform grid over the cell outlines of a run, to answer "the outlines within this window" (issue 38: the explorer
 * fetches outlines for its viewport only). Each cell sits in the grid cell of its bounding box's lower corner; a
 * query widens the window by the largest outline's size, so a cell that only pokes into the window is still found,
 * and then checks each candidate's box. A grid, not an R-tree: outlines are all about one size (a cell), so a grid
 * of ~16 cells per bucket is as selective as a tree, builds in one counting sort and needs no library.
 */
import type { OutlineWindow } from '../../webfiles/outline-window.js';
import type { CellOutlines } from './outlines.js';

export interface OutlineIndex {
  outlines: CellOutlines;
  /** Per cell: min x, min y, max x, max y of its ring (NaN for a cell without outline). */
  boxes: Float32Array;
  /** Cells in bucket order and where each bucket starts (buckets + 1 entries). */
  order: Uint32Array;
  starts: Uint32Array;
  grid: { x0: number; y0: number; size: number; nx: number; ny: number };
  /** The largest outline's width or height: how far a cell may reach out of its bucket. */
  reach: number;
  /** Median over outlined cells of the larger side of each box. */
  medianDiameter: number;
  outlined: number;
}

const CELLS_PER_BUCKET = 16;
const MAX_BUCKETS_PER_SIDE = 4096;

function cellBoxes({ offsets, xy }: CellOutlines): Float32Array {
  const n = offsets.length - 1;
  const boxes = new Float32Array(4 * n).fill(Number.NaN);
  for (let i = 0; i < n; i++) {
    const start = offsets[i]!;
    const end = offsets[i + 1]!;
    if (end === start) continue;
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let v = start; v < end; v++) {
      const x = xy[2 * v]!;
      const y = xy[2 * v + 1]!;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    boxes.set([x0, y0, x1, y1], 4 * i);
  }
  return boxes;
}

/** `cellsPerBucket`: 16 for an index kept in memory; the tiles of a stored file take more (outline-tiles.ts). */
export function buildOutlineIndex(outlines: CellOutlines, cellsPerBucket = CELLS_PER_BUCKET): OutlineIndex {
  const boxes = cellBoxes(outlines);
  const n = outlines.offsets.length - 1;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  let reach = 0;
  const sides: number[] = [];
  for (let i = 0; i < n; i++) {
    const b = boxes.subarray(4 * i, 4 * i + 4);
    if (Number.isNaN(b[0]!)) continue;
    x0 = Math.min(x0, b[0]!);
    y0 = Math.min(y0, b[1]!);
    x1 = Math.max(x1, b[2]!);
    y1 = Math.max(y1, b[3]!);
    const side = Math.max(b[2]! - b[0]!, b[3]! - b[1]!);
    reach = Math.max(reach, side);
    sides.push(side);
  }
  sides.sort((a, b) => a - b);
  const outlined = sides.length;
  if (!outlined) [x0, y0, x1, y1] = [0, 0, 1, 1];
  const perSide = Math.min(MAX_BUCKETS_PER_SIDE, Math.max(1, Math.ceil(Math.sqrt(outlined / cellsPerBucket))));
  const size = Math.max(x1 - x0, y1 - y0, 1e-6) / perSide;
  const nx = Math.max(1, Math.ceil((x1 - x0) / size) + 1);
  const ny = Math.max(1, Math.ceil((y1 - y0) / size) + 1);
  const bucketOf = (i: number) =>
    Math.floor((boxes[4 * i + 1]! - y0) / size) * nx + Math.floor((boxes[4 * i]! - x0) / size);
  const starts = new Uint32Array(nx * ny + 1);
  for (let i = 0; i < n; i++) if (!Number.isNaN(boxes[4 * i]!)) starts[bucketOf(i) + 1]!++;
  for (let b = 0; b < nx * ny; b++) starts[b + 1]! += starts[b]!;
  const next = starts.slice(0, nx * ny);
  const order = new Uint32Array(outlined);
  for (let i = 0; i < n; i++) if (!Number.isNaN(boxes[4 * i]!)) order[next[bucketOf(i)]!++] = i;
  return {
    outlines,
    boxes,
    order,
    starts,
    grid: { x0, y0, size, nx, ny },
    reach,
    medianDiameter: outlined ? sides[outlined >> 1]! : 0,
    outlined,
  };
}

/** The cells whose outline's box meets [x0, x1] × [y0, y1], in index order. */
function cellsInWindow(index: OutlineIndex, x0: number, y0: number, x1: number, y1: number): Uint32Array {
  const { grid, boxes, order, starts, reach } = index;
  const clampX = (x: number) => Math.min(grid.nx - 1, Math.max(0, Math.floor((x - grid.x0) / grid.size)));
  const clampY = (y: number) => Math.min(grid.ny - 1, Math.max(0, Math.floor((y - grid.y0) / grid.size)));
  const found: number[] = [];
  if (x1 < grid.x0 - reach || y1 < grid.y0 - reach) return new Uint32Array(0);
  for (let by = clampY(y0 - reach); by <= clampY(y1); by++) {
    for (let bx = clampX(x0 - reach); bx <= clampX(x1); bx++) {
      const b = by * grid.nx + bx;
      for (let k = starts[b]!; k < starts[b + 1]!; k++) {
        const i = order[k]!;
        const at = 4 * i;
        if (boxes[at]! <= x1 && boxes[at + 2]! >= x0 && boxes[at + 1]! <= y1 && boxes[at + 3]! >= y0) found.push(i);
      }
    }
  }
  return Uint32Array.from(found).sort();
}

/**
 * The outlines within a window, or none (`overCap`) when its cells hold more than `maxVertices`: the answer is
 * bounded before anything is copied.
 */
export function outlinesInWindow(
  index: OutlineIndex,
  window: { x0: number; y0: number; x1: number; y1: number },
  maxVertices: number,
): OutlineWindow {
  const cells = cellsInWindow(index, window.x0, window.y0, window.x1, window.y1);
  const { offsets: all, xy: allXy } = index.outlines;
  let windowVertices = 0;
  for (const i of cells) windowVertices += all[i + 1]! - all[i]!;
  if (windowVertices > maxVertices)
    return {
      cells: new Uint32Array(0),
      offsets: new Uint32Array(1),
      xy: new Float32Array(0),
      overCap: true,
      windowVertices,
    };
  const offsets = new Uint32Array(cells.length + 1);
  const xy = new Float32Array(2 * windowVertices);
  cells.forEach((i, k) => {
    xy.set(allXy.subarray(2 * all[i]!, 2 * all[i + 1]!), 2 * offsets[k]!);
    offsets[k + 1] = offsets[k]! + all[i + 1]! - all[i]!;
  });
  return { cells, offsets, xy, overCap: false, windowVertices };
}
