import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PageLoading } from '../components/PageLoading';
import { loadPublicPage } from '../features/explorer';
import { dropUnclaimedFirstFrame } from '../features/explorer/first-frame';
import { startExplorerEarly } from './earlyExplorer';
import { FeedbackProvider } from './feedback';
import { InfoDialogProvider } from './help';
import { HomeRoute } from './HomeRoute';
import { RUNS_LIST_PATH } from './registry';
import { ScreenBoundary } from './ScreenBoundary';
import { SessionProvider } from './session';
import { Shell } from './shell/Shell';
import { theme } from './theme';

// Each route's screen is its own chunk, so the first load carries only the shell.
const LoginPage = lazy(() => import('../features/login/LoginPage').then((m) => ({ default: m.LoginPage })));
const PublicPage = lazy(() => loadPublicPage().then((m) => ({ default: m.PublicPage })));
const VisualizationPage = lazy(() =>
  import('../features/visualization/VisualizationPage').then((m) => ({ default: m.VisualizationPage })),
);
const RunsListPage = lazy(() =>
  import('../features/catalogue/RunsListPage').then((m) => ({ default: m.RunsListPage })),
);
/**
 * The WebGL test page over generated data (`/viz-lab`) is for development: routed by the dev server and by the
 * `lab` build mode (`npm run build:lab`, which the e2e suite and the bench drive: their plot checks at 10k and 1M
 * tixels run on it). Vite replaces both conditions at build time, so `npm run build` has neither the route nor the
 * page's chunk.
 */
const VizLabPage =
  import.meta.env.DEV || import.meta.env.MODE === 'lab'
    ? lazy(() => import('../features/viz-lab/VizLabPage').then((m) => ({ default: m.VizLabPage })))
    : null;
const AtlasBrowserLab =
  import.meta.env.DEV || import.meta.env.MODE === 'lab'
    ? lazy(() => import('../features/viz-lab/AtlasBrowserLab').then((m) => ({ default: m.AtlasBrowserLab })))
    : null;
const NotFoundPage = lazy(() =>
  import('../features/shell-views/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

// Query results reach React in a microtask instead of the default next macrotask (setTimeout 0): on a busy main
// thread — the explorer drawing a run — that task waited behind others, ~25 ms between a gene's values arriving
// and the plots being told. Notifications are still batched per microtask.
notifyManager.setScheduler(queueMicrotask);

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
/** Settles when an address that opens a run has its explorer module; undefined for any other page. */
export const explorerReady = startExplorerEarly(queryClient);

/** Providers and routes of spec 01 §2: /, /login, /public, /visualization/:group?; and /runs (spec 03 §2.3). */
export function App() {
  // Plots the page drew before the app go once its first render did not open their run (the sign-in page, a refused
  // run): the explorer claims them in its first render, before this effect.
  useEffect(() => dropUnclaimedFirstFrame(), []);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <FeedbackProvider>
            <SessionProvider>
              <InfoDialogProvider>
                {/* Around the shell too: its dialogs are lazy chunks of their own. */}
                <ScreenBoundary>
                  <Suspense fallback={<PageLoading />}>
                    <AppRoutes />
                  </Suspense>
                </ScreenBoundary>
              </InfoDialogProvider>
            </SessionProvider>
          </FeedbackProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<Screen element={<HomeRoute />} />} />
        <Route path="visualization/:group?" element={<Screen element={<VisualizationPage />} />} />
        <Route path={RUNS_LIST_PATH.slice(1)} element={<Screen element={<RunsListPage />} />} />
        <Route path="*" element={<Screen element={<NotFoundPage />} />} />
      </Route>
      <Route path="login" element={<Screen element={<LoginPage />} />} />
      <Route path="public" element={<Screen element={<PublicPage />} />} />
      {VizLabPage && <Route path="viz-lab" element={<VizLabPage />} />}
      {AtlasBrowserLab && <Route path="viz-lab/atlasbrowser" element={<AtlasBrowserLab />} />}
    </Routes>
  );
}

/**
 * A route's screen: a spinner while its chunk arrives, and a page saying why if it does not or the screen fails
 * (./ScreenBoundary.tsx). A page in the shell keeps the app bar meanwhile.
 */
function Screen({ element }: { element: ReactNode }) {
  return (
    <ScreenBoundary>
      <Suspense fallback={<PageLoading />}>{element}</Suspense>
    </ScreenBoundary>
  );
}
