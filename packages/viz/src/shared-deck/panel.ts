/**
 * What a plot component hands the shared Deck (./PlotsDeck): its element, its views placed in that element, their
 * view states, its layers and its callbacks. The Deck draws every panel's views in one WebGL context (DESIGN §6:
 * browsers allow 8–16 contexts per page) and routes each view's events back to the panel that owns it.
 */
import { createContext, useContext, useId, useLayoutEffect } from 'react';
import type { Layer, OrthographicViewProps, PickingInfo, Viewport } from '@deck.gl/core';
import type { Device } from '@luma.gl/core';
import type { Rect } from './layout';
import type { PlotViewState } from '../viewState';

/** One view of a panel, in CSS px from the top-left corner of the panel's element. */
export interface PanelView extends Rect {
  /** Unique among all panels of the Deck (layer ids start with it, see gridPointLayers). */
  id: string;
  flipY: boolean;
  controller: OrthographicViewProps['controller'];
}

export interface DeckPanel {
  /** The element the views lie in; the canvas is clipped to it. */
  element: HTMLElement | null;
  /** Views to draw; each needs a view state in `viewStates`. */
  views: readonly PanelView[];
  viewStates: Readonly<Record<string, PlotViewState>>;
  /** Layer ids must be unique among all panels of the Deck. */
  layers: readonly Layer[];
  /** Which of the panel's layers a view of the panel draws (default: every one). */
  layerFilter?: (layer: Layer, viewId: string) => boolean;
  onViewStateChange?: (viewId: string, viewState: PlotViewState) => void;
  /** Picking: only set when the panel has pickable layers. */
  onHover?: (info: PickingInfo) => void;
  onClick?: (info: PickingInfo) => void;
  /** As every frame the Deck draws starts. */
  onBeforeRender?: () => void;
  /** After every frame the Deck draws (all panels are drawn in each frame). */
  onAfterRender?: () => void;
  /** The pointer went down on one of the panel's views (the canvas is not inside the panel's element). */
  onPointerDown?: () => void;
}

export interface PlotsDeckRegistry {
  set(key: string, panel: DeckPanel): void;
  remove(key: string): void;
  /** The shared canvas, once drawn. */
  canvas(): HTMLCanvasElement | null;
  /** The Deck's GPU device, once it has one (for buffers its panels' layers share). */
  device(): Device | null;
  /** The viewport a view was last drawn with (to unproject pointer positions in it). */
  viewport(id: string): Viewport | undefined;
  /** Where an element of a panel lies on the canvas, in CSS px; null before it has been measured. */
  rectOnCanvas(element: HTMLElement): Rect | null;
}

export const PlotsDeckContext = createContext<PlotsDeckRegistry | null>(null);

/** The shared Deck around this component, if any. */
export function usePlotsDeck(): PlotsDeckRegistry | null {
  return useContext(PlotsDeckContext);
}

/**
 * Puts a panel into the shared Deck for as long as the component is mounted; pass a new panel object whenever
 * something in it changes (memoise it so that unchanged renders cost nothing). Registered in a layout effect, so
 * the Deck has the new views and layers before the browser paints.
 */
export function useDeckPanel(registry: PlotsDeckRegistry, panel: DeckPanel): void {
  const key = useId();
  useLayoutEffect(() => registry.set(key, panel), [registry, key, panel]);
  useLayoutEffect(() => () => registry.remove(key), [registry, key]);
}
