/**
 * Browser timing marks the lead's benchmark and the e2e spec read: `window.__explorerTimings` and
 * `window.__explorerReady` (true once the explorer draws the open run's plots itself; a first frame drawn before the
 * app, ../first-frame, is the `navigationToDrawnMs` of the run the page opened). Their type, ExplorerTimings, is
 * declared once in @atlas/contracts so that e2e and bench read the same shape.
 */
import type { ExplorerTimings } from '@atlas/contracts';

/** How many frames' own work `frameWorkMs` keeps (a value, not from the contracts: the first frame loads this file). */
const FRAME_WORK_KEPT = 240;

declare global {
  interface Window {
    __explorerTimings?: ExplorerTimings;
    __explorerReady?: boolean;
  }
}

let pending: { kind: string; t0: number } | null = null;
let openedAt = 0;
let mountedAt = 0;
/** When the page's first frame (../first-frame) drew a run, in ms after navigation. */
let firstFrame: { runId: string; at: number; tixels: number } | null = null;

/** The page drew the run's plots before the app started (../first-frame). */
export function markFirstFrame(runId: string, tixels: number): void {
  performance.mark('atlas:first-frame');
  firstFrame = { runId, at: performance.now(), tixels };
}

/** The run being opened: starts the navigation clock (0 = the page load itself when this is the first history entry). */
export function markRunOpening(runId: string | null, tixels = 0): void {
  const idx = (window.history.state as { idx?: number } | null)?.idx;
  const firstEntry = idx === undefined || idx === 0;
  // On the page's first history entry the navigation started at timeOrigin; after an in-app navigation, now.
  const pageLoad = firstEntry && !window.__explorerTimings;
  openedAt = pageLoad ? 0 : performance.now();
  if (!mountedAt) mountedAt = performance.now();
  // The page's own first frame counts for the run it opened, once.
  const before = pageLoad && firstFrame?.runId === runId ? firstFrame : null;
  window.__explorerReady = false;
  window.__explorerTimings = {
    runId,
    tixels: before?.tixels ?? tixels,
    navigationToDrawnMs: before ? Math.round(before.at) : null,
    drawnBeforeApp: before !== null,
    navigationToInteractiveMs: null,
    mountToDrawnMs: null,
    lastRecolourMs: null,
    lastRecolourKind: null,
    recolours: 0,
    draws: 0,
    frameWorkMs: [],
  };
}

export function markMounted(): void {
  performance.mark('atlas:explorer-mount');
  mountedAt = performance.now();
}

export function markFirstDraw(tixels: number): void {
  performance.mark('atlas:explorer-drawn');
  const t = window.__explorerTimings;
  if (t) {
    const now = performance.now();
    t.tixels = tixels;
    t.navigationToInteractiveMs = Math.round(now - openedAt);
    t.navigationToDrawnMs ??= t.navigationToInteractiveMs;
    t.mountToDrawnMs = Math.round(now - mountedAt);
  }
  window.__explorerReady = true;
}

/** A recolour starts: the new colouring input is about to be handed to the plots. */
export function markRecolour(kind: string): void {
  pending = { kind, t0: performance.now() };
}

let frameStartedAt = 0;

/** Called before every deck frame: starts the clock of the frame's own work. */
export function beforeRender(): void {
  frameStartedAt = performance.now();
}

/** Called after every deck frame: counts it, keeps its own work, and closes a pending recolour measurement. */
export function afterRender(): void {
  if (performance.getEntriesByName('atlas:deck-render').length === 0) performance.mark('atlas:deck-render');
  const p = pending;
  const t = window.__explorerTimings;
  if (t) {
    t.draws++;
    if (frameStartedAt) t.frameWorkMs.push(Math.round((performance.now() - frameStartedAt) * 10) / 10);
    if (t.frameWorkMs.length > FRAME_WORK_KEPT) t.frameWorkMs.shift();
  }
  if (!p || !t) return;
  pending = null;
  // When deck finished drawing the new colours (JS side; pixels follow after the GPU's raster): the bench's
  // click → recoloured figure reads it.
  performance.mark('atlas:recoloured');
  t.lastRecolourMs = Math.round((performance.now() - p.t0) * 10) / 10;
  t.lastRecolourKind = p.kind;
  t.recolours++;
}
