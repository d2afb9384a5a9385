/**
 * Linked zoom of Atlas Compare (pure): one pan and zoom shared by every run, relative to each run's own fitted view.
 * The zoom is a log2 step added to each fit; the pan is a fraction of each run's extent, so two sections of
 * different sizes or coordinates stay on the same region.
 */
import type { PlotViewState } from './viewState';

export interface CompareLink {
  /** log2 zoom added to every run's fit. */
  zoom: number;
  /** Pan as fractions of each run's width and height. */
  pan: [number, number];
}

export const NO_LINK: CompareLink = { zoom: 0, pan: [0, 0] };

const span = (bounds: [number, number, number, number]): [number, number] => [
  Math.max(bounds[2] - bounds[0], 1e-9),
  Math.max(bounds[3] - bounds[1], 1e-9),
];

/** A run's view under the shared link. */
export function linkedViewState(
  fit: PlotViewState,
  bounds: [number, number, number, number],
  link: CompareLink,
): PlotViewState {
  const [w, h] = span(bounds);
  return {
    ...fit,
    target: [fit.target[0] + link.pan[0] * w, fit.target[1] + link.pan[1] * h, 0],
    zoom: fit.zoom + link.zoom,
  };
}

/** The shared link that puts one run (its fit and bounds) at `moved`. */
export function linkOf(
  fit: PlotViewState,
  bounds: [number, number, number, number],
  moved: PlotViewState,
): CompareLink {
  const [w, h] = span(bounds);
  return {
    zoom: moved.zoom - fit.zoom,
    pan: [(moved.target[0] - fit.target[0]) / w, (moved.target[1] - fit.target[1]) / h],
  };
}
