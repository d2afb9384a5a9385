/**
 * One deck.gl `Deck` — one WebGL context — for every plot inside it (DESIGN §6): the explorer's UMAP and spatial
 * plots and the multi-sample grid under them are views of this Deck, whatever lies between them in the page. Plot
 * components register a panel (./panel.ts); the canvas covers the bounding box of the panels' elements, is
 * clipped to those elements, and sits above their backgrounds and below their overlays (z-index 1: overlays that
 * must stay on top use {@link PLOT_OVERLAY_Z}). Each view's pan, zoom, picking and clicks go to its own panel.
 */
import { useCallback, useMemo, useRef, useState, type CSSProperties, type PointerEvent, type ReactNode } from 'react';
import { OrthographicView, type Layer, type PickingInfo, type Viewport } from '@deck.gl/core';
import type { Device } from '@luma.gl/core';
import type { DeckOfPlots, DeckOfPlotsProps, HandedDeck } from './deckCanvas';
import { boundingRect, clipPathOf, contains, relativeTo, type Rect } from './layout';
import { PlotsDeckContext, type DeckPanel, type PlotsDeckRegistry } from './panel';
import { useDeck } from './useDeck';
import { usePanelRects } from './usePanelRects';
import type { PlotViewState } from '../viewState';

/** z-index of HTML drawn over the plots (titles, notes, controls, the selection overlay): above the canvas. */
export const PLOT_OVERLAY_Z = 2;
const CANVAS_Z = 1;

export interface PlotsDeckProps {
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
  /**
   * Asked once, when the canvas is first shown: a Deck that has drawn these plots already (a page's first frame,
   * drawn before the app) to go on with instead of a new one; null to make one.
   */
  takeHanded?: () => HandedDeck | null;
}

/** deck.gl 9 types its Deck's device as protected; it is the luma device its layers draw with (null until made). */
const deviceOf = (deck: DeckOfPlots | null): Device | null =>
  (deck as unknown as { device?: Device | null } | null)?.device ?? null;

const grabCursor = ({ isDragging }: { isDragging: boolean }) => (isDragging ? 'grabbing' : 'grab');

