import { useEffect, useRef, type RefObject } from 'react';
import type { Viewport } from '@deck.gl/core';
import { hoverGridOf, nearestPoint } from '../selection/nearestPoint';
import type { GridIndex } from '../selection/selectInPolygon';
import type { Rect } from '../shared-deck/layout';
import type { PlotViewId } from './props';

/** How far from a point's centre the pointer still names it, in CSS px (points are drawn ~3–12 px wide). */
export const HOVER_RADIUS_PX = 8;

/**
 * The tixel under the pointer: its index, the view, the pointer's place in the plots' element and that element's
 * size (CSS px; a tooltip near the right or bottom edge goes the other way).
 */
export interface HoverHit {
  index: number;
  view: PlotViewId;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Tells `onHover` which tixel the pointer is over (null when none), at most once per animation frame and only when
 * it changes, by a CPU lookup (../selection/nearestPoint.ts) rather than GPU picking. Pointer moves are watched on
 * the window, like the wheel: the shared plots canvas lies over this element, not inside it.
 */
export function useHoverPick(options: {
  containerRef: RefObject<HTMLDivElement | null>;
  embedding: Float32Array | null;
  spatial: Float32Array | null;
  viewRects: readonly (Rect & { id: PlotViewId })[];
  viewport: (id: PlotViewId) => Viewport | undefined;
  /** Physical spot diameter in spatial data units, when spots are drawn at their size. */
  spotDiameter?: number;
  /** Builds a large point set's grid index off the main thread (the selection worker). */
  buildGrid: (positions: Float32Array) => Promise<GridIndex>;
  enabled: boolean;
  onHover: ((hit: HoverHit | null) => void) | undefined;
}): void {
  const latest = useRef(options);
  latest.current = options;
  const { enabled, onHover, containerRef } = options;

  useEffect(() => {
    if (!enabled || !onHover) return;
    const element = containerRef.current;
    const win = element?.ownerDocument.defaultView;
    if (!element || !win) return;
    let frame = 0;
    let pointer: { clientX: number; clientY: number } | null = null;
    let shown: HoverHit | null = null;
    const tell = (hit: HoverHit | null) => {
      if (hit?.index === shown?.index && hit?.view === shown?.view && (hit === null || hit.x === shown?.x)) return;
      shown = hit;
      latest.current.onHover?.(hit);
    };
    const look = () => {
      frame = 0;
      if (!pointer) return tell(null);
      const box = element.getBoundingClientRect();
      // A grid still being built answers nothing yet, and looks again once it is there.
      const at = hitAt(latest.current, pointer.clientX - box.left, pointer.clientY - box.top, () => {
        frame ||= win.requestAnimationFrame(look);
      });
      tell(at && { ...at, width: box.width, height: box.height });
    };
    const move = (event: PointerEvent) => {
      pointer = event.buttons ? null : { clientX: event.clientX, clientY: event.clientY };
      frame ||= win.requestAnimationFrame(look);
    };
    const leave = (event: PointerEvent) => {
      if (event.relatedTarget) return;
      pointer = null;
      frame ||= win.requestAnimationFrame(look);
    };
    win.addEventListener('pointermove', move, { passive: true });
    win.document.addEventListener('pointerout', leave, { passive: true });
    return () => {
      win.removeEventListener('pointermove', move);
      win.document.removeEventListener('pointerout', leave);
      if (frame) win.cancelAnimationFrame(frame);
      if (shown) latest.current.onHover?.(null);
    };
  }, [enabled, onHover, containerRef]);
}

/** The tixel at a place of the plots' element (CSS px), if the place is over a view and near a point. */
function hitAt(
  options: Pick<
    Parameters<typeof useHoverPick>[0],
    'embedding' | 'spatial' | 'viewRects' | 'viewport' | 'spotDiameter' | 'buildGrid'
  >,
  x: number,
  y: number,
  gridReady: () => void,
): Omit<HoverHit, 'width' | 'height'> | null {
  const rect = options.viewRects.find((r) => x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height);
  if (!rect) return null;
  const positions = rect.id === 'embedding' ? options.embedding : options.spatial;
  const vp = options.viewport(rect.id);
  if (!positions || !vp) return null;
  const [dx, dy] = vp.unproject([x - rect.x, y - rect.y]) as [number, number];
  const [ex] = vp.unproject([x - rect.x + HOVER_RADIUS_PX, y - rect.y]) as [number, number];
  let radius = Math.abs(ex - dx);
  if (rect.id === 'spatial' && options.spotDiameter) radius = Math.max(radius, options.spotDiameter / 2);
  const grid = hoverGridOf(positions, options.buildGrid, gridReady);
  if (!grid) return null;
  const index = nearestPoint(positions, dx, dy, radius, grid);
  return index < 0 ? null : { index, view: rect.id, x, y };
}
