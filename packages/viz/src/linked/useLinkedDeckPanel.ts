import { useCallback, useMemo, useRef, type RefObject } from 'react';
import type { Layer, PickingInfo } from '@deck.gl/core';
import type { Rect } from '../shared-deck/layout';
import { useDeckPanel, type PanelView, type PlotsDeckRegistry } from '../shared-deck/panel';
import type { PlotViewState } from '../viewState';
import type { LinkedPlotsProps, PlotViewId, SelectionTool } from './props';
import type { FittedViews } from './useFittedViews';
import { layerInItsView } from './views';

/** Pan and zoom; the wheel reaches deck only while the plots have focus (see ./useWheelFocus). */
const PAN_CONTROLLER = { inertia: false, scrollZoom: true };

const viewIdOf = (info: PickingInfo): PlotViewId | null => {
  const id = info.layer?.id ?? `${info.viewport?.id ?? ''}-`;
  return id.startsWith('embedding-') ? 'embedding' : id.startsWith('spatial-') ? 'spatial' : null;
};

/**
 * Puts the linked views into the page's shared Deck: their places, view states, layers and callbacks, as one
 * memoised panel (a render that changes none of them hands the Deck nothing new). Tells `onFirstDraw` once, after
 * the first frame that drew these views.
 */
export function useLinkedDeckPanel(
  registry: PlotsDeckRegistry,
  options: Pick<LinkedPlotsProps, 'onClick' | 'onFirstDraw' | 'onBeforeRender' | 'onAfterRender'> & {
    containerRef: RefObject<HTMLDivElement | null>;
    element: HTMLDivElement | null;
    views: FittedViews;
    viewRects: readonly (Rect & { id: PlotViewId })[];
    layers: readonly Layer[];
    tool: SelectionTool;
    spatialFlipY: boolean;
    embeddingFlipY: boolean;
  },
): void {
  const { containerRef, element, views, viewRects, layers, tool, spatialFlipY, embeddingFlipY } = options;
  const { onClick, onFirstDraw, onBeforeRender, onAfterRender } = options;
  const { viewIds, current, set, size } = views;
  const viewState = useMemo(() => {
    const out: Record<string, PlotViewState> = {};
    for (const id of viewIds) {
      const vs = current(id);
      if (vs) out[id] = vs;
    }
    return out;
  }, [viewIds, current]);
  // Until every view is fitted, none is drawn (a half-drawn pair would flash).
  const ready = viewIds.length > 0 && viewIds.every((id) => viewState[id]) && element !== null;

  const firstDrawn = useRef(false);
  const handleAfterRender = useCallback(() => {
    onAfterRender?.();
    // Frames drawn for other panels of the Deck before these views were ready do not count.
    if (firstDrawn.current || !ready || layers.length === 0 || size.width <= 0) return;
    firstDrawn.current = true;
    requestAnimationFrame(() => onFirstDraw?.());
  }, [onAfterRender, onFirstDraw, ready, layers.length, size.width]);

  const panel = useMemo(() => {
    const panelViews: PanelView[] = viewRects.map((r) => ({
      ...r,
      flipY: r.id === 'spatial' ? spatialFlipY : embeddingFlipY,
      controller: tool === 'pan' ? PAN_CONTROLLER : false,
    }));
    return {
      element,
      views: ready ? panelViews : [],
      viewStates: viewState,
      layers: ready ? layers : [],
      layerFilter: layerInItsView,
      onViewStateChange: (viewId: string, vs: PlotViewState) => set(viewId as PlotViewId, vs),
      onClick: onClick
        ? (info: PickingInfo) => {
            const view = viewIdOf(info);
            if (view && info.index >= 0) onClick(info.index, view);
          }
        : undefined,
      onBeforeRender,
      onAfterRender: handleAfterRender,
      onPointerDown: () => containerRef.current?.focus({ preventScroll: true }),
    };
  }, [
    element,
    ready,
    viewRects,
    viewState,
    spatialFlipY,
    embeddingFlipY,
    tool,
    set,
    layers,
    onClick,
    onBeforeRender,
    handleAfterRender,
    containerRef,
  ]);
  useDeckPanel(registry, panel);
}
