/** Orthographic view state helpers (pure). */

/** The view state of one orthographic plot view: centre in data coordinates and log2 zoom (1 unit = 2^zoom px). */
export interface PlotViewState {
  target: [number, number, number];
  zoom: number;
  minZoom?: number;
  maxZoom?: number;
}

/**
 * Where a view looks, independent of the window: the centre in data coordinates and the zoom in log2 steps from
 * the view fitted to its points (0 = fitted, 1 = twice as close). What a permalink records.
 */
export interface ViewPlace {
  x: number;
  y: number;
  zoom: number;
}

/** The place of a view state relative to the fitted one. */
export function placeOf(viewState: PlotViewState, fitted: PlotViewState): ViewPlace {
  return { x: viewState.target[0], y: viewState.target[1], zoom: viewState.zoom - fitted.zoom };
}

/** The fitted view state moved to a place (its zoom kept within the fitted view's bounds). */
export function atPlace(fitted: PlotViewState, place: ViewPlace): PlotViewState {
  return zoomBy({ ...fitted, target: [place.x, place.y, 0] }, 2 ** place.zoom);
}

/** Scales the view by `factor` (1.1 zooms in 10 %, 0.9 zooms out 10 %) around its centre. */
export function zoomBy<T extends PlotViewState>(viewState: T, factor: number): T {
  const zoom = viewState.zoom + Math.log2(factor);
  const lo = viewState.minZoom ?? -Infinity;
  const hi = viewState.maxZoom ?? Infinity;
  return { ...viewState, zoom: Math.min(hi, Math.max(lo, zoom)) };
}

/** Bounding box [minX, minY, maxX, maxY] of finite x,y pairs; a unit box at the origin when there are none. */
export function pointBounds(positions: Float32Array): [number, number, number, number] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i + 1 < positions.length; i += 2) {
    const x = positions[i]!;
    const y = positions[i + 1]!;
    if (!(Number.isFinite(x) && Number.isFinite(y))) continue;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return Number.isFinite(minX) ? [minX, minY, maxX, maxY] : [0, 0, 1, 1];
}

/** The view state that fits `bounds` into a `width`×`height` px view with `padding` (fraction) to spare. */
export function fitViewState(
  bounds: [number, number, number, number],
  width: number,
  height: number,
  padding = 0.06,
): PlotViewState {
  const [x0, y0, x1, y1] = bounds;
  const dx = Math.max(x1 - x0, 1e-9);
  const dy = Math.max(y1 - y0, 1e-9);
  const scale = Math.min(Math.max(width, 1) / dx, Math.max(height, 1) / dy) * (1 - 2 * padding);
  const zoom = Math.log2(scale);
  return { target: [(x0 + x1) / 2, (y0 + y1) / 2, 0], zoom, minZoom: zoom - 4, maxZoom: zoom + 10 };
}
