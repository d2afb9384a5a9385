/**
 * Publication figures: the explorer's plots as they are on screen — the same views (pan and zoom), sizes, colours,
 * dimmed tixels, tissue image and cell outlines — turned into a figure description for @atlas/viz (composeFigure), with the legend
 * of the current colouring and a scale bar from the run's channel width or its spatial folder's scale factors.
 */
import {
  gridPitch,
  heatmapLut,
  micronsPerUnit,
  tixelDiameterPx,
  type FigurePanel,
  type FigureSpec,
  type HeatmapPalette,
  type PlotViewState,
} from '@atlas/viz';
import type { RunData } from '../data/runData';
import type { Colouring, PlotView } from './useColouring';

export type FigurePlots = 'both' | 'spatial' | 'umap';

/** One plot view as on screen. */
export interface ShownView {
  viewState: PlotViewState;
  width: number;
  height: number;
}

/** The spatial view as on screen, with what a cell run draws there: its outlines and its calibration in µm. */
export interface ShownSpatialView extends ShownView {
  outlines: FigurePanel['outlines'];
  micronsPerUnit: number | null;
}

export interface FigureInputs {
  runId: string;
  data: RunData;
  colouring: Colouring;
  palette: HeatmapPalette;
  customColors: [string, string];
  displayScale: number;
  /** The colour bar's title in expression view (the feature, or "Average of n"). */
  featureTitle: string;
  views: { embedding?: ShownView; spatial?: ShownSpatialView };
  plots: FigurePlots;
  /** The tissue image as drawn (null when hidden or absent): its address, bounds [x0, y0, x1, y1], opacity, spot. */
  tissue: { href: string; bounds: [number, number, number, number]; opacity: number; spotDiameter: number } | null;
  /** The run's channel width in µm (DBiT), if recorded. */
  channelWidthUm: number | null;
}

/** Point opacity over a tissue image, as the plots draw it (TissueImageControl). */
const POINT_OPACITY_OVER_IMAGE = 0.7;
const CATEGORY_TITLE: Record<PlotView, string> = {
  cluster: 'Clusters',
  celltype: 'Cell types',
  annotation: 'Annotations',
  expression: 'Expression',
};

export function buildFigureSpec(inputs: FigureInputs): FigureSpec {
  const { data, colouring, views } = inputs;
  const values = colouring.values ?? data.clusterCodes;
  const diameter = tixelDiameterPx(data.n, inputs.displayScale);
  const panels: FigurePanel[] = [];
  if (inputs.plots !== 'spatial' && views.embedding) {
    panels.push({ title: 'UMAP', positions: data.umap, ...views.embedding, flipY: false, pointDiameter: diameter });
  }
  if (inputs.plots !== 'umap' && views.spatial) {
    const tissue = inputs.tissue;
    const { outlines, micronsPerUnit: calibrated, ...shown } = views.spatial;
    // A calibration the plots know (a cell run's microns) before one inferred from the run's metadata.
    const scale =
      calibrated ??
      micronsPerUnit({
        channelWidthUm: inputs.channelWidthUm,
        pitch: gridPitch(data.spatial),
        spotDiameter: tissue?.spotDiameter,
      });
    panels.push({
      title: 'Spatial',
      positions: data.spatial,
      ...shown,
      flipY: true,
      pointDiameter: tissue ? tissue.spotDiameter : diameter,
      physical: Boolean(tissue),
      pointOpacity: tissue ? POINT_OPACITY_OVER_IMAGE : 1,
      image: tissue
        ? {
            href: tissue.href,
            // [left, bottom, right, top], top being the image's first row (as the plots place it).
            bounds: [tissue.bounds[0], tissue.bounds[3], tissue.bounds[2], tissue.bounds[1]],
            opacity: tissue.opacity,
          }
        : null,
      micronsPerUnit: scale,
      outlines,
    });
  }
  // The plots' table: its low end kept off the figure's background as on screen.
  const lut = heatmapLut(inputs.palette, inputs.customColors, colouring.background);
  const expression = colouring.view === 'expression';
  return {
    runId: inputs.runId,
    panels,
    colouring: expression
      ? { mode: 'continuous', values, lut, range: colouring.range }
      : { mode: 'categorical', values, colors: colouring.categoryColors },
    legend: expression
      ? { kind: 'colorbar', title: inputs.featureTitle, lut, range: colouring.range }
      : {
          kind: 'categories',
          title: CATEGORY_TITLE[colouring.view],
          items: (colouring.categories?.names ?? []).map((name, i) => ({
            name,
            color: colouring.categoryColors[i] ?? '#808080',
            count: colouring.categories?.counts[i] ?? 0,
          })),
        },
    selected: colouring.selectedMask,
    background: colouring.background,
  };
}
