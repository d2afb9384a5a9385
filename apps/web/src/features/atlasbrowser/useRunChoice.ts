import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The run being processed, kept in the URL's run_id; the run search opens by itself when there is none.
 * `visit` counts the choices, so choosing the same run again starts over.
 */
export function useRunChoice() {
  const [params, setParams] = useSearchParams();
  const runId = params.get('run_id') ?? '';
  const [searchOpen, setSearchOpen] = useState(!runId);
  const [visit, setVisit] = useState(0);

  const chooseRun = (run: string) => {
    setSearchOpen(false);
    setVisit((v) => v + 1);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('run_id', run);
        return next;
      },
      { replace: true },
    );
  };

  return {
    runId,
    visit,
    searchOpen,
    openSearch: () => setSearchOpen(true),
    closeSearch: () => setSearchOpen(false),
    chooseRun,
  };
}
