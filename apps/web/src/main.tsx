import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, explorerReady } from './app/App';
import { startSessionEarly } from './app/session';

performance.mark('atlas:main');
startSessionEarly();
// An address that opens a run renders once the explorer's module is here (at most a second): then React's first
// render is the explorer's, with no loading fallback in between (components/preloadable.tsx).
if (explorerReady) await Promise.race([explorerReady, new Promise((r) => setTimeout(r, 1000))]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
