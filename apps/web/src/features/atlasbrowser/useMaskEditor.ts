import { useCallback, useEffect, useRef, useState } from 'react';
import type { Point } from '@atlas/spatial/atlasbrowser';
import { tixelsInBrush } from './geometry';

type Stroke = Array<[index: number, previous: number]>;

/**
 * The on/off mask of the tixels (spec 02 §4.3): set whole by Autofill or a loaded folder, edited by the Fill and
 * Erase brush; each stroke can be undone (button or Ctrl/⌘+Z).
 */
export function useMaskEditor() {
  const [mask, setMaskState] = useState<Uint8Array | null>(null);
  const [undo, setUndo] = useState<Stroke[]>([]);
  const stroke = useRef<Map<number, number> | null>(null);

  const setMask = useCallback((next: Uint8Array | null) => {
    setMaskState(next);
    setUndo([]);
  }, []);

  const undoStroke = useCallback(() => {
    setUndo((strokes) => {
      const last = strokes.at(-1);
      if (!last) return strokes;
      setMaskState((m) => {
        if (!m) return m;
        const next = m.slice();
        for (const [i, previous] of last) next[i] = previous;
        return next;
      });
      return strokes.slice(0, -1);
    });
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        undoStroke();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undoStroke]);

  return {
    mask,
    setMask,
    canUndo: undo.length > 0,
    undoStroke,
    onTissue: mask ? mask.reduce((a, b) => a + b, 0) : null,
    startStroke: () => (stroke.current = new Map()),
    /** One pointer position of a Fill (1) or Erase (0) stroke; `radius` in image pixels. */
    brushAt(p: Point, value: 0 | 1, centres: Float64Array, radius: number) {
      const hit = tixelsInBrush(centres, p, radius);
      // Pointer events can come faster than renders: work on the latest mask.
      setMaskState((current) => {
        if (!current) return current;
        const changed = hit.filter((i) => current[i] !== value);
        if (!changed.length) return current;
        const next = current.slice();
        for (const i of changed) {
          if (!stroke.current?.has(i)) stroke.current?.set(i, current[i]!);
          next[i] = value;
        }
        return next;
      });
    },
    endStroke() {
      const done = stroke.current;
      stroke.current = null;
      if (done?.size) setUndo((u) => [...u, [...done.entries()]]);
    },
  };
}
