import { useEffect, useMemo, useState } from 'react';
import { searchMode } from '@atlas/contracts';
import { useSearchHits } from './queries';

/** Spec 03 §9: the run search waits this long after the last key. */
const SEARCH_DEBOUNCE_MS = 500;

/**
 * The catalogue's search box: its text, the search mode of the settled text and, for publication or author
 * searches, the server's hits. `searching` is true while those hits are first fetched.
 */
export function useRunSearch(enabled: boolean) {
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const mode = useMemo(() => searchMode(debounced), [debounced]);
  const hitsQuery = useSearchHits(mode, enabled);
  const searching = (mode.mode === 'publication' || mode.mode === 'author') && hitsQuery.isFetching && !hitsQuery.data;
  return { search, setSearch, mode, hits: hitsQuery.data, searching };
}
