import type { QueryClient } from '@tanstack/react-query';
import type { FeatureKind } from '@atlas/contracts';
import type { RunRef } from '../state/store';
import { loadFeatureNames } from './featureNames';
import { prefetchOrForget } from './prefetchQuery';
import { explorerKeys } from './queryKeys';
import { loadRunData } from './runData';

/**
 * Starts a run's tixel table and feature names into the cache before the explorer mounts (a page opened at
 * `?component=AtlasXplore&run_id=…` with a login cookie), under the same keys the hooks use. The token comes from
 * the cookie because the session is not restored yet. A failed prefetch leaves no entry, so the explorer's own
 * query runs as it would have.
 */
export function prefetchRun(queryClient: QueryClient, runId: string, token: string, kind: FeatureKind = 'genes'): void {
  const run: RunRef = { run_id: runId };
  const prefetch = (queryKey: unknown[], queryFn: (signal: AbortSignal) => Promise<unknown>) => {
    if (!queryClient.getQueryState(queryKey)) prefetchOrForget(queryClient, queryKey, queryFn);
  };
  prefetch(explorerKeys.runData(run), (signal) => loadRunData(run, signal, token));
  prefetch(explorerKeys.featureNames(run, kind), (signal) => loadFeatureNames(run, kind, signal, token));
}
