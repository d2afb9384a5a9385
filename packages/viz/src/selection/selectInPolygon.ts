/**
 * Lasso / quad hit-testing: a uniform grid index over 2-D points (x,y interleaved Float32Array) and an even-odd
 * point-in-polygon test that only visits the grid cells under the polygon's bounding box; cells whose rectangle
 * lies wholly inside the polygon are taken without testing their points. Pure; runs in the selection worker.
 */

/** Polygon vertices in data coordinates, x,y interleaved (closed implicitly). */
export type Polygon = ArrayLike<number>;

/** Uniform grid over the points' bounding box, stored CSR-style. */
export interface GridIndex {
  minX: number;
  minY: number;
  /** Cell width and height in data units. */
  cellW: number;
  cellH: number;
  cols: number;
  rows: number;
  /** `cellStart[c] .. cellStart[c+1]` index `items` for cell c = row * cols + col; length cols*rows + 1. */
  cellStart: Uint32Array;
  /** Point indices grouped by cell, ascending within each cell. */
  items: Uint32Array;
}

/** Builds the grid with about `pointsPerCell` points per cell on average (O(n), two passes). */
export function buildGrid(positions: Float32Array, pointsPerCell = 8): GridIndex {
  const n = positions.length >> 1;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = positions[2 * i]!;
    const y = positions[2 * i + 1]!;
    if (!(Number.isFinite(x) && Number.isFinite(y))) continue;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  if (!Number.isFinite(minX)) {
    minX = minY = 0;
    maxX = maxY = 1;
  }
  const w = Math.max(maxX - minX, 1e-9);
  const h = Math.max(maxY - minY, 1e-9);
  const cells = Math.max(1, Math.min(Math.ceil(n / pointsPerCell), 4_194_304));
  const side = Math.sqrt((cells * w) / h);
  const cols = Math.max(1, Math.min(4096, Math.round(side)));
  const rows = Math.max(1, Math.min(4096, Math.round(cells / cols)));
  const cellW = (w / cols) * (1 + 1e-7);
  const cellH = (h / rows) * (1 + 1e-7);
  const cellOf = new Int32Array(n);
  const cellStart = new Uint32Array(cols * rows + 1);
  for (let i = 0; i < n; i++) {
    const x = positions[2 * i]!;
    const y = positions[2 * i + 1]!;
    if (!(Number.isFinite(x) && Number.isFinite(y))) {
      cellOf[i] = -1;
      continue;
    }
    const c =
      Math.min(rows - 1, Math.floor((y - minY) / cellH)) * cols + Math.min(cols - 1, Math.floor((x - minX) / cellW));
    cellOf[i] = c;
    cellStart[c + 1]!++;
  }
  for (let c = 0; c < cols * rows; c++) cellStart[c + 1]! += cellStart[c]!;
  const fill = cellStart.slice(0, cols * rows);
  const items = new Uint32Array(cellStart[cols * rows]!);
  for (let i = 0; i < n; i++) {
    const c = cellOf[i]!;
    if (c >= 0) items[fill[c]!++] = i;
  }
  return { minX, minY, cellW, cellH, cols, rows, cellStart, items };
}

