import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

performance.mark('atlas:main');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
