import { useCallback, useEffect, useRef } from 'react';
import { SelectionClient } from '../selection/SelectionClient';

/**
 * LinkedPlots' selection worker, shared by the lasso and the hover lookup. It starts when the page is first idle (or
 * at the first use, if sooner), not while the plots are being set up: creating it is ~10 ms of main-thread work
 * before a cold open's first frame otherwise. Point sets of replaced arrays are dropped from it.
 */
export function useSelectionClient(
  embedding: Float32Array | null | undefined,
  spatial: Float32Array | null | undefined,
): () => SelectionClient {
  const clientRef = useRef<SelectionClient | null>(null);
  const client = useCallback(() => (clientRef.current ??= new SelectionClient()), []);
  useEffect(() => {
    const idle = whenIdle(client);
    return () => {
      idle.cancel();
      clientRef.current?.dispose();
      clientRef.current = null;
    };
  }, [client]);
  // From the worker as it is when they are replaced: it may have started after they arrived.
  useEffect(
    () => () => {
      if (embedding) clientRef.current?.forget(embedding);
      if (spatial) clientRef.current?.forget(spatial);
    },
    [embedding, spatial],
  );
  return client;
}

/** Runs `work` once the page is idle (a timer where requestIdleCallback is missing); cancellable. */
function whenIdle(work: () => unknown): { cancel(): void } {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => work(), { timeout: 3000 });
    return { cancel: () => cancelIdleCallback(handle) };
  }
  const handle = setTimeout(work, 500);
  return { cancel: () => clearTimeout(handle) };
}
