/**
 * The explorer's two linked plots — UMAP (embedding, left) and spatial (right) — in ONE deck.gl `Deck` with two
 * OrthographicViews, so the page holds one WebGL context. Pure: typed arrays and callbacks in, never fetches.
 */
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type Ref,
} from 'react';
import DeckGL, { type DeckGLRef } from '@deck.gl/react';
import { OrthographicView, type Layer, type PickingInfo } from '@deck.gl/core';
import { BitmapLayer } from '@deck.gl/layers';
import {
  BACKGROUND_COLORS,
  CLUSTER_PALETTE,
  categoricalLut,
  heatmapLut,
  type BackgroundName,
  type HeatmapPalette,
} from './colormaps';
import { ValuePointsLayer } from './layers/ValuePointsLayer';
import { ValueScatterLayer } from './layers/ValueScatterLayer';
import { DEFAULT_DISPLAY_SCALE, shouldUseGlPoints, tixelDiameterPx } from './pointSize';
import { SelectionClient } from './selection/SelectionClient';
import { SelectionOverlay, type ScreenPoint } from './SelectionOverlay';
import { fitViewState, pointBounds, zoomBy, type PlotViewState } from './viewState';

/** The two plot views. */
export type PlotViewId = 'embedding' | 'spatial';
/** Pointer tool: pan/zoom the camera, or draw a lasso (freehand polygon) or quad (rectangle) selection. */
export type SelectionTool = 'pan' | 'lasso' | 'quad';

/** A tissue image drawn under the spatial view. */
export interface TissueImage {
  /** URL, image element or bitmap. */
  image: string | HTMLImageElement | ImageBitmap;
  /**
   * Where the image lies in spatial data coordinates: [left, bottom, right, top] (deck.gl's order). `top` is the y
   * of the image's first pixel row, so with spatial y growing downward (image coordinates) it is the smaller y.
   */
  bounds: [number, number, number, number];
  /** 0–1. Default 1. */
  opacity?: number;
}

/** Imperative helpers on the plots (pass `ref`). */
export interface LinkedPlotsHandle {
  /** Zooms a view (both when omitted) by `factor`: 1.1 in, 0.9 out (spec 03 §9). */
  zoom(factor: number, view?: PlotViewId): void;
  /** Fits a view (both when omitted) to its points. */
  fit(view?: PlotViewId): void;
  /** The current view state of a view. */
  getViewState(view: PlotViewId): PlotViewState | undefined;
  /** The WebGL canvas (for Save Display). */
  getCanvas(): HTMLCanvasElement | null;
}

export interface LinkedPlotsProps {
  /** UMAP coordinates, x,y interleaved, one pair per tixel; omit for a spatial-only plot. */
  embedding?: Float32Array | null;
  /** Spatial coordinates (same tixel order), x,y interleaved; omit for an embedding-only plot. */
  spatial?: Float32Array | null;
  /** One value per tixel: a feature's values (`continuous`) or cluster codes 0,1,2… (`categorical`). NaN = no value (grey). */
  values: Float32Array;
  /** How `values` are coloured. */
  colorMode: 'continuous' | 'categorical';
  /** Heatmap palette in continuous mode. Default `jet`. */
  palette?: HeatmapPalette;
  /** Ends of the `custom` palette, low → high, as hex. */
  customColors?: [string, string];
  /** Cluster colours (hex) in categorical mode; default the 20-colour cluster palette. */
  clusterColors?: readonly string[];
  /** Value range mapped onto the palette ends (continuous). Default [0, 1]. Changing it costs one uniform. */
  range?: [number, number];
  /** Display scale multiplying the count-band point size. Default 0.75. */
  displayScale?: number;
  /** Point diameter in CSS px, overriding the count-band rule. */
  pointDiameterPx?: number;
  /** Physical spot diameter in spatial data units: when set, spatial spots are drawn at that size (they scale with zoom). */
  spotDiameter?: number;
  /** Background: `black`, `white`, `darkgrey` or any CSS colour. Default black. */
  background?: BackgroundName | (string & {});
  /** Selected flag per tixel (0/1). When given, unselected tixels are dimmed in both views. */
  selected?: Uint8Array | null;
  /** Alpha of dimmed tixels. Default 0.15. */
  dimOpacity?: number;
  /** Tissue image under the spatial view. */
  tissueImage?: TissueImage | null;
  /** Opacity of the spatial view's points, 0–1 (below 1 lets a tissue image show through). Default 1. */
  spatialPointOpacity?: number;
  /** Spatial y grows downward (image coordinates). Default true. */
  spatialFlipY?: boolean;
  /** Embedding y grows downward. Default false (UMAP y up). */
  embeddingFlipY?: boolean;
  /** Pointer tool. Default `pan`. */
  tool?: SelectionTool;
  /** Controlled view states; views left out are managed inside (fitted to their points). */
  viewStates?: Partial<Record<PlotViewId, PlotViewState>>;
  /** Called when the user pans or zooms a view. */
  onViewStateChange?: (view: PlotViewId, viewState: PlotViewState) => void;
  /** Tixel under the pointer (null when none); enables picking. */
  onHover?: (index: number | null, view: PlotViewId) => void;
  /** Tixel clicked; enables picking. */
  onClick?: (index: number, view: PlotViewId) => void;
  /** A lasso or quad selection finished: ascending tixel indices, the view, and the polygon in that view's data coordinates. */
  onSelect?: (indices: Uint32Array, view: PlotViewId, polygon: Float32Array) => void;
  /** Called once, after the first frame with the points has been drawn (after deck's render plus one animation frame). */
  onFirstDraw?: () => void;
  /** Called after every frame deck draws (timings). */
  onAfterRender?: () => void;
  /** Imperative handle: zoom, fit, view state, canvas. */
  ref?: Ref<LinkedPlotsHandle>;
  className?: string;
  style?: CSSProperties;
}

