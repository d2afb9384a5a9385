import { useMemo } from 'react';

/**
 * The same array as long as its items are the same: the parsed address gives new arrays on every render, and
 * Atlas Compare keys its queries and its plots' buffers on such lists, which must not change with a render that
 * changes nothing.
 */
export function useSameList(list: readonly string[]): string[] {
  const key = JSON.stringify(list);
  return useMemo(() => JSON.parse(key) as string[], [key]);
}
