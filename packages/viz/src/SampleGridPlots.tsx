/**
 * The multi-sample grid: one spatial plot per additional run, three per row, each an OrthographicView of the page's
 * one deck.gl `Deck` (./shared-deck/PlotsDeck: inside a PlotsDeck the grid shares the main plots' WebGL context,
 * DESIGN §6; alone it brings its own Deck, still one for the whole grid). Each view fits its own sample,
 * pans and zooms on its own, and is coloured in the shader like LinkedPlots (ValueScatterLayer, or ValuePointsLayer
 * for big samples; the same point sizes). Titles and notes are HTML over the cells. Pure: typed arrays in, never
 * fetches.
 */
import { useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { BACKGROUND_COLORS, CATEGORY_COLOURS, heatmapLut, type BackgroundName, type HeatmapPalette } from './colormaps';
import { gridPointLayer, isPanelLayer, useClusterLuts } from './gridPointLayers';
import { DEFAULT_DISPLAY_SCALE } from './pointSize';
import { SAMPLE_GRID_COLUMNS, gridCells, gridRows, type GridCell } from './sampleGrid';
import { PLOT_OVERLAY_Z, PlotsDeck } from './shared-deck/PlotsDeck';
import { useDeckPanel, usePlotsDeck, type DeckPanel, type PlotsDeckRegistry } from './shared-deck/panel';
import { fitViewState, pointBounds, type PlotViewState } from './viewState';

/** One sample of the grid. */
export interface SamplePlot {
  /** Run id: the cell's title; unique in the grid. */
  id: string;
  /** Spatial x,y interleaved, one pair per tixel; null while loading (the cell shows its title and overlay only). */
  positions: Float32Array | null;
  /** One value per tixel: cluster codes (categorical) or feature values (continuous). NaN = no value (grey). */
  values: Float32Array | null;
  /** Categorical: the colour (hex) of each cluster code; default the 20-colour cluster palette. */
  clusterColors?: readonly string[];
  /** Continuous: the value range mapped onto the palette ends. Default [0, 1]. */
  range?: [number, number];
  /** Shown in the cell under the title: progress, a note or an error. */
  overlay?: ReactNode;
}

export interface SampleGridPlotsProps {
  samples: readonly SamplePlot[];
  /** How every sample's `values` are coloured. */
  colorMode: 'continuous' | 'categorical';
  /** Heatmap palette in continuous mode. Default `jet`. */
  palette?: HeatmapPalette;
  /** Ends of the `custom` palette, low → high, as hex. */
  customColors?: [string, string];
  /** Background: `black`, `white`, `darkgrey` or any CSS colour. Default black. */
  background?: BackgroundName | (string & {});
  /** Display scale multiplying the count-band point size. Default 0.75. */
  displayScale?: number;
  /** Plots per row. Default 3 (spec 03 §9). */
  columns?: number;
  /** Height of a row in CSS px. Default 300. */
  rowHeight?: number;
  /** Spatial y grows downward (image coordinates). Default true. */
  flipY?: boolean;
  className?: string;
  style?: CSSProperties;
}

const boundsCache = new WeakMap<Float32Array, [number, number, number, number]>();

function boundsOf(positions: Float32Array): [number, number, number, number] {
  let bounds = boundsCache.get(positions);
  if (!bounds) boundsCache.set(positions, (bounds = pointBounds(positions)));
  return bounds;
}

const viewIdOf = (sampleId: string) => `sample-${sampleId}`;

/** A user's pan/zoom of one view, with the points and cell size it was made on. */
type ViewMove = { positions: Float32Array; width: number; height: number; viewState: PlotViewState };

/** N spatial plots in a grid, one Deck; see {@link SampleGridPlotsProps}. */
export function SampleGridPlots(props: SampleGridPlotsProps) {
  const registry = usePlotsDeck();
  if (registry) return <SampleGridPanel {...props} registry={registry} />;
  return (
    <PlotsDeck>
      <SampleGridInOwnDeck {...props} />
    </PlotsDeck>
  );
}

function SampleGridInOwnDeck(props: SampleGridPlotsProps) {
  return <SampleGridPanel {...props} registry={usePlotsDeck()!} />;
}

function SampleGridPanel(props: SampleGridPlotsProps & { registry: PlotsDeckRegistry }) {
  const {
    registry,
    samples,
    colorMode,
    palette = 'jet',
    customColors,
    background = 'black',
    displayScale = DEFAULT_DISPLAY_SCALE,
    columns = SAMPLE_GRID_COLUMNS,
    rowHeight = 300,
    flipY = true,
    className,
    style,
  } = props;

  const containerRef = useRef<HTMLDivElement>(null);
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = containerRef.current;
    setElement(el);
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const cells = useMemo(
    () => gridCells(samples.length, width, rowHeight, columns),
    [samples.length, width, rowHeight, columns],
  );
  const drawn = samples.flatMap((sample, i) =>
    sample.positions && sample.values && cells[i]!.width > 0
      ? [{ sample, cell: cells[i]!, viewId: viewIdOf(sample.id), positions: sample.positions, values: sample.values }]
      : [],
  );

  // A view shows its sample fitted to its cell until the user pans or zooms it; new points or a new cell size
  // fit it again (a move is kept only for the points and cell size it was made on).
  const [moves, setMoves] = useState<Record<string, ViewMove>>({});
  const viewStates: Record<string, PlotViewState> = {};
  for (const { viewId, positions, cell } of drawn) {
    const move = moves[viewId];
    viewStates[viewId] =
      move && move.positions === positions && move.width === cell.width && move.height === cell.height
        ? move.viewState
        : fitViewState(boundsOf(positions), cell.width, cell.height);
  }
  const onMove = (viewId: string, viewState: PlotViewState) => {
    const item = drawn.find((d) => d.viewId === viewId);
    if (item)
      setMoves((m) => ({
        ...m,
        [viewId]: { positions: item.positions, width: item.cell.width, height: item.cell.height, viewState },
      }));
  };

  const heatLut = useMemo(() => heatmapLut(palette, customColors, background), [palette, customColors, background]);
  const clusterLut = useClusterLuts();

  const categorical = colorMode === 'categorical';
  const panel: DeckPanel = {
    element,
    views: drawn.map(({ viewId, cell }) => ({ id: viewId, ...cell, flipY, controller: { inertia: false } })),
    viewStates,
    layers: drawn.map(({ sample, viewId, positions, values }) => {
      const colors = sample.clusterColors ?? CATEGORY_COLOURS;
      return gridPointLayer({
        viewId,
        positions,
        values,
        colormap: categorical ? clusterLut(colors) : heatLut,
        colorMode,
        range: sample.range ?? [0, 1],
        paletteSize: categorical ? colors.length : 256,
        displayScale,
      });
    }),
    layerFilter: isPanelLayer,
    onViewStateChange: onMove,
  };
  useDeckPanel(registry, panel);

  const backgroundColor = (BACKGROUND_COLORS as Record<string, string>)[background] ?? background;
  return (
    <div
      ref={containerRef}
      className={className}
      data-testid="sample-grid"
      style={{
        position: 'relative',
        width: '100%',
        height: gridRows(samples.length, columns) * rowHeight,
        overflow: 'hidden',
        backgroundColor,
        ...style,
      }}
    >
      {samples.map((sample, i) => (
        <SampleCell key={sample.id} sample={sample} cell={cells[i]} />
      ))}
    </div>
  );
}

function SampleCell({ sample, cell }: { sample: SamplePlot; cell: GridCell | undefined }) {
  if (!cell) return null;
  return (
    <div
      data-testid="sample-cell"
      data-run-id={sample.id}
      style={{
        position: 'absolute',
        left: cell.x,
        top: cell.y,
        width: cell.width,
        height: cell.height,
        boxSizing: 'border-box',
        border: '1px solid rgba(128,128,128,0.35)',
        pointerEvents: 'none',
        zIndex: PLOT_OVERLAY_Z,
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
        {sample.id}
      </span>
      {sample.overlay}
    </div>
  );
}
