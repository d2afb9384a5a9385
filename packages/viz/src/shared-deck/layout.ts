/**
 * Geometry of the shared plots Deck (pure): each panel (the main plots, the multi-sample grid) places its views in
 * its own element; the one canvas covers the bounding box of those elements, so the views are moved by each
 * element's offset in that box, and the canvas is clipped to the elements themselves — what lies between them (the
 * legend, the tool column, the samples' header) stays visible and clickable.
 */

/** A rectangle in CSS pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The smallest rectangle holding every non-empty rectangle; null when there is none. */
export function boundingRect(rects: Iterable<Rect>): Rect | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const r of rects) {
    if (r.width <= 0 || r.height <= 0) continue;
    x0 = Math.min(x0, r.x);
    y0 = Math.min(y0, r.y);
    x1 = Math.max(x1, r.x + r.width);
    y1 = Math.max(y1, r.y + r.height);
  }
  return x0 === Infinity ? null : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** `rect` in the coordinates of `frame` (its top-left corner at 0,0). */
export function relativeTo(rect: Rect, frame: Rect): Rect {
  return { x: rect.x - frame.x, y: rect.y - frame.y, width: rect.width, height: rect.height };
}

/**
 * A CSS `clip-path` that keeps only these rectangles of a box at `frame` (their union; the panels never overlap).
 * Clipping also removes the clipped parts from hit testing, which is what lets the pointer reach the page between
 * the panels. `none` when a single rectangle fills the frame.
 */
export function clipPathOf(rects: readonly Rect[], frame: Rect): string {
  const shown = rects.filter((r) => r.width > 0 && r.height > 0);
  if (shown.length === 1) {
    const r = relativeTo(shown[0]!, frame);
    if (r.x <= 0 && r.y <= 0 && r.width >= frame.width && r.height >= frame.height) return 'none';
  }
  const round = (v: number) => Math.round(v * 100) / 100;
  const parts = shown.map((rect) => {
    const r = relativeTo(rect, frame);
    return `M${round(r.x)} ${round(r.y)}H${round(r.x + r.width)}V${round(r.y + r.height)}H${round(r.x)}Z`;
  });
  return `path('${parts.join('')}')`;
}

/** Whether a point lies in a rectangle (left and top edges in, right and bottom out). */
export function contains(rect: Rect, x: number, y: number): boolean {
  return x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height;
}
