import type { QueryClient } from '@tanstack/react-query';
import { parseLoginCookie } from '../../../app/loginRecord';
import { holdPageChrome } from '../../../app/pageChrome';
import { preloadable } from './preloadable';

/** `?component=AtlasXplore`: the members' explorer; `preload()` fetches it before it is rendered. */
export const AtlasXploreScreen = preloadable(() => import('../AtlasXplore').then((m) => m.AtlasXplore));

/**
 * A page opened at `/?component=AtlasXplore&run_id=…` with a login cookie: starts the run's data requests and the
 * explorer chunk at once instead of after the sign-in check and the chunk load (the hooks find the answers in
 * the query cache under their own keys), and holds the page's chrome until the plots are drawn (app/pageChrome.ts).
 * Anything else — or a rejected token — leaves the normal path unchanged. Settles when the explorer's module is
 * here; undefined on any other address.
 */
export function startExplorerEarly(queryClient: QueryClient): Promise<unknown> | undefined {
  if (typeof window === 'undefined' || window.location.pathname !== '/') return;
  const params = new URLSearchParams(window.location.search);
  const runId = params.get('run_id');
  if (params.get('component') !== 'AtlasXplore' || !runId || !/^D\d{5,}$/.test(runId)) return;
  const record = parseLoginCookie(document.cookie);
  if (!record) return;
  holdPageChrome();
  void import('../data/prefetch').then((m) => m.prefetchRun(queryClient, runId, record.token)).catch(() => undefined);
  return AtlasXploreScreen.preload().catch(() => undefined);
}
