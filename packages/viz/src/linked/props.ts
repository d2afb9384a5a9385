/** The props and imperative handle of LinkedPlots (../LinkedPlots.tsx). */
import type { CSSProperties, Ref } from 'react';
import type { OutlineWindow } from '@atlas/spatial/outline-window';
import type { BackgroundName, HeatmapPalette } from '../colormaps';
import type { PlotViewState, ViewPlace } from '../viewState';
import type { HoverHit } from './useHoverPick';

/** Defaults of LinkedPlots' props that a first frame drawn without it (../first-frame.ts) must draw alike. */
export const LINKED_DEFAULTS = { dimOpacity: 0.15, spatialFlipY: true, embeddingFlipY: false } as const;

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

/** What the spatial view shows: its visible data bounds [x0, y0, x1, y1] and its scale. */
export interface SpatialViewport {
  bounds: [number, number, number, number];
  pixelsPerUnit: number;
}

/** A single-cell-resolution run's outlines (issue 38): drawn when a cell of `diameter` data units is large on screen. */
export interface CellOutlinesInput {
  diameter: number;
  /** The outlines of the window last fetched (the viewport, see docs/CELL-OUTLINES.md); null while none. */
  window: OutlineWindow | null;
}

/** Imperative helpers on the plots (pass `ref`). */
export interface LinkedPlotsHandle {
  /** Zooms a view (both when omitted) by `factor`: 1.1 in, 0.9 out (spec 03 §9). */
  zoom(factor: number, view?: PlotViewId): void;
  /** Fits a view (both when omitted) to its points. */
  fit(view?: PlotViewId): void;
  /** The current view state of a view. */
  getViewState(view: PlotViewId): PlotViewState | undefined;
  /**
   * The WebGL canvas (for Save Display). It is shared with every plot of the page's plots Deck (the multi-sample
   * grid), so read the plots' own part of it at {@link LinkedPlotsHandle.getCanvasRect}.
   */
  getCanvas(): HTMLCanvasElement | null;
  /** Where these plots lie on that canvas, in CSS px; null before the first draw. */
  getCanvasRect(): { x: number; y: number; width: number; height: number } | null;
  /** The CSS colour behind the points (the canvas itself is transparent there). */
  getBackground(): string;
  /** The cell outlines drawn now (a cell run zoomed in far enough); null while points are drawn. */
  getCellOutlines(): OutlineWindow | null;
  /** µm per spatial unit when the run's spatial unit is known in microns (its scale bar); null otherwise. */
  getSpatialMicronsPerUnit(): number | null;
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
  /** Cluster colours (hex) in categorical mode; default CATEGORY_COLOURS (one per cluster code). */
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
  /** Microns per spatial data unit, when known (1 for single-cell-resolution runs): draws a scale bar. */
  spatialMicronsPerUnit?: number;
  /** Cell outlines drawn over the spatial points when zoomed in (level of detail by on-screen cell size). */
  cellOutlines?: CellOutlinesInput | null;
  /** Called when the spatial view moves (and once placed), with what it shows: the app fetches outlines for it. */
  onSpatialView?: (viewport: SpatialViewport) => void;
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
  /** Where the views start instead of fitted (a permalink's places); read when each view is first fitted. */
  startPlaces?: Partial<Record<PlotViewId, ViewPlace>>;
  /** Called when a view moves (user, zoom buttons, fit), with its place relative to the fitted view. */
  onViewPlace?: (view: PlotViewId, place: ViewPlace) => void;
  /**
   * Tixel under the pointer (null when none), found on the CPU (linked/useHoverPick.ts): hovering keeps the fast GL
   * points. Called at most once per frame, when the tixel or the pointer's place changes; not while a tool draws.
   */
  onHover?: (hit: HoverHit | null) => void;
  /** Tixel clicked; enables picking. */
  onClick?: (index: number, view: PlotViewId) => void;
  /** A lasso or quad selection finished: ascending tixel indices, the view, and the polygon in that view's data coordinates. */
  onSelect?: (indices: Uint32Array, view: PlotViewId, polygon: Float32Array) => void;
  /** Called once, after the first frame with the points has been drawn (after deck's render plus one animation frame). */
  onFirstDraw?: () => void;
  /** Called as every frame deck draws starts (timings: with onAfterRender, the frame's own work). */
  onBeforeRender?: () => void;
  /** Called after every frame deck draws (timings). */
  onAfterRender?: () => void;
  /** Imperative handle: zoom, fit, view state, canvas. */
  ref?: Ref<LinkedPlotsHandle>;
  className?: string;
  style?: CSSProperties;
}
