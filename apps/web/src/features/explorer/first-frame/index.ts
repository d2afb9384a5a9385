/**
 * A run's plots before the app (the explorer's second public entry, beside ../index.ts): on an address that opens a
 * run with a saved session, the page's inline script has asked for the run's tixel table (apps/web/explorer-preload.ts).
 * The entry (src/main.tsx) loads ./draw.ts first — deck.gl and the plots' layers, without React, MUI or the
 * contracts — which draws both plots, coloured by cluster as the explorer opens them, in a plain-DOM copy of the
 * explorer's first render (./skeleton.ts). Then the app starts: the explorer's query takes the run's data
 * (../data/runData.ts) and the explorer's PlotsDeck goes on with that Deck and canvas (takeFirstFrameDeck). A
 * session the server refuses, a run that cannot be read or a UMAP-only run leave the page to the app as before.
 * This module itself is light (./handoff.ts): the app's modules import it.
 */
export {
  claimFirstFrame,
  dropFirstFrame,
  dropUnclaimedFirstFrame,
  takeFirstFrameData,
  takeFirstFrameDeck,
} from './handoff';

/** `startFirstFrame()`: draws the run's plots (deck.gl is most of this chunk: the entry loads it only when needed). */
export const loadFirstFrame = () => import('./draw');
