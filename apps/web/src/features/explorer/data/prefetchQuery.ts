import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Starts a query into the cache ahead of the hook that reads it (same key, same function). A failed prefetch
 * leaves no entry, so the hook's own query runs as it would have and shows its error.
 */
export function prefetchOrForget(
  queryClient: QueryClient,
  queryKey: QueryKey,
  queryFn: (signal: AbortSignal) => Promise<unknown>,
): void {
  void queryClient
    .prefetchQuery({ queryKey, queryFn: ({ signal }) => queryFn(signal), staleTime: Infinity, retry: false })
    .then(() => {
      if (queryClient.getQueryState(queryKey)?.status === 'error') queryClient.removeQueries({ queryKey, exact: true });
    });
}
