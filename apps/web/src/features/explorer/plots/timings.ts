/**
 * Browser timing marks the lead's benchmark and the e2e spec read: `window.__explorerTimings` and
 * `window.__explorerReady` (true after both plots' first draw of the open run). Their type, ExplorerTimings, is
 * declared once in @atlas/contracts so that e2e and bench read the same shape.
 */
import type { ExplorerTimings } from '@atlas/contracts';

declare global {
  interface Window {
    __explorerTimings?: ExplorerTimings;
    __explorerReady?: boolean;
  }
}

let pending: { kind: string; t0: number } | null = null;
let openedAt = 0;
let mountedAt = 0;

/** The run being opened: starts the navigation clock (0 = the page load itself when this is the first history entry). */
export function markRunOpening(runId: string | null, tixels = 0): void {
  const idx = (window.history.state as { idx?: number } | null)?.idx;
  const firstEntry = idx === undefined || idx === 0;
  // On the page's first history entry the navigation started at timeOrigin; after an in-app navigation, now.
  openedAt = firstEntry && !window.__explorerTimings ? 0 : performance.now();
  if (!mountedAt) mountedAt = performance.now();
  window.__explorerReady = false;
  window.__explorerTimings = {
    runId,
    tixels,
    navigationToDrawnMs: null,
    mountToDrawnMs: null,
    lastRecolourMs: null,
    lastRecolourKind: null,
    recolours: 0,
    draws: 0,
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
    t.navigationToDrawnMs = Math.round(now - openedAt);
    t.mountToDrawnMs = Math.round(now - mountedAt);
  }
  window.__explorerReady = true;
}

/** A recolour starts: the new colouring input is about to be handed to the plots. */
export function markRecolour(kind: string): void {
  pending = { kind, t0: performance.now() };
}

/** Called after every deck frame: closes a pending recolour measurement. */
export function afterRender(): void {
  if (performance.getEntriesByName('atlas:deck-render').length === 0) performance.mark('atlas:deck-render');
  const p = pending;
  const t = window.__explorerTimings;
  if (t) t.draws++;
  if (!p || !t) return;
  pending = null;
  // When deck finished drawing the new colours (JS side; pixels follow after the GPU's raster): the bench's
  // click → recoloured figure reads it.
  performance.mark('atlas:recoloured');
  t.lastRecolourMs = Math.round((performance.now() - p.t0) * 10) / 10;
  t.lastRecolourKind = p.kind;
  t.recolours++;
}
