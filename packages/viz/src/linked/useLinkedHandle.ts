import { useImperativeHandle, type Ref, type RefObject } from 'react';
import type { PlotsDeckRegistry } from '../shared-deck/panel';
import { zoomBy } from '../viewState';
import type { OutlineWindow } from '@atlas/spatial/outline-window';
import type { LinkedPlotsHandle } from './props';
import type { FittedViews } from './useFittedViews';

/** The handle of LinkedPlots (the explorer's zoom buttons, Fit, Save Display), on the fitted views. */
export function useLinkedHandle(
  ref: Ref<LinkedPlotsHandle> | undefined,
  options: {
    views: FittedViews;
    registry: PlotsDeckRegistry;
    containerRef: RefObject<HTMLDivElement | null>;
    backgroundColor: string;
    /** The outlines drawn now, and the spatial unit's calibration: what a figure of the view shows. */
    cellWindow: OutlineWindow | null;
    micronsPerUnit: number | undefined;
  },
): void {
  const { views, registry, containerRef, backgroundColor, cellWindow, micronsPerUnit } = options;
  const { viewIds } = views;
  useImperativeHandle(
    ref,
    () => ({
      zoom(factor, view) {
        for (const id of view ? [view] : viewIds) {
          const vs = views.current(id);
          if (vs) views.set(id, zoomBy(vs, factor));
        }
      },
      fit(view) {
        for (const id of view ? [view] : viewIds) {
          const vs = views.fit(id);
          if (vs) views.set(id, vs);
        }
      },
      getViewState: views.current,
      getCanvas: () => registry.canvas(),
      getCanvasRect: () => (containerRef.current ? registry.rectOnCanvas(containerRef.current) : null),
      getBackground: () => backgroundColor,
      getCellOutlines: () => cellWindow,
      getSpatialMicronsPerUnit: () => micronsPerUnit ?? null,
    }),
    [viewIds, views, registry, containerRef, backgroundColor, cellWindow, micronsPerUnit],
  );
}
