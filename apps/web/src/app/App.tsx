import { Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PageLoading } from '../components/PageLoading';
import { FeedbackProvider } from './feedback';
import { InfoDialogProvider } from './help';
import { HomeRoute } from './HomeRoute';
import {
  AtlasBrowserLab,
  dropUnclaimedEarlyContent,
  LoginPage,
  NotFoundPage,
  PublicPage,
  ReviewPage,
  RunsListPage,
  startScreenEarly,
  VisualizationPage,
  VizLabPage,
} from './registry';
import { ScreenBoundary } from './ScreenBoundary';
import { SessionProvider } from './session';
import { Shell } from './shell/Shell';
import { theme } from './theme';
import { RUNS_LIST_PATH } from './views';
import { REVIEWER_PAGE_PATH } from '@atlas/contracts';

// Query results reach React in a microtask instead of the default next macrotask (setTimeout 0): on a busy main
// thread — the explorer drawing a run — that task waited behind others, ~25 ms between a gene's values arriving
// and the plots being told. Notifications are still batched per microtask.
notifyManager.setScheduler(queueMicrotask);

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
/** Settles when a screen the address opens early has its module (./registry.ts); undefined for any other page. */
export const screenReady = startScreenEarly(queryClient);

/** Providers and routes of spec 01 §2: /, /login, /public, /visualization/:group?; and /runs (spec 03 §2.3). */
export function App() {
  // What a screen drew before the app goes once the app's first render did not open it (the sign-in page, a refused
  // run): the screen claims it in its first render, before this effect.
  useEffect(() => dropUnclaimedEarlyContent(), []);
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
      <Route path={REVIEWER_PAGE_PATH.slice(1)} element={<Screen element={<ReviewPage />} />} />
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
