/**
 * LinkedPlots' first frame without React: a page opened on a run draws its two plots, coloured by cluster as the
 * explorer opens them, from the same layer, view and size rules as LinkedPlots (./linked/*, ./pointSize.ts), in a
 * Deck that the app's PlotsDeck then goes on with (./shared-deck/deckCanvas.ts: `takeHanded`). The pixels are the
 * ones LinkedPlots would draw in that place; the views have no controller until the app takes them over.
 */
import { OrthographicView } from '@deck.gl/core';
import { BACKGROUND_COLORS } from './colormaps';
import { pointsColormap, pointsData, linkedLayers } from './linked/layers';
import { LINKED_DEFAULTS } from './linked/props';
import { fitBounds, layerInItsView, linkedViewIds, linkedViewRects } from './linked/views';
import { DEFAULT_DISPLAY_SCALE, tixelDiameterPx } from './pointSize';
import { createPlotsDeck, drawnAtItsSize, plotsCanvas, type DeckOfPlots } from './shared-deck/deckCanvas';
import { pointBounds, type PlotViewState } from './viewState';

export interface FirstFrameInput {
  /** The plots' element, laid out: the canvas fills it, the embedding on the left and the spatial view on the right. */
  parent: HTMLElement;
  embedding: Float32Array | null;
  spatial: Float32Array | null;
  /** Category code per tixel (0, 1, 2…) and one colour per category. */
  codes: Float32Array;
  categoryColors: readonly string[];
  displayScale?: number;
}

export interface FirstFrame {
  deck: DeckOfPlots;
  canvas: HTMLCanvasElement;
  /**
   * Settles when the Deck has drawn its first frame with the points at the canvas's size (JS side: deck returned
   * from drawing; the pixels follow once the GPU has rasterised them — the point the bench's floor page measures too).
   */
  drawn: Promise<void>;
}

export function drawFirstFrame(input: FirstFrameInput): FirstFrame {
  const { parent, embedding, spatial, codes, categoryColors } = input;
  const viewIds = linkedViewIds(embedding, spatial);
  const rects = linkedViewRects(viewIds, parent.clientWidth, parent.clientHeight);
  const positions = { embedding, spatial };
  const viewState: Record<string, PlotViewState> = {};
  for (const r of rects) {
    const fitted = fitBounds(pointBounds(positions[r.id]!), r.width, r.height);
    if (fitted) viewState[r.id] = fitted;
  }
  const views = rects.map(
    (r) =>
      new OrthographicView({
        ...r,
        flipY: r.id === 'spatial' ? LINKED_DEFAULTS.spatialFlipY : LINKED_DEFAULTS.embeddingFlipY,
        controller: false,
      }),
  );
  const values = { value: codes, size: 1 };
  const layers = linkedLayers({
    viewIds,
    data: {
      embedding: pointsData(embedding && { value: embedding, size: 2 }, values, null),
      spatial: pointsData(spatial && { value: spatial, size: 2 }, values, null),
    },
    hasSpatial: spatial !== null,
    tissueImage: null,
    colormap: pointsColormap('categorical', 'jet', categoryColors, undefined, BACKGROUND_COLORS.black),
    colorMode: 'categorical',
    range: [0, 1],
    categoryCount: categoryColors.length,
    n: codes.length,
    diameterPx: tixelDiameterPx(codes.length, input.displayScale ?? DEFAULT_DISPLAY_SCALE),
    spotDiameter: undefined,
    dimmed: false,
    dimOpacity: LINKED_DEFAULTS.dimOpacity,
    spatialPointOpacity: 1,
    pickable: false,
  });

  const canvas = plotsCanvas();
  parent.appendChild(canvas);
  let drawnAt = () => {};
  const drawn = new Promise<void>((resolve) => (drawnAt = resolve));
  const deck = createPlotsDeck(canvas, {
    views,
    viewState,
    layers,
    layerFilter: ({ layer, viewport }) => layerInItsView(layer, viewport.id),
    onAfterRender: () => {
      if (deck.isInitialized && drawnAtItsSize(canvas) && Object.keys(viewState).length === viewIds.length) drawnAt();
    },
  });
  return { deck, canvas, drawn };
}
