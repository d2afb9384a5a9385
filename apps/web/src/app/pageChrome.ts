import { startTransition, useEffect, useState } from 'react';

/**
 * A page may hold the shell's chrome — the app bar's menus and buttons, the footer — while it draws its own content
 * first, and its own chrome with it. On a 2-core machine the chrome's first render is ~200 ms of React and MUI style
 * work, which would otherwise come before the page's first frame; the shell keeps the chrome's places (same sizes),
 * so nothing moves when it arrives. The page that held it releases it when its content is drawn or it gives up (an
 * error, another page); after MAX_HOLD_MS the chrome follows whatever happens. The shell knows only this signal,
 * never which page set it (the explorer's cold open does: features/explorer/boot).
 */
const MAX_HOLD_MS = 1500;

let held = false;
const listeners = new Set<() => void>();

/** Holds the chrome from the page's first render on: called before React renders. */
export function holdPageChrome(): void {
  held = true;
  setTimeout(releasePageChrome, MAX_HOLD_MS);
}

export function releasePageChrome(): void {
  if (!held) return;
  held = false;
  listeners.forEach((listener) => listener());
}

/** Whether this render should leave the chrome out (its place kept); turns false once, in a transition. */
export function usePageChromeHeld(): boolean {
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
