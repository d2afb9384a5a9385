/**
 * The explorer's cold open: `/?component=AtlasXplore&run_id=…` opened with a saved session draws the run's plots in
 * under a second (DESIGN §9). Everything of it is in this folder, in the order a page meets it:
 * 1. build/explorer-preload.ts — the page's inline script (a build plugin): it preloads the first frame's and the
 *    explorer's chunks and starts the run's two data requests (./earlyRequests.ts) while the entry loads;
 *    build/chunks.ts names the chunks by what the first frame needs, so there are few of them;
 * 2. this module, the page entry's door (src/main.tsx): `loadFirstFrame()` loads ./draw.ts — deck.gl and the plots'
 *    layers, without React, MUI or the contracts — which draws both plots, coloured by cluster as the explorer opens
 *    them, into a plain-DOM copy of the explorer's frame (./skeleton.ts, built from ../layout.ts as the explorer is);
 * 3. the app starts (app/start.tsx, through the registry): ./early.ts has the explorer's chunk and the run's data
 *    on the way and holds the page's chrome (app/pageChrome.ts) so that the explorer's first render is its plots;
 * 4. the explorer takes over (./handoff.ts): its query takes the run's data (../data/runData.ts) and its PlotsDeck
 *    goes on with the first frame's Deck and canvas; the bars, tools and legend (./chrome.ts) arrive later, into
 *    places of their size (./ChromePlace.tsx, ./useExplorerChrome.ts).
 * A session the server refuses, a run that cannot be read or a UMAP-only run leave the page to the app as before.
 * This module is light on purpose: the entry's one static import.
 */

/** `startFirstFrame()`: draws the run's plots (deck.gl is most of this chunk: the entry loads it only when needed). */
export const loadFirstFrame = () => import('./draw');
