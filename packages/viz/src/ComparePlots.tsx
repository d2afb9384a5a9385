/**
 * Atlas Compare's plots: two or more runs' spatial plots side by side in ONE deck.gl `Deck` (one WebGL context),
 * one OrthographicView per run, on one colour scale, with linked zoom: panning or zooming one run moves every run
 * by the same amount relative to its own fitted view (./compareView), so matching regions of similar sections stay
 * side by side. Coloured in the shader like the other plots. With the lasso or quad tool, a shape drawn over one run
 * is reported in that run's data coordinates; each run's chosen shape is outlined in its view. Pure: typed arrays
 * in, never fetches.
 */
import { useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type Ref, type ReactNode } from 'react';
import DeckGL, { type DeckGLRef } from '@deck.gl/react';
import { OrthographicView, type Layer } from '@deck.gl/core';
import { PathLayer } from '@deck.gl/layers';
import { BACKGROUND_COLORS, CATEGORY_COLOURS, heatmapLut, type HeatmapPalette } from './colormaps';
import { NO_LINK, linkOf, linkedViewState, type CompareLink } from './compareView';
import { GRID_DEVICE_PROPS, gridPointLayer, ownViewOnly, selectionLayerId, useClusterLuts } from './gridPointLayers';
import { DEFAULT_DISPLAY_SCALE } from './pointSize';
import { SelectionOverlay, type ScreenPoint } from './SelectionOverlay';
import { gridCells, gridRows } from './sampleGrid';
import { fitViewState, pointBounds, zoomBy, type PlotViewState } from './viewState';

/** One run of the comparison. */
export interface ComparePanel {
  /** Run id: the panel's title; unique. */
  id: string;
  /** Spatial x,y interleaved; null while loading. */
  positions: Float32Array | null;
  /** One value per tixel (cluster codes or feature values); null while loading. */
  values: Float32Array | null;
  /** Categorical: the colour of each code. */
  clusterColors?: readonly string[];
  /** Shown under the title (progress, a note). */
  overlay?: ReactNode;
}

export interface ComparePlotsHandle {
  /** Zooms every run by `factor` (1.1 in, 0.9 out). */
  zoom(factor: number): void;
  /** Fits every run to its cell. */
  fit(): void;
}

export interface ComparePlotsProps {
  panels: readonly ComparePanel[];
  colorMode: 'continuous' | 'categorical';
  palette?: HeatmapPalette;
  customColors?: [string, string];
  /** The one colour range of every run (continuous). */
  range?: [number, number];
  background?: string;
  displayScale?: number;
  /** Plots per row; default all runs in one row, at most 4. */
  columns?: number;
  rowHeight?: number;
  /** Pointer tool: pan/zoom (default), or draw a lasso or rectangle over one run. */
  tool?: 'pan' | 'lasso' | 'quad';
  /** A shape drawn over run `id`: its polygon (x,y interleaved) in that run's data coordinates. */
  onSelect?: (id: string, polygon: Float32Array) => void;
  /** The selection shape of each run (by id, data coordinates), outlined in its view. */
  selections?: Readonly<Record<string, Float32Array>>;
  ref?: Ref<ComparePlotsHandle>;
}

const OUTLINE_COLOR: [number, number, number, number] = [255, 235, 59, 255];

/** The closed outline of a selection polygon, drawn in its run's view only. */
function outlineLayer(viewId: string, polygon: Float32Array): Layer {
  const path: [number, number][] = [];
  for (let i = 0; i + 1 < polygon.length; i += 2) path.push([polygon[i]!, polygon[i + 1]!]);
  if (path.length) path.push(path[0]!);
  return new PathLayer<[number, number][]>({
    id: selectionLayerId(viewId),
    data: [path],
    getPath: (p) => p,
    getColor: OUTLINE_COLOR,
    getWidth: 2,
    widthUnits: 'pixels',
  });
}

const viewIdOf = (id: string) => `compare-${id}`;

