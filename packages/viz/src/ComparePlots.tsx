/**
 * Atlas Compare's plots: two or more runs' spatial plots side by side in ONE deck.gl `Deck` (one WebGL context),
 * one OrthographicView per run, on one colour scale, with linked zoom: panning or zooming one run moves every run
 * by the same amount relative to its own fitted view (./compareView), so matching regions of similar sections stay
 * side by side. Coloured in the shader like the other plots. With the lasso or quad tool, a shape drawn over one run
 * is reported in that run's data coordinates; each run's chosen shape is outlined in its view. Pure: typed arrays
 * in, never fetches.
 */
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import DeckGL, { type DeckGLRef } from '@deck.gl/react';
import { OrthographicView, type Layer } from '@deck.gl/core';
import { PathLayer } from '@deck.gl/layers';
import type { HeatmapPalette } from './colormaps';
import { NO_LINK, linkOf, linkedViewState, type CompareLink } from './compareView';
import { GRID_DEVICE_PROPS, ownViewOnly, selectionLayerId } from './gridPointLayers';
import { PlotCell, drawnPlots, gridStyle, useGridLayout, useGridPointLayers, type GridPlot } from './plotGrid';
import { DEFAULT_DISPLAY_SCALE } from './pointSize';
import { SelectionOverlay, type ScreenPoint } from './SelectionOverlay';
import { fitViewState, pointBounds, zoomBy, type PlotViewState } from './viewState';

/** One run of the comparison. */
export type ComparePanel = GridPlot;

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

  const { containerRef, cells, height } = useGridLayout(panels.length, rowHeight, columns);
  const drawn = drawnPlots(panels, cells, viewIdOf);
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

  const pointLayers = useGridPointLayers({ colorMode, palette, customColors, background, displayScale });
  // One colour range for every run.
  const layers: Layer[] = pointLayers(drawn, () => range);

  for (const { plot: panel, viewId } of drawn) {
    const polygon = selections?.[panel.id];
    if (polygon && polygon.length >= 6) layers.push(outlineLayer(viewId, polygon));
  }

  // Selection: the screen shape → the data polygon of the run it was drawn over (that view's own viewport).
  const deckRef = useRef<DeckGLRef>(null);
  const selectable = drawn.map(({ plot, cell }) => ({ id: plot.id, ...cell }));
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

  return (
    <div ref={containerRef} data-testid="compare-plots" style={gridStyle(height, background)}>
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
      {panels.map((panel, i) => (
        <PlotCell
          key={panel.id}
          plot={panel}
          cell={cells[i]}
          testId="compare-cell"
          zoom={viewStates[viewIdOf(panel.id)]?.zoom.toFixed(3) ?? ''}
        />
      ))}
      {tool !== 'pan' && <SelectionOverlay tool={tool} views={selectable} onDone={handleDone} />}
    </div>
  );
}
