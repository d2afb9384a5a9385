/**
 * The explorer's browser timing marks (DESIGN §9 targets). The web app keeps them in `window.__explorerTimings` and
 * sets `window.__explorerReady` once both plots have drawn the open run (apps/web features/explorer/plots/timings.ts);
 * the e2e specs and the bench read them. A plain type without DOM types, so e2e and bench can import it.
 */
export interface ExplorerTimings {
  runId: string | null;
  tixels: number;
  /**
   * Navigation (page load, or the in-app navigation/run switch that opened the run) → both plots drawn: by the
   * explorer, or before the app by the page's first frame (`drawnBeforeApp`).
   */
  navigationToDrawnMs: number | null;
  /** Both plots drawn before the app started (features/explorer/boot), in the Deck the explorer then took. */
  drawnBeforeApp: boolean;
  /** Navigation → the explorer drawing the plots itself: pan, zoom, lasso and the bars work from here. */
  navigationToInteractiveMs: number | null;
  /** Explorer mount → the explorer drawing the plots itself. */
  mountToDrawnMs: number | null;
  /** Last recolour: new values/palette/range handed to the plots → deck's render of them finished. */
  lastRecolourMs: number | null;
  lastRecolourKind: string | null;
  recolours: number;
  /**
   * Frames deck drew of the plots since the run opened. Only a change of what they show draws one: a frame costs
   * hundreds of milliseconds without a GPU (headless, virtual desktops), so a dialog or a progress bar must not.
   */
  draws: number;
  /**
   * Deck's own main-thread work for each of the last 240 frames (onBeforeRender → onAfterRender, ms), newest last:
   * the JS side of a pan or zoom frame, apart from the wait for the GPU to take the previous one.
   */
  frameWorkMs: number[];
}
