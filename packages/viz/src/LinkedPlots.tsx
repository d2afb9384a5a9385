/**
 * The explorer's two linked plots — UMAP (embedding, left) and spatial (right) — as two OrthographicViews of the
 * page's one deck.gl `Deck` (./shared-deck/PlotsDeck: inside a PlotsDeck they share its WebGL context with the
 * multi-sample grid; alone they bring their own). Pure: typed arrays and callbacks in, never fetches.
 */
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { PickingInfo } from '@deck.gl/core';
import { BACKGROUND_COLORS, CATEGORY_COLOURS } from './colormaps';
import { LINKED_DEFAULTS, type LinkedPlotsProps, type PlotViewId } from './linked/props';
import { useFittedViews } from './linked/useFittedViews';
import { useHoverPick } from './linked/useHoverPick';
import { useLassoSelection } from './linked/useLassoSelection';
import { useLinkedLayers } from './linked/useLinkedLayers';
import { layerInItsView, linkedViewRects } from './linked/views';
import { DEFAULT_DISPLAY_SCALE } from './pointSize';
import { SelectionOverlay } from './SelectionOverlay';
import { PLOT_OVERLAY_Z, PlotsDeck } from './shared-deck/PlotsDeck';
import { useDeckPanel, usePlotsDeck, type PanelView, type PlotsDeckRegistry } from './shared-deck/panel';
import { zoomBy, type PlotViewState } from './viewState';

export type { LinkedPlotsHandle, LinkedPlotsProps, PlotViewId, SelectionTool, TissueImage } from './linked/props';

/** Both views side by side (embedding left, spatial right); see {@link LinkedPlotsProps}. */
export function LinkedPlots(props: LinkedPlotsProps) {
  const registry = usePlotsDeck();
  if (registry) return <LinkedPlotsPanel {...props} registry={registry} />;
  return (
    <PlotsDeck style={{ width: '100%', height: '100%' }}>
      <LinkedPlotsInOwnDeck {...props} />
    </PlotsDeck>
  );
}

function LinkedPlotsInOwnDeck(props: LinkedPlotsProps) {
  return <LinkedPlotsPanel {...props} registry={usePlotsDeck()!} />;
}

/** Pan and zoom; the wheel reaches deck only while the plots have focus (see holdBack). */
const PAN_CONTROLLER = { inertia: false, scrollZoom: true };

const viewIdOf = (info: PickingInfo): PlotViewId | null => {
  const id = info.layer?.id ?? `${info.viewport?.id ?? ''}-`;
  return id.startsWith('embedding-') ? 'embedding' : id.startsWith('spatial-') ? 'spatial' : null;
};

function LinkedPlotsPanel(props: LinkedPlotsProps & { registry: PlotsDeckRegistry }) {
  const {
    registry,
    embedding = null,
    spatial = null,
    values,
    colorMode,
    palette = 'jet',
    customColors,
    clusterColors = CATEGORY_COLOURS,
    range = [0, 1],
    displayScale = DEFAULT_DISPLAY_SCALE,
    pointDiameterPx,
    spotDiameter,
    background = 'black',
    selected = null,
    dimOpacity = LINKED_DEFAULTS.dimOpacity,
    tissueImage = null,
    spatialPointOpacity = 1,
    spatialFlipY = LINKED_DEFAULTS.spatialFlipY,
    embeddingFlipY = LINKED_DEFAULTS.embeddingFlipY,
    tool = 'pan',
    viewStates,
    onViewStateChange,
    startPlaces,
    onViewPlace,
    onHover,
    onClick,
    onSelect,
    onFirstDraw,
    onAfterRender,
    ref,
    className,
    style,
  } = props;

  const containerRef = useRef<HTMLDivElement>(null);
  // The element goes into the panel (the Deck places the views on it), so it is state, not only a ref.
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  useLayoutEffect(() => setElement(containerRef.current), []);
  const views = useFittedViews(containerRef, embedding, spatial, viewStates, onViewStateChange, {
    start: startPlaces,
    onPlace: onViewPlace,
  });
  const { size, viewIds } = views;
  const backgroundColor = (BACKGROUND_COLORS as Record<string, string>)[background] ?? background;

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
    }),
    [viewIds, views, registry, backgroundColor],
  );

  const pickable = tool === 'pan' && Boolean(onClick);
  const layers = useLinkedLayers({
    viewIds,
    embedding,
    spatial,
    values,
    colorMode,
    palette,
    customColors,
    clusterColors,
    background: backgroundColor,
    range,
    displayScale,
    pointDiameterPx,
    spotDiameter,
    selected,
    dimOpacity,
    tissueImage,
    spatialPointOpacity,
    pickable,
  });

  const viewRects = useMemo(
    () => linkedViewRects(viewIds, size.width, size.height),
    [viewIds, size.width, size.height],
  );
  const viewport = useCallback((id: PlotViewId) => registry.viewport(id), [registry]);
  const handleOverlayDone = useLassoSelection({ embedding, spatial, viewRects, viewport, onSelect });
  useHoverPick({
    containerRef,
    embedding: embedding ?? null,
    spatial: spatial ?? null,
    viewRects,
    viewport,
    spotDiameter,
    enabled: tool === 'pan',
    onHover,
  });

  // The mouse wheel zooms only once the plots have focus (a click or Tab): scrolling the page past them must not
  // zoom them on the way. While a selection tool is on, the overlay takes the pointer and the views stay still.
  // The wheel is held back before deck sees it rather than switched off in the views: new views redraw every
  // layer (hundreds of ms a frame without a GPU), and the focus moves each time a dialog opens or closes.
  const [focused, setFocused] = useState(false);
  const focusedRef = useRef(false);
  focusedRef.current = focused;
  useEffect(() => {
    // On the window, in the capture phase, for wheels over these plots only: the shared canvas lies outside this
    // element, and other panels (the samples) and the page keep their wheel.
    const holdBack = (event: WheelEvent) => {
      const box = containerRef.current?.getBoundingClientRect();
      if (focusedRef.current || !box) return;
      const over =
        event.clientX >= box.left &&
        event.clientX < box.right &&
        event.clientY >= box.top &&
        event.clientY < box.bottom;
      if (over) event.stopPropagation();
    };
    const target = containerRef.current?.ownerDocument.defaultView;
    target?.addEventListener('wheel', holdBack, { capture: true });
    return () => target?.removeEventListener('wheel', holdBack, { capture: true });
  }, []);
  const { current, set } = views;
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
    handleAfterRender,
  ]);
  useDeckPanel(registry, panel);

  return (
    <div
      ref={containerRef}
      className={className}
      data-testid="linked-plots"
      data-focused={focused}
      tabIndex={0}
      aria-label="Plots: click or focus them to zoom with the mouse wheel"
      onPointerDownCapture={(event) => event.currentTarget.focus({ preventScroll: true })}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      style={{
        position: 'relative',
        width: '100%',
        height: '100%',
        overflow: 'hidden',
        backgroundColor,
        outline: 'none',
        ...style,
      }}
    >
      {tool !== 'pan' && (
        <div style={{ position: 'absolute', inset: 0, zIndex: PLOT_OVERLAY_Z }}>
          <SelectionOverlay tool={tool} views={viewRects} onDone={handleOverlayDone} />
        </div>
      )}
    </div>
  );
}
