/**
 * Lasso / quad drawing overlay: an SVG over the plots that captures the pointer while a selection tool is
 * active, draws the shape, and reports the finished polygon in container pixels with the view it started in.
 */
import { useRef, useState, type PointerEvent } from 'react';

export type ScreenPoint = [number, number];

export interface SelectionOverlayProps<V extends string> {
  tool: 'lasso' | 'quad';
  /** View rectangles in container pixels. */
  views: { id: V; x: number; y: number; width: number; height: number }[];
  /** Called with the polygon (≥ 3 vertices) when the pointer is released. */
  onDone: (view: V, points: ScreenPoint[]) => void;
}

/** Minimum pointer travel (px) between lasso vertices. */
const LASSO_STEP_PX = 3;

export function SelectionOverlay<V extends string>({ tool, views, onDone }: SelectionOverlayProps<V>) {
  const [points, setPoints] = useState<ScreenPoint[]>([]);
  const drag = useRef<{ view: (typeof views)[number]; points: ScreenPoint[] } | null>(null);

  const local = (e: PointerEvent<SVGSVGElement>, view: (typeof views)[number]): ScreenPoint => {
    const r = e.currentTarget.getBoundingClientRect();
    const x = Math.min(view.x + view.width, Math.max(view.x, e.clientX - r.left));
    const y = Math.min(view.y + view.height, Math.max(view.y, e.clientY - r.top));
    return [x, y];
  };
  const shape = (pts: ScreenPoint[]): ScreenPoint[] => {
    if (tool === 'lasso' || pts.length < 2) return pts;
    const [[x0, y0], [x1, y1]] = [pts[0]!, pts[pts.length - 1]!];
    return [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ];
  };

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    if (e.button !== 0) return;
    const r = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - r.left;
    const y = e.clientY - r.top;
    const view = views.find((v) => x >= v.x && x < v.x + v.width && y >= v.y && y < v.y + v.height);
    if (!view) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { view, points: [[x, y]] };
    setPoints([[x, y]]);
  };
  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    if (!d) return;
    const p = local(e, d.view);
    if (tool === 'quad') {
      d.points = [d.points[0]!, p];
    } else {
      const last = d.points[d.points.length - 1]!;
      if (Math.hypot(p[0] - last[0], p[1] - last[1]) < LASSO_STEP_PX) return;
      d.points.push(p);
    }
    setPoints([...d.points]);
  };
  const onPointerUp = () => {
    const d = drag.current;
    drag.current = null;
    setPoints([]);
    if (!d) return;
    const poly = shape(d.points);
    if (poly.length >= 3) onDone(d.view.id, poly);
  };

  const drawn = shape(points);
  return (
    <svg
      data-testid="selection-overlay"
      style={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        cursor: 'crosshair',
        touchAction: 'none',
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      {drawn.length > 1 && (
        <polygon
          points={drawn.map(([x, y]) => `${x},${y}`).join(' ')}
          fill="rgba(255,255,255,0.12)"
          stroke="#ffeb3b"
          strokeWidth={1.5}
          strokeDasharray="5 3"
        />
      )}
    </svg>
  );
}
