/**
 * The cells of a single-cell-resolution run (issue 38) for the spatial plot: whether the run is one (its units are
 * microns, for the scale bar) and its outlines for the viewport only, fetched when a cell is large enough on
 * screen to be drawn as one (docs/CELL-OUTLINES.md). The window fetched is the viewport with a margin, so a short
 * pan needs no new request; only the current window is kept.
 */
import { useCallback, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CELL_OUTLINE_LIMITS, genesCalls, type TCellsInfo } from '@atlas/contracts';
import { decodeOutlineWindow, type OutlineWindow } from '@atlas/spatial/outline-window';
import { showsOutlines, type CellOutlinesInput, type SpatialViewport } from '@atlas/viz';
import { buildPath, callApi, sessionToken } from '../../../api/client';
import { useExplorer, type RunRef } from '../state/store';
import { explorerKeys, runKey } from './queryKeys';
import { responseError } from './responseError';
import { refQuery } from './runRef';

/** The margin around the viewport fetched with it, as a share of its size on each side. */
const MARGIN = 0.25;

type Window = readonly [number, number, number, number];

const contains = (outer: Window, inner: Window) =>
  outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];

/** The viewport widened by the margin, rounded outwards to whole µm, within the route's largest window. */
function windowAround([x0, y0, x1, y1]: Window): Window {
  const half = CELL_OUTLINE_LIMITS.maxWindowMicrons / 2 - 1;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const hw = Math.min(half, ((x1 - x0) * (1 + 2 * MARGIN)) / 2);
  const hh = Math.min(half, ((y1 - y0) * (1 + 2 * MARGIN)) / 2);
  return [Math.floor(cx - hw), Math.floor(cy - hh), Math.ceil(cx + hw), Math.ceil(cy + hh)];
}

async function loadWindow(run: RunRef, window: Window, signal: AbortSignal): Promise<OutlineWindow> {
  const [x0, y0, x1, y1] = window;
  const path = buildPath(genesCalls.cellOutlines.path, undefined, { ...refQuery(run), x0, y0, x1, y1 });
  const token = sessionToken();
  const response = await fetch(path, { headers: token ? { authorization: `JWT ${token}` } : {}, signal });
  if (!response.ok) throw await responseError(response, genesCalls.cellOutlines.path);
  return decodeOutlineWindow(await response.arrayBuffer());
}

export interface CellDrawing {
  /** Microns per spatial unit (1 for these runs), undefined for other runs: the scale bar is drawn when known. */
  micronsPerUnit: number | undefined;
  outlines: CellOutlinesInput | null;
  onSpatialView: (viewport: SpatialViewport) => void;
}

/** Whether the run is a single-cell-resolution run and how it is drawn: asked once per run, shared by its users. */
function useCellsInfo(run: RunRef | null): TCellsInfo | undefined {
  return useQuery<TCellsInfo>({
    queryKey: explorerKeys.cells(run),
    queryFn: ({ signal }) => callApi(genesCalls.cells, { query: refQuery(run!), signal }),
    enabled: run !== null,
    staleTime: Infinity,
    retry: false,
  }).data;
}

/** What the explorer calls the open run's observations in its texts: cells on a Xenium/CosMx/MERSCOPE run. */
export type ObservationNoun = 'cells' | 'tixels';
export function useObservationNoun(): ObservationNoun {
  return useObservationNounOf(useExplorer((s) => s.run));
}
/** The same for a run other than the open one (Compare's runs). */
export function useObservationNounOf(run: RunRef | null): ObservationNoun {
  return useCellsInfo(run)?.available ? 'cells' : 'tixels';
}

export function useCellDrawing(run: RunRef | null): CellDrawing {
  const info = useCellsInfo(run);
  const cells = info?.available ? info : null;
  const diameter = cells?.outlines ? cells.cell_diameter : 0;
  // The window belongs to its run: another run starts without one.
  const [held, setHeld] = useState<{ run: string; window: Window } | null>(null);
  const key = runKey(run);
  const window = held?.run === key ? held.window : null;
  const onSpatialView = useCallback(
    ({ bounds, pixelsPerUnit }: SpatialViewport) => {
      // Zoomed out, the last window is kept (a few hundred KB at most) but not drawn, and nothing is fetched.
      if (!showsOutlines(diameter, pixelsPerUnit)) return;
      if (window && contains(window, bounds)) return;
      setHeld({ run: key, window: windowAround(bounds) });
    },
    [diameter, window, key],
  );
  const outlines = useQuery({
    queryKey: explorerKeys.cellOutlines(run, window),
    queryFn: ({ signal }) => loadWindow(run!, window!, signal),
    enabled: run !== null && window !== null && diameter > 0,
    staleTime: Infinity,
    // Only the window in use is held: the browser never keeps more than one answer's vertices.
    gcTime: 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const drawn = outlines.data && !outlines.data.overCap ? outlines.data : null;
  const input = useMemo(() => (diameter > 0 ? { diameter, window: drawn } : null), [diameter, drawn]);
  return { micronsPerUnit: cells ? 1 : undefined, outlines: input, onSpatialView };
}
