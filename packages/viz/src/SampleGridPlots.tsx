/**
 * The multi-sample grid: one spatial plot per additional run, three per row, each an OrthographicView of the page's
 * one deck.gl `Deck` (./shared-deck/PlotsDeck: inside a PlotsDeck the grid shares the main plots' WebGL context,
 * DESIGN §6; alone it brings its own Deck, still one for the whole grid). Each view fits its own sample,
 * pans and zooms on its own, and is coloured in the shader like LinkedPlots (ValueScatterLayer, or ValuePointsLayer
 * for big samples; the same point sizes). Titles and notes are HTML over the cells. Pure: typed arrays in, never
 * fetches.
 */
import { useState, type CSSProperties } from 'react';
import type { BackgroundName, HeatmapPalette } from './colormaps';
import { isPanelLayer } from './gridPointLayers';
import { PlotCell, drawnPlots, gridStyle, useGridLayout, useGridPointLayers, type GridPlot } from './plotGrid';
import { DEFAULT_DISPLAY_SCALE } from './pointSize';
import { SAMPLE_GRID_COLUMNS } from './sampleGrid';
import { PLOT_OVERLAY_Z, PlotsDeck } from './shared-deck/PlotsDeck';
import { useDeckPanel, usePlotsDeck, type DeckPanel, type PlotsDeckRegistry } from './shared-deck/panel';
import { fitViewState, pointBounds, type PlotViewState } from './viewState';

/** One sample of the grid. */
export interface SamplePlot extends GridPlot {
  /** Continuous: the value range mapped onto the palette ends. Default [0, 1]. */
  range?: [number, number];
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

  const { containerRef, element, cells, height } = useGridLayout(samples.length, rowHeight, columns);
  const drawn = drawnPlots(samples, cells, viewIdOf);

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

  const pointLayers = useGridPointLayers<SamplePlot>({ colorMode, palette, customColors, background, displayScale });
  const panel: DeckPanel = {
    element,
    views: drawn.map(({ viewId, cell }) => ({ id: viewId, ...cell, flipY, controller: { inertia: false } })),
    viewStates,
    // Each sample on its own colour range.
    layers: pointLayers(drawn, (sample) => sample.range ?? [0, 1]),
    layerFilter: isPanelLayer,
    onViewStateChange: onMove,
  };
  useDeckPanel(registry, panel);

  return (
    <div
      ref={containerRef}
      className={className}
      data-testid="sample-grid"
      style={gridStyle(height, background, style)}
    >
      {samples.map((sample, i) => (
        <PlotCell key={sample.id} plot={sample} cell={cells[i]} testId="sample-cell" zIndex={PLOT_OVERLAY_Z} />
      ))}
    </div>
  );
}
