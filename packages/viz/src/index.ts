/**
 * @atlas/viz — WebGL plot components for the spatial explorer (deck.gl 9). They take typed arrays and callbacks
 * and never fetch. Colour is applied in the shader from one value per tixel (see layers/ValueScatterLayer).
 */
export { LinkedPlots } from './LinkedPlots';
export { EmbeddingPlot, SpatialPlot } from './SinglePlots';
export { SampleGridPlots } from './SampleGridPlots';
export { PLOT_OVERLAY_Z, PlotsDeck } from './shared-deck/PlotsDeck';
export type { PlotsDeckProps } from './shared-deck/PlotsDeck';
export type { SampleGridPlotsProps, SamplePlot } from './SampleGridPlots';
export type { SinglePlotProps } from './SinglePlots';
export type {
  CellOutlinesInput,
  LinkedPlotsProps,
  LinkedPlotsHandle,
  PlotViewId,
  SelectionTool,
  SpatialViewport,
  TissueImage,
} from './LinkedPlots';
export { OUTLINE_MIN_CELL_PX, showsOutlines } from './linked/cellLayers';
export type { HoverHit } from './linked/useHoverPick';
export { nearestPoint } from './selection/nearestPoint';
export { ValueScatterLayer } from './layers/ValueScatterLayer';
export type { ValueScatterLayerProps, ValueScatterLayerExtraProps } from './layers/ValueScatterLayer';
export { ValuePointsLayer } from './layers/ValuePointsLayer';
export type { ValuePointsLayerProps, ValuePointsLayerExtraProps } from './layers/ValuePointsLayer';
export {
  BACKGROUND_COLORS,
  CATEGORY_COLOURS,
  CLUSTER_PALETTE,
  MIN_VISIBLE_CONTRAST,
  contrastRatio,
  DEFAULT_CUSTOM_RAMP,
  HEATMAP_PALETTES,
  HEAT_BAR_SHADES,
  HEAT_BAR_TICKS,
  LUT_SIZE,
  NO_VALUE_COLOR,
  categoricalLut,
  customRamp,
  heatBarShades,
  heatBarTicks,
  heatmapLut,
  lutColor,
  parseHex,
  toHex,
  valueRange,
} from './colormaps';
export type { BackgroundName, HeatmapPalette, Rgba } from './colormaps';
export {
  DEFAULT_DISPLAY_SCALE,
  TIXEL_SIZE_BANDS,
  ZOOM_IN_FACTOR,
  ZOOM_OUT_FACTOR,
  shouldUseGlPoints,
  tixelDiameterPx,
} from './pointSize';
export { fitViewState, pointBounds, zoomBy } from './viewState';
export type { PlotViewState, ViewPlace } from './viewState';
export { buildGrid, indicesToMask, pointInPolygon, rectPolygon, selectInPolygon } from './selection/selectInPolygon';
export type { GridIndex, Polygon } from './selection/selectInPolygon';
export { SelectionClient } from './selection/SelectionClient';
export * from './figure/index';
export { ComparePlots } from './ComparePlots';
export type { ComparePanel, ComparePlotsHandle, ComparePlotsProps } from './ComparePlots';
