import { useMemo } from 'react';
import type { Rect } from '../shared-deck/layout';
import type { PlotViewState } from '../viewState';
import type { SpatialViewport } from './props';

/** What a view of `rect`'s size shows at `viewState` (1 data unit = 2^zoom px). Pure. */
export function viewportOf(viewState: PlotViewState, width: number, height: number): SpatialViewport {
  const pixelsPerUnit = 2 ** viewState.zoom;
  const [cx, cy] = viewState.target;
  const hw = width / 2 / pixelsPerUnit;
  const hh = height / 2 / pixelsPerUnit;
  return { bounds: [cx - hw, cy - hh, cx + hw, cy + hh], pixelsPerUnit };
}

/** The spatial view's viewport, one object per view state and size (null before it has both). */
export function useSpatialViewport(
  viewState: PlotViewState | undefined,
  rect: Rect | undefined,
): SpatialViewport | null {
  const width = rect?.width ?? 0;
  const height = rect?.height ?? 0;
  return useMemo(
    () => (viewState && width > 0 && height > 0 ? viewportOf(viewState, width, height) : null),
    [viewState, width, height],
  );
}
