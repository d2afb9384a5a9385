import { useEffect, useState } from 'react';

/** `value`, settled for `delayMs` (the spec's 500 ms search and filter delays). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(id);
  }, [value, delayMs]);
  return settled;
}

/** The spec's run-search debounce and feature filter delay (spec 03 §9). */
export const SEARCH_DELAY_MS = 500;