export function PlotsDeck({ children, className, style, takeHanded }: PlotsDeckProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const deckRef = useRef<DeckOfPlots | null>(null);
  const [panels, setPanels] = useState<ReadonlyMap<string, DeckPanel>>(new Map());

  const elements = useMemo(() => new Map([...panels].map(([key, p]) => [key, p.element])), [panels]);
  const rects = usePanelRects(hostRef, elements);
  const frame = useMemo(() => boundingRect(rects.values()), [rects]);
  const latest = useRef({ rects, frame });
  latest.current = { rects, frame };

  const registry = useMemo<PlotsDeckRegistry>(
    () => ({
      set: (key, panel) => setPanels((m) => (m.get(key) === panel ? m : new Map(m).set(key, panel))),
      remove: (key) =>
        setPanels((m) => {
          if (!m.has(key)) return m;
          const next = new Map(m);
          next.delete(key);
          return next;
        }),
      canvas: () => frameRef.current?.querySelector('canvas') ?? null,
      device: () => deviceOf(deckRef.current),
      viewport: (id) => deckRef.current?.getViewports().find((v) => v.id === id),
      rectOnCanvas: (element) => {
        const { frame: f } = latest.current;
        const host = hostRef.current;
        if (!f || !host) return null;
        const h = host.getBoundingClientRect();
        const r = element.getBoundingClientRect();
        return relativeTo({ x: r.left - h.left, y: r.top - h.top, width: r.width, height: r.height }, f);
      },
    }),
    [],
  );

  // Every panel's views, moved onto the canvas; which panel owns each view and each layer.
  const merged = useMemo(() => {
    const views: OrthographicView[] = [];
    const viewState: Record<string, PlotViewState> = {};
    const layers: Layer[] = [];
    const viewOwner = new Map<string, DeckPanel>();
    const viewRects = new Map<string, Rect>();
    const layerOwner = new Map<string, DeckPanel>();
    if (frame) {
      for (const [key, panel] of panels) {
        const rect = rects.get(key);
        if (!rect) continue;
        const at = relativeTo(rect, frame);
        for (const v of panel.views) {
          const state = panel.viewStates[v.id];
          if (!state || viewOwner.has(v.id)) continue;
          const placed = { x: at.x + v.x, y: at.y + v.y, width: v.width, height: v.height };
          views.push(new OrthographicView({ id: v.id, ...placed, flipY: v.flipY, controller: v.controller }));
          viewState[v.id] = state;
          viewOwner.set(v.id, panel);
          viewRects.set(v.id, placed);
        }
        for (const layer of panel.layers) {
          layers.push(layer);
          layerOwner.set(layer.id, panel);
        }
      }
    }
    return { views, viewState, layers, viewOwner, viewRects, layerOwner };
  }, [panels, rects, frame]);

  // One filter for the Deck's life, reading the latest owners: a new function makes deck redraw every layer (hundreds
  // of ms a frame without a GPU) on any panel change, and a change of owners comes with new views or layers anyway.
  const mergedRef = useRef(merged);
  mergedRef.current = merged;
  const layerFilter = useCallback(({ layer, viewport }: { layer: Layer; viewport: Viewport }) => {
    const { viewOwner, layerOwner } = mergedRef.current;
    const owner = viewOwner.get(viewport.id);
    // Sublayers carry their parent's id as a prefix; ours are primitive layers, so the id is the panel's.
    if (!owner || layerOwner.get(layer.id) !== owner) return false;
    return owner.layerFilter ? owner.layerFilter(layer, viewport.id) : true;
  }, []);
  const panelsRef = useRef(panels);
  panelsRef.current = panels;
  // The Deck's props change with the views, layers and view states only; the callbacks read the latest owners.
  const deckProps = useMemo<DeckOfPlotsProps>(() => {
    const ownerOf = (info: PickingInfo) =>
      info.viewport ? mergedRef.current.viewOwner.get(info.viewport.id) : undefined;
    return {
      views: merged.views,
      viewState: merged.viewState,
      layers: merged.layers,
      layerFilter,
      onViewStateChange: ({ viewId, viewState }) => {
        mergedRef.current.viewOwner.get(viewId)?.onViewStateChange?.(viewId, viewState as unknown as PlotViewState);
      },
      onHover: (info) => ownerOf(info)?.onHover?.(info),
      onClick: (info) => ownerOf(info)?.onClick?.(info),
      onBeforeRender: () => {
        for (const panel of panelsRef.current.values()) panel.onBeforeRender?.();
      },
      onAfterRender: () => {
        for (const panel of panelsRef.current.values()) panel.onAfterRender?.();
      },
      getCursor: grabCursor,
    };
  }, [merged, layerFilter]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - box.left;
    const y = event.clientY - box.top;
    for (const [id, rect] of merged.viewRects) if (contains(rect, x, y)) merged.viewOwner.get(id)?.onPointerDown?.();
  };

  const rectList = useMemo(() => [...rects.values()], [rects]);
  const show = frame !== null && panels.size > 0;
  useDeck(frameRef, show, deckProps, deckRef, takeHanded);
  return (
    <PlotsDeckContext.Provider value={registry}>
      <div
        ref={hostRef}
        className={className}
        data-testid="plots-deck"
        style={{ position: 'relative', isolation: 'isolate', ...style }}
      >
        {children}
        {show && (
          <div
            ref={frameRef}
            data-testid="plots-canvas"
            onPointerDown={onPointerDown}
            // The canvas is outside the panels' elements: a press on it must not take the focus a panel has just
            // taken (onPointerDown) away again (the wheel zooms the main plots only while they have focus).
            onMouseDown={(event) => event.preventDefault()}
            style={{
              position: 'absolute',
              left: frame.x,
              top: frame.y,
              width: frame.width,
              height: frame.height,
              zIndex: CANVAS_Z,
              clipPath: clipPathOf(rectList, frame),
            }}
          />
        )}
      </div>
    </PlotsDeckContext.Provider>
  );
}
