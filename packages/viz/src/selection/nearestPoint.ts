/**
 * The point nearest to a place, within a radius: what the pointer is over. Answered on the CPU from the lasso's grid
 * index (selectInPolygon.ts), so hovering needs no GPU picking pass: picking would turn off the single-vertex GL
 * points the plots draw with (pointSize.ts) and cost a second render of every layer per pointer move.
 */
import { buildGrid, type GridIndex } from './selectInPolygon';

const grids = new WeakMap<Float32Array, GridIndex>();
const building = new WeakSet<Float32Array>();

/** Point sets up to this size get their grid on the main thread at once (O(n): ~20 ms for a 500k-bin run). */
export const MAIN_THREAD_GRID_MAX_POINTS = 500_000;

/** The grid of a positions array, built on the main thread at its first use and kept with it. */
export function gridOf(positions: Float32Array): GridIndex {
  let grid = grids.get(positions);
  if (!grid) grids.set(positions, (grid = buildGrid(positions)));
  return grid;
}

/**
 * The hover grid of a positions array, or null while it is being built elsewhere: larger sets than
 * MAIN_THREAD_GRID_MAX_POINTS get theirs from `build` (the selection worker), and `ready` is called when it is kept.
 */
export function hoverGridOf(
  positions: Float32Array,
  build: (positions: Float32Array) => Promise<GridIndex>,
  ready: () => void,
): GridIndex | null {
  const grid = grids.get(positions);
  if (grid) return grid;
  if (positions.length / 2 <= MAIN_THREAD_GRID_MAX_POINTS) return gridOf(positions);
  if (!building.has(positions)) {
    building.add(positions);
    void build(positions).then(
      (built) => {
        grids.set(positions, built);
        ready();
      },
      // A stopped worker (the plots unmounted): the next hover asks again.
      () => building.delete(positions),
    );
  }
  return null;
}

/** Index of the point of `positions` (x,y interleaved) nearest to (x, y) within `radius` (data units), or -1. */
export function nearestPoint(
  positions: Float32Array,
  x: number,
  y: number,
  radius: number,
  grid: GridIndex = gridOf(positions),
): number {
  if (!(radius > 0) || !Number.isFinite(x) || !Number.isFinite(y)) return -1;
  const { minX, minY, cellW, cellH, cols, rows, cellStart, items } = grid;
  const c0 = Math.max(0, Math.floor((x - radius - minX) / cellW));
  const c1 = Math.min(cols - 1, Math.floor((x + radius - minX) / cellW));
  const r0 = Math.max(0, Math.floor((y - radius - minY) / cellH));
  const r1 = Math.min(rows - 1, Math.floor((y + radius - minY) / cellH));
  let best = -1;
  let bestD2 = radius * radius;
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      const cell = r * cols + c;
      for (let k = cellStart[cell]!; k < cellStart[cell + 1]!; k++) {
        const i = items[k]!;
        const dx = positions[2 * i]! - x;
        const dy = positions[2 * i + 1]! - y;
        const d2 = dx * dx + dy * dy;
        if (d2 <= bestD2 && (d2 < bestD2 || best < 0 || i < best)) {
          best = i;
          bestD2 = d2;
        }
      }
    }
  }
  return best;
}