export function ComparePlots(props: ComparePlotsProps) {
  const {
    panels,
    colorMode,
    palette = 'jet',
    customColors,
    range = [0, 1],
    background = 'black',
    displayScale = DEFAULT_DISPLAY_SCALE,
    rowHeight = 420,
    tool = 'pan',
    onSelect,
    selections,
    ref,
  } = props;
  const columns = props.columns ?? Math.min(4, Math.max(1, panels.length));

  const containerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const cells = useMemo(
    () => gridCells(panels.length, width, rowHeight, columns),
    [panels.length, width, rowHeight, columns],
  );
  const drawn = panels.flatMap((panel, i) =>
    panel.positions && panel.values && cells[i]!.width > 0
      ? [{ panel, cell: cells[i]!, viewId: viewIdOf(panel.id), positions: panel.positions, values: panel.values }]
      : [],
  );
  const fits = new Map(
    drawn.map(({ viewId, positions, cell }) => {
      const bounds = pointBounds(positions);
      return [viewId, { fit: fitViewState(bounds, cell.width, cell.height), bounds }] as const;
    }),
  );

  // One link for all runs: every view is its own fit moved by the same relative pan and zoom.
  const [link, setLink] = useState<CompareLink>(NO_LINK);
  const viewStates: Record<string, PlotViewState> = {};
  for (const [viewId, { fit, bounds }] of fits) viewStates[viewId] = linkedViewState(fit, bounds, link);

  useImperativeHandle(
    ref,
    () => ({
      zoom: (factor) => setLink((l) => ({ ...l, zoom: zoomBy({ target: [0, 0, 0], zoom: l.zoom }, factor).zoom })),
      fit: () => setLink(NO_LINK),
    }),
    [],
  );

  const views = drawn.map(
    ({ viewId, cell }) =>
      new OrthographicView({
        id: viewId,
        x: cell.x,
        y: cell.y,
        width: cell.width,
        height: cell.height,
        flipY: true,
        controller: { inertia: false },
      }),
  );

  const heatLut = useMemo(() => heatmapLut(palette, customColors, background), [palette, customColors, background]);
  const clusterLut = useClusterLuts();
  const categorical = colorMode === 'categorical';
  const layers: Layer[] = drawn.map(({ panel, viewId, positions, values }) => {
    const colors = panel.clusterColors ?? CATEGORY_COLOURS;
    return gridPointLayer({
      viewId,
      positions,
      values,
      colormap: categorical ? clusterLut(colors) : heatLut,
      colorMode,
      range: range,
      paletteSize: categorical ? colors.length : 256,
      displayScale,
    });
  });

  for (const { panel, viewId } of drawn) {
    const polygon = selections?.[panel.id];
    if (polygon && polygon.length >= 6) layers.push(outlineLayer(viewId, polygon));
  }

  // Selection: the screen shape → the data polygon of the run it was drawn over (that view's own viewport).
  const deckRef = useRef<DeckGLRef>(null);
  const selectable = drawn.map(({ panel, cell }) => ({ id: panel.id, ...cell }));
  const handleDone = (id: string, points: ScreenPoint[]) => {
    const viewport = deckRef.current?.deck?.getViewports().find((v) => v.id === viewIdOf(id));
    if (!viewport || points.length < 3) return;
    const polygon = new Float32Array(points.length * 2);
    points.forEach(([x, y], i) => {
      const [dx, dy] = viewport.unproject([x - viewport.x, y - viewport.y]) as [number, number];
      polygon[2 * i] = dx;
      polygon[2 * i + 1] = dy;
    });
    onSelect?.(id, polygon);
  };

  const backgroundColor = (BACKGROUND_COLORS as Record<string, string>)[background] ?? background;
  return (
    <div
      ref={containerRef}
      data-testid="compare-plots"
      style={{
        position: 'relative',
        width: '100%',
        height: gridRows(panels.length, columns) * rowHeight,
        overflow: 'hidden',
        backgroundColor,
      }}
    >
      {views.length > 0 && (
        <DeckGL
          ref={deckRef}
          deviceProps={GRID_DEVICE_PROPS}
          views={views}
          viewState={viewStates}
          layers={layers}
          layerFilter={ownViewOnly}
          onViewStateChange={({ viewId, viewState }) => {
            const entry = fits.get(viewId);
            if (entry) setLink(linkOf(entry.fit, entry.bounds, viewState as PlotViewState));
          }}
        />
      )}
      {panels.map((panel, i) => {
        const cell = cells[i];
        if (!cell) return null;
        return (
          <div
            key={panel.id}
            data-testid="compare-cell"
            data-run-id={panel.id}
            data-zoom={viewStates[viewIdOf(panel.id)]?.zoom.toFixed(3) ?? ''}
            style={{
              position: 'absolute',
              left: cell.x,
              top: cell.y,
              width: cell.width,
              height: cell.height,
              boxSizing: 'border-box',
              border: '1px solid rgba(128,128,128,0.35)',
              pointerEvents: 'none',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'flex-start',
              gap: 4,
              padding: 6,
            }}
          >
            <span
              style={{
                font: '600 12px/1.6 system-ui, sans-serif',
                padding: '0 6px',
                borderRadius: 4,
                background: 'rgba(255,255,255,0.8)',
                color: '#111',
              }}
            >
              {panel.id}
            </span>
            {panel.overlay}
          </div>
        );
      })}
      {tool !== 'pan' && <SelectionOverlay tool={tool} views={selectable} onDone={handleDone} />}
    </div>
  );
}