const EMPTY_LUT_KEY = '';
/**
 * No multisampling: the point shader already smooths its edges, and MSAA multiplies the fragment work (4× under
 * SwiftShader). The drawing buffer is kept so Save Display can read the canvas.
 */
const DEVICE_PROPS = { webgl: { antialias: false, preserveDrawingBuffer: true } };

/** Each layer is drawn in the view its id starts with. One function for every render: a new one redraws the plots. */
const layerInItsView = ({ layer, viewport }: { layer: Layer; viewport: { id: string } }) =>
  layer.id.startsWith(`${viewport.id}-`);

/** Both views side by side (embedding left, spatial right) in one Deck; see {@link LinkedPlotsProps}. */
export function LinkedPlots(props: LinkedPlotsProps) {
  const {
    embedding = null,
    spatial = null,
    values,
    colorMode,
    palette = 'jet',
    customColors,
    clusterColors = CLUSTER_PALETTE,
    range = [0, 1],
    displayScale = DEFAULT_DISPLAY_SCALE,
    pointDiameterPx,
    spotDiameter,
    background = 'black',
    selected = null,
    dimOpacity = 0.15,
    tissueImage = null,
    spatialPointOpacity = 1,
    spatialFlipY = true,
    embeddingFlipY = false,
    tool = 'pan',
    viewStates,
    onViewStateChange,
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
  const deckRef = useRef<DeckGLRef>(null);
  const [size, setSize] = useState<{ width: number; height: number }>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const viewIds = useMemo<PlotViewId[]>(
    () => [...(embedding ? (['embedding'] as const) : []), ...(spatial ? (['spatial'] as const) : [])],
    [embedding, spatial],
  );
  const positionsOf = useCallback((id: PlotViewId) => (id === 'embedding' ? embedding : spatial), [embedding, spatial]);

  // The mouse wheel zooms only once the plots have focus (a click or Tab): scrolling the page past them must not
  // zoom them on the way. The wheel is held back before deck sees it rather than switched off in the views: new
  // views redraw every layer, and focus moves each time a dialog opens or closes.
  const [focused, setFocused] = useState(false);
  const focusedRef = useRef(false);
  focusedRef.current = focused;
  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const holdBack = (event: WheelEvent) => {
      if (!focusedRef.current) event.stopPropagation();
    };
    el.addEventListener('wheel', holdBack, { capture: true });
    return () => el.removeEventListener('wheel', holdBack, { capture: true });
  }, []);
  const views = useMemo(() => {
    const w = 100 / Math.max(1, viewIds.length);
    return viewIds.map(
      (id, i) =>
        new OrthographicView({
          id,
          x: `${i * w}%`,
          y: 0,
          width: `${w}%`,
          height: '100%',
          flipY: id === 'spatial' ? spatialFlipY : embeddingFlipY,
          controller: { inertia: false, scrollZoom: true },
        }),
    );
  }, [viewIds, spatialFlipY, embeddingFlipY]);

  // Internal view states, fitted once the container has a size and re-fitted when the points change.
  const viewWidth = size.width / Math.max(1, viewIds.length);
  const embeddingBounds = useMemo(() => (embedding ? pointBounds(embedding) : null), [embedding]);
  const spatialBounds = useMemo(() => (spatial ? pointBounds(spatial) : null), [spatial]);
  const [internal, setInternal] = useState<Partial<Record<PlotViewId, PlotViewState>>>({});
  const fitted = useRef<Partial<Record<PlotViewId, unknown>>>({});
  const fitView = useCallback(
    (id: PlotViewId) => {
      const bounds = id === 'embedding' ? embeddingBounds : spatialBounds;
      if (!bounds || viewWidth <= 0 || size.height <= 0) return undefined;
      return fitViewState(bounds, viewWidth, size.height);
    },
    [embeddingBounds, spatialBounds, viewWidth, size.height],
  );
  useEffect(() => {
    const next: Partial<Record<PlotViewId, PlotViewState>> = {};
    for (const id of viewIds) {
      const key = id === 'embedding' ? embeddingBounds : spatialBounds;
      if (fitted.current[id] === key) continue;
      const vs = fitView(id);
      if (!vs) continue;
      next[id] = vs;
      fitted.current[id] = key;
    }
    // Fitting needs the measured size, so it happens in an effect.
    if (Object.keys(next).length) setInternal((s) => ({ ...s, ...next }));
  }, [viewIds, embeddingBounds, spatialBounds, fitView]);

  const currentViewState = useCallback(
    (id: PlotViewId): PlotViewState | undefined => viewStates?.[id] ?? internal[id],
    [viewStates, internal],
  );
  const setViewState = useCallback(
    (id: PlotViewId, vs: PlotViewState) => {
      setInternal((s) => ({ ...s, [id]: vs }));
      onViewStateChange?.(id, vs);
    },
    [onViewStateChange],
  );

  useImperativeHandle(
    ref,
    () => ({
      zoom(factor, view) {
        for (const id of view ? [view] : viewIds) {
          const vs = currentViewState(id);
          if (vs) setViewState(id, zoomBy(vs, factor));
        }
      },
      fit(view) {
        for (const id of view ? [view] : viewIds) {
          const vs = fitView(id);
          if (vs) setViewState(id, vs);
        }
      },
      getViewState: currentViewState,
      getCanvas: () => containerRef.current?.querySelector('canvas') ?? null,
    }),
    [viewIds, currentViewState, setViewState, fitView],
  );

  // Colour tables: rebuilt only when the palette changes; the layer uploads them as a 1 KB texture.
  const clusterKey = clusterColors.join(',');
  const customKey = customColors ? customColors.join(',') : EMPTY_LUT_KEY;
  const colormap = useMemo(
    () =>
      colorMode === 'categorical'
        ? categoricalLut(clusterKey.split(','))
        : heatmapLut(palette, customKey ? (customKey.split(',') as [string, string]) : undefined),
    [colorMode, palette, clusterKey, customKey],
  );

  // Binary attribute objects keep their identity so deck re-uploads only what changed.
  const n = values.length;
  const valueAttr = useMemo(() => ({ value: values, size: 1 }), [values]);
  const selectedAttr = useMemo(() => (selected ? { value: selected, size: 1 } : null), [selected]);
  const embeddingAttr = useMemo(() => (embedding ? { value: embedding, size: 2 } : null), [embedding]);
  const spatialAttr = useMemo(() => (spatial ? { value: spatial, size: 2 } : null), [spatial]);
  const dataFor = useMemo(() => {
    const make = (pos: { value: Float32Array; size: number } | null) =>
      pos
        ? {
            length: Math.min(n, pos.value.length >> 1),
            attributes: {
              getPosition: pos,
              getValue: valueAttr,
              ...(selectedAttr ? { getSelected: selectedAttr } : {}),
            },
          }
        : null;
    return { embedding: make(embeddingAttr), spatial: make(spatialAttr) };
  }, [n, valueAttr, selectedAttr, embeddingAttr, spatialAttr]);

  const pickable = tool === 'pan' && Boolean(onHover || onClick);
  const diameterPx = pointDiameterPx ?? tixelDiameterPx(n, displayScale);
  const layers = useMemo(() => {
    const out: Layer[] = [];
    if (tissueImage && spatial) {
      out.push(
        new BitmapLayer({
          id: 'spatial-image',
          image: tissueImage.image,
          bounds: tissueImage.bounds,
          opacity: tissueImage.opacity ?? 1,
        }),
      );
    }
    for (const id of viewIds) {
      const data = dataFor[id];
      if (!data) continue;
      const physical = id === 'spatial' && spotDiameter !== undefined && spotDiameter > 0;
      const common = {
        data,
        colormap,
        colorMode,
        range,
        paletteSize: colorMode === 'categorical' ? clusterColors.length : 256,
        dimEnabled: Boolean(selected),
        dimOpacity,
        opacity: id === 'spatial' ? spatialPointOpacity : 1,
        antialiasing: n < 200_000,
      };
      // The two kinds get different ids: deck would otherwise hand one layer's GPU state to the other.
      out.push(
        shouldUseGlPoints(n, { physical, pickable })
          ? new ValuePointsLayer({ ...common, id: `${id}-gl-points`, pointSizePixels: diameterPx })
          : new ValueScatterLayer({
              ...common,
              id: `${id}-points`,
              radiusUnits: physical ? 'common' : 'pixels',
              getRadius: physical ? spotDiameter / 2 : diameterPx / 2,
              radiusMinPixels: 0.5,
              pickable,
              autoHighlight: false,
            }),
      );
    }
    return out;
    // `range` is compared by value below so a new array with the same numbers costs nothing.
  }, [
    tissueImage,
    spatialPointOpacity,
    spatial,
    viewIds,
    dataFor,
    spotDiameter,
    diameterPx,
    n,
    colormap,
    colorMode,
    range[0],
    range[1],
    clusterColors.length,
    selected,
    dimOpacity,
    pickable,
  ]);

  const firstDrawn = useRef(false);
  const handleAfterRender = useCallback(() => {
    onAfterRender?.();
    if (firstDrawn.current || layers.length === 0 || size.width <= 0) return;
    firstDrawn.current = true;
    requestAnimationFrame(() => onFirstDraw?.());
  }, [onAfterRender, onFirstDraw, layers.length, size.width]);

  const viewIdOfLayer = (info: PickingInfo): PlotViewId | null => {
    const id = info.layer?.id ?? `${info.viewport?.id ?? ''}-`;
    return id.startsWith('embedding-') ? 'embedding' : id.startsWith('spatial-') ? 'spatial' : null;
  };

  // Selection: screen polygon → data polygon of that view → worker → indices.
  const clientRef = useRef<SelectionClient | null>(null);
  useEffect(() => {
    const client = new SelectionClient();
    clientRef.current = client;
    return () => {
      client.dispose();
      clientRef.current = null;
    };
  }, []);
  useEffect(() => {
    const client = clientRef.current;
    return () => {
      if (embedding) client?.forget(embedding);
      if (spatial) client?.forget(spatial);
    };
  }, [embedding, spatial]);

  const viewRects = useMemo(
    () => viewIds.map((id, i) => ({ id, x: i * viewWidth, y: 0, width: viewWidth, height: size.height })),
    [viewIds, viewWidth, size.height],
  );
  const handleOverlayDone = useCallback(
    (view: PlotViewId, points: ScreenPoint[]) => {
      const deck = deckRef.current?.deck;
      const positions = positionsOf(view);
      const client = clientRef.current;
      if (!deck || !positions || !client || points.length < 3) return;
      const viewport = deck.getViewports().find((v) => v.id === view);
      if (!viewport) return;
      const polygon = new Float32Array(points.length * 2);
      points.forEach(([x, y], i) => {
        const [dx, dy] = viewport.unproject([x - viewport.x, y - viewport.y]) as [number, number];
        polygon[2 * i] = dx;
        polygon[2 * i + 1] = dy;
      });
      void client.select(positions, polygon).then((indices) => onSelect?.(indices, view, polygon));
    },
    [positionsOf, onSelect],
  );

  const deckViewState = useMemo(() => {
    const out: Record<string, PlotViewState> = {};
    for (const id of viewIds) {
      const vs = currentViewState(id);
      if (vs) out[id] = vs;
    }
    return out;
  }, [viewIds, currentViewState]);
  const ready = viewIds.every((id) => deckViewState[id]);

  const backgroundColor = (BACKGROUND_COLORS as Record<string, string>)[background] ?? background;
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
      {ready && (
        <DeckGL
          ref={deckRef}
          deviceProps={DEVICE_PROPS}
          views={views}
          viewState={deckViewState}
          layers={layers}
          layerFilter={layerInItsView}
          onViewStateChange={({ viewId, viewState }) => {
            setViewState(viewId as PlotViewId, viewState as PlotViewState);
          }}
          onHover={
            onHover
              ? (info) => {
                  const view = viewIdOfLayer(info);
                  if (view) onHover(info.index >= 0 ? info.index : null, view);
                }
              : undefined
          }
          onClick={
            onClick
              ? (info) => {
                  const view = viewIdOfLayer(info);
                  if (view && info.index >= 0) onClick(info.index, view);
                }
              : undefined
          }
          onAfterRender={handleAfterRender}
          getCursor={({ isDragging }) => (tool !== 'pan' ? 'crosshair' : isDragging ? 'grabbing' : 'grab')}
        />
      )}
      {tool !== 'pan' && <SelectionOverlay tool={tool} views={viewRects} onDone={handleOverlayDone} />}
    </div>
  );
}