/** Even-odd rule: is (x, y) inside the polygon? */
export function pointInPolygon(x: number, y: number, poly: Polygon): boolean {
  const m = poly.length >> 1;
  let inside = false;
  for (let i = 0, j = m - 1; i < m; j = i++) {
    const xi = poly[2 * i]!;
    const yi = poly[2 * i + 1]!;
    const xj = poly[2 * j]!;
    const yj = poly[2 * j + 1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Does segment p→q cross the axis-aligned rectangle (its interior or boundary)? */
function segmentHitsRect(
  px: number,
  py: number,
  qx: number,
  qy: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): boolean {
  // Liang–Barsky clipping.
  let t0 = 0;
  let t1 = 1;
  const dx = qx - px;
  const dy = qy - py;
  const clip = (p: number, q: number): boolean => {
    if (p === 0) return q >= 0;
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return false;
      if (r < t1) t1 = r;
    }
    return true;
  };
  return clip(-dx, px - x0) && clip(dx, x1 - px) && clip(-dy, py - y0) && clip(dy, y1 - py);
}

/**
 * Indices (ascending) of the points inside `polygon`. `grid` must have been built from the same `positions`;
 * without it one is built (O(n)). A polygon with fewer than 3 vertices selects nothing.
 */
export function selectInPolygon(
  positions: Float32Array,
  polygon: Polygon,
  grid: GridIndex = buildGrid(positions),
): Uint32Array {
  const m = polygon.length >> 1;
  if (m < 3) return new Uint32Array(0);
  let pminX = Infinity;
  let pminY = Infinity;
  let pmaxX = -Infinity;
  let pmaxY = -Infinity;
  for (let i = 0; i < m; i++) {
    const x = polygon[2 * i]!;
    const y = polygon[2 * i + 1]!;
    pminX = Math.min(pminX, x);
    pmaxX = Math.max(pmaxX, x);
    pminY = Math.min(pminY, y);
    pmaxY = Math.max(pmaxY, y);
  }
  const { minX, minY, cellW, cellH, cols, rows, cellStart, items } = grid;
  const c0 = Math.max(0, Math.floor((pminX - minX) / cellW));
  const c1 = Math.min(cols - 1, Math.floor((pmaxX - minX) / cellW));
  const r0 = Math.max(0, Math.floor((pminY - minY) / cellH));
  const r1 = Math.min(rows - 1, Math.floor((pmaxY - minY) / cellH));
  const out: number[] = [];
  if (c0 > c1 || r0 > r1) return new Uint32Array(0);
  // Mark the cells some polygon edge touches: only their points need the exact test. Each edge visits only the
  // cells under its own bounding box, so a lasso of many short edges costs little.
  const bw = c1 - c0 + 1;
  const touched = new Uint8Array(bw * (r1 - r0 + 1));
  for (let i = 0, j = m - 1; i < m; j = i++) {
    const px = polygon[2 * j]!;
    const py = polygon[2 * j + 1]!;
    const qx = polygon[2 * i]!;
    const qy = polygon[2 * i + 1]!;
    const ec0 = Math.max(c0, Math.floor((Math.min(px, qx) - minX) / cellW));
    const ec1 = Math.min(c1, Math.floor((Math.max(px, qx) - minX) / cellW));
    const er0 = Math.max(r0, Math.floor((Math.min(py, qy) - minY) / cellH));
    const er1 = Math.min(r1, Math.floor((Math.max(py, qy) - minY) / cellH));
    for (let r = er0; r <= er1; r++) {
      const y0 = minY + r * cellH;
      for (let c = ec0; c <= ec1; c++) {
        const t = (r - r0) * bw + (c - c0);
        if (touched[t]) continue;
        const x0 = minX + c * cellW;
        if (segmentHitsRect(px, py, qx, qy, x0, y0, x0 + cellW, y0 + cellH)) touched[t] = 1;
      }
    }
  }
  for (let r = r0; r <= r1; r++) {
    const y0 = minY + r * cellH;
    for (let c = c0; c <= c1; c++) {
      const cell = r * cols + c;
      const start = cellStart[cell]!;
      const end = cellStart[cell + 1]!;
      if (start === end) continue;
      if (!touched[(r - r0) * bw + (c - c0)]) {
        // No edge touches this cell: it is wholly inside or wholly outside, and its centre decides.
        const x0 = minX + c * cellW;
        if (pointInPolygon(x0 + cellW / 2, y0 + cellH / 2, polygon))
          for (let k = start; k < end; k++) out.push(items[k]!);
        continue;
      }
      for (let k = start; k < end; k++) {
        const i = items[k]!;
        if (pointInPolygon(positions[2 * i]!, positions[2 * i + 1]!, polygon)) out.push(i);
      }
    }
  }
  const result = Uint32Array.from(out);
  result.sort();
  return result;
}

/** The four corners of the rectangle spanned by two opposite corners (quad select), x,y interleaved. */
export function rectPolygon(x0: number, y0: number, x1: number, y1: number): Float32Array {
  return new Float32Array([x0, y0, x1, y0, x1, y1, x0, y1]);
}

/** Selected indices → a 0/1 mask of length n (the layer's per-point selected flag). */
export function indicesToMask(indices: ArrayLike<number>, n: number): Uint8Array {
  const mask = new Uint8Array(n);
  for (let k = 0; k < indices.length; k++) mask[indices[k]!] = 1;
  return mask;
}
