/**
 * @atlas/viz/core — the part of the plots that needs no React: colour tables and a run's first frame drawn before
 * the app (./first-frame.ts). A page loads it before React and MUI, so nothing it reaches may import them (the web
 * build checks this: apps/web/src/features/explorer/boot/build/explorer-preload.ts).
 */
export * from './colormaps';
export { drawFirstFrame } from './first-frame';
export type { HandedDeck } from './shared-deck/deckCanvas';
