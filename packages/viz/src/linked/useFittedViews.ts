import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { atPlace, placeOf, pointBounds, type PlotViewState, type ViewPlace } from '../viewState';
import { fitBounds, linkedViewIds } from './views';
import type { PlotViewId } from './props';

export interface FittedViews {
  /** The container's size in CSS px (0×0 until measured). */
  size: { width: number; height: number };
  /** The views shown, left to right: embedding, then spatial. */
  viewIds: PlotViewId[];
  /** Width of one view in CSS px. */
  viewWidth: number;
  /** The view state in force: the controlled one, or the internal one (fitted, then moved by the user). */
  current: (id: PlotViewId) => PlotViewState | undefined;
  /** A new view state from the user or the handle; tells `onViewStateChange`. */
  set: (id: PlotViewId, viewState: PlotViewState) => void;
  /** The view state that fits a view to its points, once the size is known. */
  fit: (id: PlotViewId) => PlotViewState | undefined;
}

/** Places relative to the fitted views (permalinks): where the views start, and who hears where they go. */
export interface ViewPlaces {
  start?: Partial<Record<PlotViewId, ViewPlace>>;
  onPlace?: (view: PlotViewId, place: ViewPlace) => void;
}

/**
 * The views of LinkedPlots and their view states: each view is fitted to its points once the container has a
 * size (or put at its start place, once), and fitted again when its points change; controlled view states
 * (`viewStates`) win over the internal ones.
 */
export function useFittedViews(
  container: RefObject<HTMLElement | null>,
  embedding: Float32Array | null,
  spatial: Float32Array | null,
  viewStates: Partial<Record<PlotViewId, PlotViewState>> | undefined,
  onViewStateChange: ((view: PlotViewId, viewState: PlotViewState) => void) | undefined,
  places: ViewPlaces = {},
): FittedViews {
  const [size, setSize] = useState<{ width: number; height: number }>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = container.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [container]);

  const viewIds = useMemo(() => linkedViewIds(embedding, spatial), [embedding, spatial]);
  const viewWidth = size.width / Math.max(1, viewIds.length);
  const embeddingBounds = useMemo(() => (embedding ? pointBounds(embedding) : null), [embedding]);
  const spatialBounds = useMemo(() => (spatial ? pointBounds(spatial) : null), [spatial]);
  const [internal, setInternal] = useState<Partial<Record<PlotViewId, PlotViewState>>>({});
  const fitted = useRef<Partial<Record<PlotViewId, unknown>>>({});
  // Start places apply to a view's first fit only: later fits (new points) show the new points whole.
  const start = useRef(places.start);
  const fit = useCallback(
    (id: PlotViewId) => {
      const bounds = id === 'embedding' ? embeddingBounds : spatialBounds;
      return bounds ? fitBounds(bounds, viewWidth, size.height) : undefined;
    },
    [embeddingBounds, spatialBounds, viewWidth, size.height],
  );
  useEffect(() => {
    const next: Partial<Record<PlotViewId, PlotViewState>> = {};
    for (const id of viewIds) {
      const key = id === 'embedding' ? embeddingBounds : spatialBounds;
      if (fitted.current[id] === key) continue;
      const vs = fit(id);
      if (!vs) continue;
      const place = start.current?.[id];
      next[id] = place ? atPlace(vs, place) : vs;
      if (start.current) start.current = { ...start.current, [id]: undefined };
      fitted.current[id] = key;
    }
    // Fitting needs the measured size, so it happens in an effect.
    if (Object.keys(next).length) setInternal((s) => ({ ...s, ...next }));
  }, [viewIds, embeddingBounds, spatialBounds, fit]);

  const current = useCallback(
    (id: PlotViewId): PlotViewState | undefined => viewStates?.[id] ?? internal[id],
    [viewStates, internal],
  );
  const { onPlace } = places;
  const set = useCallback(
    (id: PlotViewId, vs: PlotViewState) => {
      setInternal((s) => ({ ...s, [id]: vs }));
      onViewStateChange?.(id, vs);
      const fittedNow = onPlace && fit(id);
      if (fittedNow) onPlace(id, placeOf(vs, fittedNow));
    },
    [onViewStateChange, onPlace, fit],
  );
  return { size, viewIds, viewWidth, current, set, fit };
}
