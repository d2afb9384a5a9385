import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, explorerReady } from './app/App';
import { startSessionEarly } from './app/session';

performance.mark('atlas:main');
startSessionEarly();
if (explorerReady) await Promise.race([explorerReady, new Promise((r) => setTimeout(r, 1000))]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
