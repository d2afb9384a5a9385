import type { QueryClient } from '@tanstack/react-query';
import { AtlasXploreScreen, loadRunPrefetch } from '../features/explorer';
import { parseLoginCookie } from './loginRecord';
import { holdChromeUntilPlots } from './plotsFirst';

/**
 * A page opened at `/?component=AtlasXplore&run_id=…` with a login cookie: starts the run's data requests and the
 * explorer chunk at once instead of after the sign-in check and the chunk load (the hooks find the answers in
 * the query cache under their own keys). Anything else — or a rejected token — leaves the normal path unchanged.
 */
export function startExplorerEarly(queryClient: QueryClient): Promise<unknown> | undefined {
  if (typeof window === 'undefined' || window.location.pathname !== '/') return;
  const params = new URLSearchParams(window.location.search);
  const runId = params.get('run_id');
  if (params.get('component') !== 'AtlasXplore' || !runId || !/^D\d{5,}$/.test(runId)) return;
  const record = parseLoginCookie(document.cookie);
  if (!record) return;
  holdChromeUntilPlots();
  void loadRunPrefetch()
    .then((m) => m.prefetchRun(queryClient, runId, record.token))
    .catch(() => undefined);
  return AtlasXploreScreen.preload().catch(() => undefined);
}
