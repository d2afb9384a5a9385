import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, screenReady } from './App';
import { startSessionEarly } from './session';

/** Renders the app into #root. */
export async function startApp(): Promise<void> {
  startSessionEarly();
  // An address whose screen starts early (a run in the explorer) renders once that screen's module is here: then
  // React's first render is the screen's, with no loading fallback in between (features/explorer/boot/preloadable.tsx).
  // The module is preloaded beside this one, so the wait is its evaluation; on a slow link the shell and its loading
  // bar show after half a second.
  if (screenReady) await Promise.race([screenReady, new Promise((r) => setTimeout(r, 500))]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
