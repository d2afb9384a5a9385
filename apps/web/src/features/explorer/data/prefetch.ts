import type { QueryClient } from '@tanstack/react-query';
import type { RunRef } from '../state/store';
import { prefetchOrForget } from './prefetchQuery';
import { explorerKeys } from './queryKeys';
import { loadRunData } from './runData';

/**
 * Starts a run's tixel table into the cache before the explorer mounts (a page opened at
 * `?component=AtlasXplore&run_id=…` with a login cookie), under the key its hook uses. The token comes from the
 * cookie because the session is not restored yet. A failed prefetch leaves no entry, so the explorer's own query
 * runs as it would have. The feature names are not read here: the page's inline script has asked for them, and
 * the explorer reads that answer once the plots are drawn (Explorer.tsx).
 */
export function prefetchRun(queryClient: QueryClient, runId: string, token: string): void {
  const run: RunRef = { run_id: runId };
  const queryKey = explorerKeys.runData(run);
  if (!queryClient.getQueryState(queryKey))
    prefetchOrForget(queryClient, queryKey, (signal) => loadRunData(run, signal, token));
}
