/**
 * What a run's first frame, drawn before the app (./draw.ts), hands the explorer: the run's data for its query cache
 * and the Deck its PlotsDeck goes on with. Light on purpose (no deck.gl): the app's own modules import it.
 */
import type { HandedDeck } from '@atlas/viz/core';
import type { RunData } from '../data/runTable';

export interface Drawn {
  runId: string;
  /** The run's data, or undefined when the server refused it (its answer went back for the app); taken once. */
  data: Promise<RunData | undefined> | null;
  /** The Deck until the explorer takes it. */
  handed: HandedDeck | null;
  /** The explorer mounted on this run: it takes the Deck once its canvas is shown. */
  claimed: boolean;
  /** Until the explorer's PlotsDeck asked for the Deck or the first frame was dropped: later, nothing is drawn. */
  open: boolean;
}

let drawn: Drawn | null = null;

/** The first frame being drawn for a run (./draw.ts). */
export function holdFirstFrame(current: Drawn): void {
  drawn = current;
}

/**
 * The run's data as the first frame read it, once: the explorer's query takes it instead of fetching the table
 * again (../data/runData.ts). Undefined for another run or when taken already; a promise of undefined when the
 * server refused it or it could not be read (then the query asks again and shows why).
 */
export function takeFirstFrameData(runId: string): Promise<RunData | undefined> | undefined {
  if (drawn?.runId !== runId || !drawn.data) return undefined;
  const { data } = drawn;
  drawn.data = null;
  return data.catch(() => undefined);
}

/** The explorer opened on this run: it will take the first frame's Deck (dropUnclaimedFirstFrame leaves it). */
export function claimFirstFrame(runId: string | null): void {
  if (drawn && drawn.runId === runId) drawn.claimed = true;
}

/** The first frame's Deck and canvas for the explorer's PlotsDeck, once; null for another run or without one. */
export function takeFirstFrameDeck(runId: string | null): HandedDeck | null {
  if (!drawn || drawn.runId !== runId) return null;
  const { handed } = drawn;
  drawn.open = false;
  drawn.handed = null;
  return handed;
}

/** The app's first render did not open this run's explorer (the sign-in page, another page): the plots go. */
export function dropUnclaimedFirstFrame(): void {
  if (drawn && !drawn.claimed) dropFirstFrame();
}

/** Removes the first frame's plots unless the explorer has taken them; the data stays for its query cache. */
export function dropFirstFrame(): void {
  if (!drawn) return;
  const { handed } = drawn;
  drawn.open = false;
  drawn.handed = null;
  handed?.deck.finalize();
  handed?.release();
}
