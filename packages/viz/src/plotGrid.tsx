/**
 * What the two grids of spatial plots share — the multi-sample grid (./SampleGridPlots) and Atlas Compare
 * (./ComparePlots): the grid's measured container and its cells, which plots can be drawn, each plot's point layer
 * coloured as the main plots are, and the frame with a run's title drawn over its cell. What differs stays with them:
 * the sample grid's views pan on their own inside the page's shared Deck, Compare's move together in a Deck of its
 * own and take selections.
 */
import { useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { BACKGROUND_COLORS, CATEGORY_COLOURS, heatmapLut, type BackgroundName, type HeatmapPalette } from './colormaps';
import { gridPointLayer, useClusterLuts } from './gridPointLayers';
import type { ValuePointsLayer } from './layers/ValuePointsLayer';
import { gridCells, gridRows, type GridCell } from './sampleGrid';

/** One run of a grid. */
export interface GridPlot {
  /** Run id: the cell's title; unique in the grid. */
  id: string;
  /** Spatial x,y interleaved, one pair per tixel; null while loading (the cell shows its title and overlay only). */
  positions: Float32Array | null;
  /** One value per tixel: cluster codes (categorical) or feature values (continuous). NaN = no value (grey). */
  values: Float32Array | null;
  /** Categorical: the colour (hex) of each cluster code; default the 20-colour cluster palette. */
  clusterColors?: readonly string[];
  /** Shown in the cell under the title: progress, a note or an error. */
  overlay?: ReactNode;
}

/** A plot that is drawn: loaded, and in a cell with a width. */
export interface DrawnPlot<P extends GridPlot> {
  plot: P;
  cell: GridCell;
  viewId: string;
  positions: Float32Array;
  values: Float32Array;
}

export interface GridLayout {
  /** For the grid's container, whose width is measured. */
  containerRef: RefObject<HTMLDivElement | null>;
  /** The container once mounted (a shared Deck draws over it). */
  element: HTMLDivElement | null;
  /** One cell per plot, row by row. */
  cells: GridCell[];
  /** The grid's height in CSS px. */
  height: number;
}

/** The cells of `count` plots, `columns` per row, in the container's measured width (kept as it resizes). */
export function useGridLayout(count: number, rowHeight: number, columns: number): GridLayout {
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
  const cells = useMemo(() => gridCells(count, width, rowHeight, columns), [count, width, rowHeight, columns]);
  return { containerRef, element, cells, height: gridRows(count, columns) * rowHeight };
}

/** The plots that can be drawn now, each with its cell and view id. */
export function drawnPlots<P extends GridPlot>(
  plots: readonly P[],
  cells: readonly GridCell[],
  viewIdOf: (id: string) => string,
): DrawnPlot<P>[] {
  return plots.flatMap((plot, i) =>
    plot.positions && plot.values && cells[i]!.width > 0
      ? [{ plot, cell: cells[i]!, viewId: viewIdOf(plot.id), positions: plot.positions, values: plot.values }]
      : [],
  );
}

export interface GridColouring {
  colorMode: 'continuous' | 'categorical';
  palette: HeatmapPalette;
  customColors?: [string, string];
  background: BackgroundName | (string & {});
  displayScale: number;
}

/**
 * The point layers of the drawn plots, coloured as the main plots are: cluster codes by each run's colours, values
 * by the heatmap palette over `rangeOf(plot)`. The lookup tables are kept across renders.
 */
export function useGridPointLayers<P extends GridPlot>(
  colouring: GridColouring,
): (drawn: readonly DrawnPlot<P>[], rangeOf: (plot: P) => [number, number]) => ValuePointsLayer[] {
  const { colorMode, palette, customColors, background, displayScale } = colouring;
  const heatLut = useMemo(() => heatmapLut(palette, customColors, background), [palette, customColors, background]);
  const clusterLut = useClusterLuts();
  const categorical = colorMode === 'categorical';
  return (drawn, rangeOf) =>
    drawn.map(({ plot, viewId, positions, values }) => {
      const colors = plot.clusterColors ?? CATEGORY_COLOURS;
      return gridPointLayer({
        viewId,
        positions,
        values,
        colormap: categorical ? clusterLut(colors) : heatLut,
        colorMode,
        range: rangeOf(plot),
        paletteSize: categorical ? colors.length : 256,
        displayScale,
      });
    });
}

/** The style of a grid's container: as tall as its rows, in the background's colour. */
export function gridStyle(height: number, background: string, style?: CSSProperties): CSSProperties {
  return {
    position: 'relative',
    width: '100%',
    height,
    overflow: 'hidden',
    backgroundColor: (BACKGROUND_COLORS as Record<string, string>)[background] ?? background,
    ...style,
  };
}

const TITLE_STYLE: CSSProperties = {
  font: '600 12px/1.6 system-ui, sans-serif',
  padding: '0 6px',
  borderRadius: 4,
  background: 'rgba(255,255,255,0.8)',
  color: '#111',
};

export interface PlotCellProps {
  plot: GridPlot;
  cell: GridCell | undefined;
  testId: string;
  /** Above the shared Deck's canvas, when the grid draws in the page's Deck. */
  zIndex?: number;
  /** `data-zoom`: the view's zoom, for tests that follow linked zoom. */
  zoom?: string;
}

/** A cell's frame over its plot: the run id as title, then the plot's overlay; clicks go through to the Deck. */
export function PlotCell({ plot, cell, testId, zIndex, zoom }: PlotCellProps) {
  if (!cell) return null;
  return (
    <div
      data-testid={testId}
      data-run-id={plot.id}
      data-zoom={zoom}
      style={{
        position: 'absolute',
        left: cell.x,
        top: cell.y,
        width: cell.width,
        height: cell.height,
        boxSizing: 'border-box',
        border: '1px solid rgba(128,128,128,0.35)',
        pointerEvents: 'none',
        zIndex,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        gap: 4,
        padding: 6,
      }}
    >
      <span style={TITLE_STYLE}>{plot.id}</span>
      {plot.overlay}
    </div>
  );
}
