/**
 * The page's entry, kept light: on an address that opens a run with a saved session (the inline script then has the
 * run's table on the way), the run's plots are drawn first by a module without React, MUI or the contracts; then the
 * app starts and goes on with them (features/explorer/boot/index.ts tells the whole cold open). The app's modules are
 * preloaded meanwhile, so the wait for them is their evaluation only. Its one static import is the explorer boot's
 * door, a loader: the only import of a feature from outside features/ that bypasses app/registry.ts, because it must
 * run before React loads.
 */
import { loadFirstFrame } from './features/explorer/boot';

performance.mark('atlas:main');
if (window.__atlasEarly) {
  try {
    const { startFirstFrame } = await loadFirstFrame();
    // On a slow link the app does not wait long: it draws the plots itself if they are not drawn by then.
    await Promise.race([startFirstFrame(), new Promise((r) => setTimeout(r, 800))]);
  } catch {
    // The first frame's chunk did not arrive: the app starts all the same, and its explorer says what is missing.
  }
}
const { startApp } = await import('./app/start');
await startApp();
