/**
 * Draws a run's plots before the app: deck.gl and the plots' layers, without React, MUI or the contracts, in a
 * plain-DOM copy of the explorer's first render (./skeleton.ts), from the run's tixel table that the page's inline
 * script asked for (./build/explorer-preload.ts). What it hands the app is in ./handoff.ts.
 */
import { BACKGROUND_COLORS, CATEGORY_COLOURS, drawFirstFrame } from '@atlas/viz/core';
import { decodeTixelTable } from '@atlas/spatial/tixel-table';
import { earlyDataAddress } from './earlyRequests';
import { runDataOf, type RunData } from '../data/runTable';
import { clusterColour } from '../plots/colours';
import { markFirstFrame } from '../plots/timings';
import { dropFirstFrame, holdFirstFrame, type Drawn } from './handoff';
import { explorerSkeleton } from './skeleton';

/**
 * Draws the run's first frame when the inline script has its table on the way; settles once it is drawn, or at
 * once when there is nothing to draw. Never rejects: whatever fails here, the app draws the run itself.
 */
export function startFirstFrame(): Promise<void> {
  const query = new URLSearchParams(window.location.search);
  // The explorer's address is the home page's (./early.ts).
  if (window.location.pathname !== '/' || !opensDefaultView(query)) return Promise.resolve();
  const runId = query.get('run_id');
  const address = runId ? earlyDataAddress(runId) : null;
  const early = address ? window.__atlasEarly?.[address] : undefined;
  if (!runId || !address || !early) return Promise.resolve();
  // Taken now, so that the app, if it starts first, waits for this read instead of reading the same answer.
  delete window.__atlasEarly![address];
  const data = early.then(async (response) => {
    if (!response.ok) {
      // Refused or missing: the answer goes back for the app, which shows why.
      window.__atlasEarly![address] = Promise.resolve(response);
      return undefined;
    }
    const run = runDataOf(decodeTixelTable(await response.arrayBuffer()));
    performance.mark('atlas:run-data');
    return run;
  });
  const current: Drawn = { runId, data, handed: null, claimed: false, open: true };
  holdFirstFrame(current);
  return draw(current, data).catch(() => dropFirstFrame());
}

/**
 * The address opens a run in the explorer's first view (coloured by cluster), which is what the first frame draws: a
 * permalink with features, a colour mode, a palette or samples (any view field: ../state/permalink.ts leaves defaults
 * out) is drawn by the explorer itself. The feature kind changes only the names the explorer reads.
 */
export function opensDefaultView(query: URLSearchParams): boolean {
  return [...query.keys()].every((key) => PLAIN_ADDRESS_KEYS.has(key));
}
const PLAIN_ADDRESS_KEYS = new Set(['component', 'run_id', 'kind']);

async function draw(current: Drawn, read: Promise<RunData | undefined>): Promise<void> {
  const data = await read;
  // A UMAP-only run's plots take half the width: the explorer lays that out itself. Once the explorer is on the
  // page, it draws them itself.
  if (!data?.hasSpatial || current.claimed || !current.open) return;
  const skeleton = explorerSkeleton(BACKGROUND_COLORS.black);
  document.body.appendChild(skeleton.root);
  const frame = drawFirstFrame({
    parent: skeleton.plots,
    embedding: data.umap,
    spatial: data.spatial,
    codes: data.clusterCodes,
    categoryColors: data.clusterNames.map((name, i) => clusterColour(CATEGORY_COLOURS, {}, name, i)),
  });
  current.handed = { deck: frame.deck, canvas: frame.canvas, release: () => skeleton.root.remove() };
  await frame.drawn;
  markFirstFrame(current.runId, data.n);
}
