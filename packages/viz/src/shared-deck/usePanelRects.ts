import { useLayoutEffect, useState, type RefObject } from 'react';
import type { Rect } from './layout';

/**
 * Where each panel element lies in the host, in CSS px, measured before paint after every render and again when
 * the host or an element changes size (a panel above another growing moves it, and grows the host). A new map only
 * when a number changed, so measuring never loops.
 */
export function usePanelRects(
  host: RefObject<HTMLElement | null>,
  elements: ReadonlyMap<string, HTMLElement | null>,
): ReadonlyMap<string, Rect> {
  const [rects, setRects] = useState<ReadonlyMap<string, Rect>>(new Map());
  const [tick, setTick] = useState(0);

  useLayoutEffect(() => {
    const root = host.current;
    if (!root) return;
    const origin = root.getBoundingClientRect();
    const next = new Map<string, Rect>();
    for (const [key, el] of elements) {
      if (!el) continue;
      const r = el.getBoundingClientRect();
      next.set(key, { x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height });
    }
    setRects((prev) => (sameRects(prev, next) ? prev : next));
  });

  useLayoutEffect(() => {
    const root = host.current;
    if (!root) return;
    const observer = new ResizeObserver(() => setTick((t) => t + 1));
    observer.observe(root);
    for (const el of elements.values()) if (el) observer.observe(el);
    return () => observer.disconnect();
  }, [host, elements]);

  // `tick` only asks for the measuring render above.
  void tick;
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
