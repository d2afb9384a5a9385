/**
 * Maths of a windowed list: a scroll box of fixed-height rows renders only the rows in view, so a list of 60,000
 * feature names costs as much as one of twenty. Pure, so the arithmetic is tested apart from the DOM.
 */

/** The rows `[start, end)` to render: those in view plus `overscan` either side, so fast scrolling shows no gaps. */
export function visibleRows(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan = 4,
): { start: number; end: number } {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + viewportHeight) / rowHeight);
  return { start: Math.min(count, Math.max(0, first - overscan)), end: Math.min(count, last + overscan) };
}

/** The scrollTop that shows row `index` whole, moving as little as possible (unchanged when it is already in view). */
export function scrollTopToShow(index: number, scrollTop: number, viewportHeight: number, rowHeight: number): number {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewportHeight) return top + rowHeight - viewportHeight;
  return scrollTop;
}

/**
 * Where a key moves the active row of `count` rows (`active` -1 = none yet; `page` rows per Page Up/Down), or null
 * for a key that does not move it.
 */
export function moveActive(key: string, active: number, count: number, page: number): number | null {
  if (count === 0) return null;
  const last = count - 1;
  switch (key) {
    case 'ArrowDown':
      return Math.min(active + 1, last);
    case 'ArrowUp':
      return Math.max(active - 1, 0);
    case 'PageDown':
      return Math.min(Math.max(active, 0) + page, last);
    case 'PageUp':
      return Math.max(active - page, 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}
