export {
  SVG_MAX_POINTS,
  FigureTooLargeError,
  composeFigure,
  type FigureColouring,
  type FigureLegend,
  type FigurePanel,
  type FigureScene,
  type FigureSpec,
} from './compose';
export { figureToSvg } from './svg';
export { paintFigure } from './canvas';
export { withPngDpi } from './png';
export { VISIUM_SPOT_MICRONS, gridPitch, micronsPerUnit, niceScaleBar, type ScaleBar } from './scaleBar';
export { compositionFigure, groupPlotFigure, type CompositionBar, type GroupPlot, type PlotGroup } from './groupPlots';
export { SceneSvg } from './SceneSvg';
