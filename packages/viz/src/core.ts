/**
 * @atlas/viz/core — the part of the plots that needs no React: colour tables, point sizes, view maths and a run's
 * first frame drawn before the app (./first-frame.ts). A page loads it before React and MUI, so nothing it reaches
 * may import them (the web build checks this: apps/web/chunks.ts).
 */
export * from './colormaps';
export { DEFAULT_DISPLAY_SCALE, tixelDiameterPx } from './pointSize';
export { drawFirstFrame } from './first-frame';
export type { FirstFrame, FirstFrameInput } from './first-frame';
export type { HandedDeck } from './shared-deck/deckCanvas';
