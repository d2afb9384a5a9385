/**
 * The explorer's two linked plots — UMAP (embedding, left) and spatial (right) — as two OrthographicViews of the
 * page's one deck.gl `Deck` (./shared-deck/PlotsDeck: inside a PlotsDeck they share its WebGL context with the
 * multi-sample grid; alone they bring their own). Pure: typed arrays and callbacks in, never fetches.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { BACKGROUND_COLORS, CATEGORY_COLOURS } from './colormaps';
import { LINKED_DEFAULTS, type LinkedPlotsProps, type PlotViewId } from './linked/props';
import { useFittedViews } from './linked/useFittedViews';
import { useHoverPick } from './linked/useHoverPick';
import { useLassoSelection } from './linked/useLassoSelection';
import { useSelectionClient } from './linked/useSelectionClient';
import { useLinkedDeckPanel } from './linked/useLinkedDeckPanel';
import { useLinkedHandle } from './linked/useLinkedHandle';
import { useLinkedLayers } from './linked/useLinkedLayers';
import { useWheelFocus } from './linked/useWheelFocus';
import { showsOutlines } from './linked/cellLayers';
import { ScaleBar } from './linked/ScaleBar';
import { useSpatialViewport } from './linked/useSpatialViewport';
import { linkedViewRects } from './linked/views';
import { DEFAULT_DISPLAY_SCALE } from './pointSize';
import { SelectionOverlay } from './SelectionOverlay';
import { PLOT_OVERLAY_Z, PlotsDeck } from './shared-deck/PlotsDeck';
import { usePlotsDeck, type PlotsDeckRegistry } from './shared-deck/panel';

export type {
  CellOutlinesInput,
  LinkedPlotsHandle,
  LinkedPlotsProps,
  PlotViewId,
  SelectionTool,
  SpatialViewport,
  TissueImage,
} from './linked/props';

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
    spatialMicronsPerUnit,
    cellOutlines = null,
    onSpatialView,
    viewStates,
    onViewStateChange,
    startPlaces,
    onViewPlace,
    onHover,
    onClick,
    onSelect,
    onFirstDraw,
    onBeforeRender,
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

  const viewRects = useMemo(
    () => linkedViewRects(viewIds, size.width, size.height),
    [viewIds, size.width, size.height],
  );
  const spatialRect = viewRects.find((r) => r.id === 'spatial');
  const spatialViewport = useSpatialViewport(views.current('spatial'), spatialRect);
  useEffect(() => {
    if (spatialViewport) onSpatialView?.(spatialViewport);
  }, [spatialViewport, onSpatialView]);
  const outlinesShown = Boolean(
    cellOutlines?.window && spatialViewport && showsOutlines(cellOutlines.diameter, spatialViewport.pixelsPerUnit),
  );
  const cellWindow = outlinesShown ? cellOutlines!.window : null;
  useLinkedHandle(ref, {
    views,
    registry,
    containerRef,
    backgroundColor,
    cellWindow,
    micronsPerUnit: spatialMicronsPerUnit,
  });

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
    cellWindow,
    device: registry.device,
  });

  const viewport = useCallback((id: PlotViewId) => registry.viewport(id), [registry]);
  const selection = useSelectionClient(embedding, spatial);
  const handleOverlayDone = useLassoSelection({ client: selection, embedding, spatial, viewRects, viewport, onSelect });
  const buildGrid = useCallback((positions: Float32Array) => selection().grid(positions), [selection]);
  useHoverPick({
    containerRef,
    embedding: embedding ?? null,
    spatial: spatial ?? null,
    viewRects,
    viewport,
    spotDiameter,
    buildGrid,
    enabled: tool === 'pan',
    onHover,
  });

  const [focused, setFocused] = useWheelFocus(containerRef);
  useLinkedDeckPanel(registry, {
    containerRef,
    element,
    views,
    viewRects,
    layers,
    tool,
    spatialFlipY,
    embeddingFlipY,
    onClick,
    onFirstDraw,
    onBeforeRender,
    onAfterRender,
  });

  return (
    <div
      ref={containerRef}
      className={className}
      data-testid="linked-plots"
      data-focused={focused}
      data-cell-outlines={cellWindow ? cellWindow.cells.length : 0}
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
      {spatialRect && spatialViewport && spatialMicronsPerUnit !== undefined && (
        <ScaleBar rect={spatialRect} pixelsPerMicron={spatialViewport.pixelsPerUnit / spatialMicronsPerUnit} />
      )}
      {tool !== 'pan' && (
        <div style={{ position: 'absolute', inset: 0, zIndex: PLOT_OVERLAY_Z }}>
          <SelectionOverlay tool={tool} views={viewRects} onDone={handleOverlayDone} />
        </div>
      )}
    </div>
  );
}
