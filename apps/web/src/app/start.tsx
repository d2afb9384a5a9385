import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, explorerReady } from './App';
import { startSessionEarly } from './session';

/** Renders the app into #root. */
export async function startApp(): Promise<void> {
  startSessionEarly();
  // An address that opens a run renders once the explorer's module is here: then React's first render is the
  // explorer's, with no loading fallback in between (components/preloadable.tsx). The module is preloaded beside
  // this one, so the wait is its evaluation; on a slow link the shell and its loading bar show after half a second.
  if (explorerReady) await Promise.race([explorerReady, new Promise((r) => setTimeout(r, 500))]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
