/**
 * Atlas Compare's plots: two or more runs' spatial plots side by side in ONE deck.gl `Deck` (one WebGL context),
 * one OrthographicView per run, on one colour scale, with linked zoom: panning or zooming one run moves every run
 * by the same amount relative to its own fitted view (./compareView), so matching regions of similar sections stay
 * side by side. Coloured in the shader like the other plots. Pure: typed arrays in, never fetches.
 */
import { useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type Ref, type ReactNode } from 'react';
import DeckGL from '@deck.gl/react';
import { OrthographicView } from '@deck.gl/core';
import { BACKGROUND_COLORS, CLUSTER_PALETTE, heatmapLut, type HeatmapPalette } from './colormaps';
import { NO_LINK, linkOf, linkedViewState, type CompareLink } from './compareView';
import { GRID_DEVICE_PROPS, gridPointLayer, ownViewOnly, useClusterLuts } from './gridPointLayers';
import { DEFAULT_DISPLAY_SCALE } from './pointSize';
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
  ref?: Ref<ComparePlotsHandle>;
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

  const heatLut = useMemo(() => heatmapLut(palette, customColors), [palette, customColors]);
  const clusterLut = useClusterLuts();
  const categorical = colorMode === 'categorical';
  const layers = drawn.map(({ panel, viewId, positions, values }) => {
    const colors = panel.clusterColors ?? CLUSTER_PALETTE;
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
    </div>
  );
}
