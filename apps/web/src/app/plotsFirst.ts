import { startTransition, useEffect, useState } from 'react';

/**
 * A page opened on a run (app/earlyExplorer.ts) draws the run's plots before the rest of the page's chrome: the
 * app bar's menus, the explorer's top bar, tool column and legend, and the footer. On a 2-core machine their
 * first render is ~200 ms of React and MUI style work, and it would come before the plots' first frame; the
 * places they take are kept (same sizes), so the plots do not move when they arrive. The chrome follows in a
 * transition as soon as the plots are drawn, the explorer gives up (an error, another page), or after
 * MAX_HOLD_MS whatever happens.
 */
const MAX_HOLD_MS = 1500;

let held = false;
const listeners = new Set<() => void>();

export function holdChromeUntilPlots(): void {
  held = true;
  setTimeout(releaseChrome, MAX_HOLD_MS);
}

export function releaseChrome(): void {
  if (!held) return;
  held = false;
  listeners.forEach((listener) => listener());
}

/** Whether this render should leave the chrome out (its place kept); turns false once, in a transition. */
export function useChromeHeld(): boolean {
  const [heldHere, setHeldHere] = useState(held);
  useEffect(() => {
    if (!heldHere) return;
    const release = () => startTransition(() => setHeldHere(false));
    if (!held) {
      release();
      return;
    }
    listeners.add(release);
    return () => void listeners.delete(release);
  }, [heldHere]);
  return heldHere;
}
