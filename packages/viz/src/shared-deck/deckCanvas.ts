/**
 * The WebGL canvas of a plots Deck, React-free: how the Deck and its canvas are made, and what a page hands over when
 * it drew its first frame before the app (../first-frame.ts) so that the app's PlotsDeck goes on with that Deck —
 * one WebGL context, no second set-up — instead of making its own.
 */
import { Deck, type DeckProps, type OrthographicView } from '@deck.gl/core';

/**
 * No multisampling: the point shader already smooths its edges, and MSAA multiplies the fragment work (4× under
 * SwiftShader). The drawing buffer is kept so Save Display can read the canvas.
 */
export const DEVICE_PROPS = { webgl: { antialias: false, preserveDrawingBuffer: true } };

/** The plots' Decks draw orthographic views only. */
export type DeckOfPlotsProps = DeckProps<OrthographicView[]>;
export type DeckOfPlots = Deck<OrthographicView[]>;

/** A Deck drawing into a canvas it does not own, for whoever adopts it next. */
export interface HandedDeck {
  deck: DeckOfPlots;
  canvas: HTMLCanvasElement;
  /** Called once the canvas has its new parent: the page lets go of what held it until then. */
  release(): void;
}

/** A canvas that fills its parent, for a Deck. */
export function plotsCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.style.display = 'block';
  canvas.style.width = '100%';
  canvas.style.height = '100%';
  return canvas;
}

/**
 * A Deck on `canvas` (in the page, laid out) with the plots' device settings. Its drawing buffer is sized to the
 * canvas first: luma reads that size when the Deck starts, and would otherwise draw the first frame into the
 * default 300×150 buffer, stretched, until its resize observer reports (a second frame, ~0.4 s later without a GPU).
 */
export function createPlotsDeck(canvas: HTMLCanvasElement, props: DeckOfPlotsProps): DeckOfPlots {
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.floor(canvas.clientWidth * ratio));
  canvas.height = Math.max(1, Math.floor(canvas.clientHeight * ratio));
  return new Deck<OrthographicView[]>({ ...props, canvas, deviceProps: DEVICE_PROPS });
}

/** The canvas's drawing buffer has its size on screen (a frame drawn now is not a stretched 300×150 one). */
export function drawnAtItsSize(canvas: HTMLCanvasElement): boolean {
  const ratio = window.devicePixelRatio || 1;
  return (
    Math.abs(canvas.width - canvas.clientWidth * ratio) < 2 && Math.abs(canvas.height - canvas.clientHeight * ratio) < 2
  );
}
