import { useCallback } from 'react';
import type { Viewport } from '@deck.gl/core';
import type { SelectionClient } from '../selection/SelectionClient';
import type { ScreenPoint } from '../SelectionOverlay';
import type { Rect } from '../shared-deck/layout';
import type { PlotViewId } from './props';

/**
 * Lasso and quad selection of LinkedPlots: the overlay's screen polygon (container px) becomes a polygon in the
 * view's data coordinates, and the selection worker answers the tixels inside it.
 */
export function useLassoSelection(options: {
  client: () => SelectionClient;
  embedding: Float32Array | null;
  spatial: Float32Array | null;
  /** Each view's rectangle in container px. */
  viewRects: readonly (Rect & { id: PlotViewId })[];
  viewport: (id: PlotViewId) => Viewport | undefined;
  onSelect: ((indices: Uint32Array, view: PlotViewId, polygon: Float32Array) => void) | undefined;
}): (view: PlotViewId, points: ScreenPoint[]) => void {
  const { client, embedding, spatial, viewRects, viewport, onSelect } = options;
  return useCallback(
    (view: PlotViewId, points: ScreenPoint[]) => {
      const positions = view === 'embedding' ? embedding : spatial;
      const vp = viewport(view);
      const rect = viewRects.find((r) => r.id === view);
      if (!positions || !vp || !rect || points.length < 3) return;
      // The viewport's pixels start at the view's corner (the shared canvas may start elsewhere).
      const polygon = new Float32Array(points.length * 2);
      points.forEach(([x, y], i) => {
        const [dx, dy] = vp.unproject([x - rect.x, y - rect.y]) as [number, number];
        polygon[2 * i] = dx;
        polygon[2 * i + 1] = dy;
      });
      void client()
        .select(positions, polygon)
        .then((indices) => onSelect?.(indices, view, polygon));
    },
    [embedding, spatial, viewRects, viewport, onSelect, client],
  );
}
