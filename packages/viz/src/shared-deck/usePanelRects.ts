import { useLayoutEffect, useState, type RefObject } from 'react';
import type { Rect } from './layout';

/**
 * Where each panel element lies in the host, in CSS px, measured before paint when the panels change and again when
 * the host or an element changes size (a panel above another growing moves it, and grows the host). Not after every
 * render: reading a rect forces a layout in the middle of the commit, which on a gene pick cost ~25 ms before the
 * browser's own layout of the same frame. A new map only when a number changed, so measuring never loops.
 */
export function usePanelRects(
  host: RefObject<HTMLElement | null>,
  elements: ReadonlyMap<string, HTMLElement | null>,
): ReadonlyMap<string, Rect> {
  const [rects, setRects] = useState<ReadonlyMap<string, Rect>>(new Map());
  const [tick, setTick] = useState(0);
  // The same elements in a new map (a panel's layers changed, not its element) neither measure nor observe again.
  const [kept, setKept] = useState(elements);
  const current = sameElements(kept, elements) ? kept : elements;
  if (current !== kept) setKept(current);

  useLayoutEffect(() => {
    const root = host.current;
    if (!root) return;
    const origin = root.getBoundingClientRect();
    const next = new Map<string, Rect>();
    for (const [key, el] of current) {
      if (!el) continue;
      const r = el.getBoundingClientRect();
      next.set(key, { x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height });
    }
    setRects((prev) => (sameRects(prev, next) ? prev : next));
  }, [host, current, tick]);

  useLayoutEffect(() => {
    const root = host.current;
    if (!root) return;
    const observer = new ResizeObserver(() => setTick((t) => t + 1));
    observer.observe(root);
    for (const el of current.values()) if (el) observer.observe(el);
    return () => observer.disconnect();
  }, [host, current]);

  return rects;
}

function sameRects(a: ReadonlyMap<string, Rect>, b: ReadonlyMap<string, Rect>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, r] of b) {
    const q = a.get(key);
    if (!q || q.x !== r.x || q.y !== r.y || q.width !== r.width || q.height !== r.height) return false;
  }
  return true;
}

function sameElements(a: ReadonlyMap<string, HTMLElement | null>, b: ReadonlyMap<string, HTMLElement | null>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const [key, el] of b) if (a.get(key) !== el) return false;
  return true;
}
