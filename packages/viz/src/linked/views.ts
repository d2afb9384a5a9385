/** LinkedPlots' views, pure: where each sits in the plots' element and the view state that fits it to its points. */
import { fitViewState, type PlotViewState } from '../viewState';
import type { Rect } from '../shared-deck/layout';
import type { PlotViewId } from './props';

/** The views shown, left to right: embedding, then spatial (a run without one shows the other alone). */
export function linkedViewIds(embedding: Float32Array | null, spatial: Float32Array | null): PlotViewId[] {
  return [...(embedding ? (['embedding'] as const) : []), ...(spatial ? (['spatial'] as const) : [])];
}

/** Each view's place in a `width`×`height` element: side by side, equally wide. */
export function linkedViewRects(
  viewIds: readonly PlotViewId[],
  width: number,
  height: number,
): (Rect & { id: PlotViewId })[] {
  const viewWidth = width / Math.max(1, viewIds.length);
  return viewIds.map((id, i) => ({ id, x: i * viewWidth, y: 0, width: viewWidth, height }));
}

/** The view state that shows all points within `bounds` in a view of that size (undefined before it has one). */
export function fitBounds(
  bounds: [number, number, number, number],
  width: number,
  height: number,
): PlotViewState | undefined {
  return width > 0 && height > 0 ? fitViewState(bounds, width, height) : undefined;
}

/** Each layer is drawn in the view its id starts with: one function for every render (a new one redraws). */
export const layerInItsView = (layer: { id: string }, viewId: string): boolean => layer.id.startsWith(`${viewId}-`);
