import { startTransition, useEffect, useState } from 'react';

const loadChrome = () => import('./chrome');
export type ExplorerChrome = Awaited<ReturnType<typeof loadChrome>>;

let loaded: ExplorerChrome | undefined;

/**
 * The explorer's chrome module (./chrome.ts) once `wanted`: undefined until it has arrived, then the module (in a
 * transition, so the plots keep drawing). A module that cannot be fetched gives `failed`; the places kept for the
 * chrome then say so, and the module is asked for again on the next mount.
 */
export function useExplorerChrome(wanted: boolean): { chrome: ExplorerChrome | undefined; failed: boolean } {
  const [chrome, setChrome] = useState(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || chrome) return;
    let live = true;
    loadChrome().then(
      (module) => {
        loaded = module;
        if (live) startTransition(() => setChrome(module));
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [wanted, chrome]);
  return { chrome, failed };
}
