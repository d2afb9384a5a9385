/**
 * Permalinks: the address records run_id (spec 03 §2.1) plus every view setting the explorer shows — runs,
 * features, colouring, palette, background, where each plot looks, range, sizes, tissue and cluster colours —
 * through the versioned view-state schema of @atlas/contracts.
 */
import { parseViewQuery, writeViewQuery, type TViewState } from '@atlas/contracts';
import type { ExplorerState } from './store';

/** The view fields of an address (the view state without its version). */
export type ViewQuery = Omit<TViewState, 'v'>;

/**
 * Reads the view fields from an address query through the versioned schema of @atlas/contracts (view-state):
 * unknown values fall back to the defaults; `mode` is `expression` whenever features are given (the spec's viewer
 * modes) and never `expression` without them.
 */
export function decodeViewQuery(params: URLSearchParams): ViewQuery {
  const { v: _version, ...view } = parseViewQuery(params);
  return view;
}

/**
 * Writes the view fields into a copy of `params` (other keys such as `component` are kept). Defaults are left
 * out so a plain address stays `?component=AtlasXplore&run_id=…`; a view field brings the schema version `v`.
 */
export function encodeViewQuery(params: URLSearchParams, view: ViewQuery): URLSearchParams {
  return writeViewQuery(params, view);
}

/** The store's fields that an address records (besides the run and its samples). */
export type StoredView = Pick<
  ExplorerState,
  | 'kind'
  | 'features'
  | 'mode'
  | 'palette'
  | 'averaging'
  | 'individual'
  | 'customColors'
  | 'background'
  | 'range'
  | 'highlightedClusters'
  | 'clusterColors'
  | 'displayScale'
  | 'tissueShown'
  | 'tissueOpacity'
  | 'umapAt'
  | 'spatialAt'
>;

/** Picks the recorded fields from the store (for a shallow-compared selector). */
export function storedViewOf(s: ExplorerState): StoredView {
  return {
    kind: s.kind,
    features: s.features,
    mode: s.mode,
    palette: s.palette,
    averaging: s.averaging,
    individual: s.individual,
    customColors: s.customColors,
    background: s.background,
    range: s.range,
    highlightedClusters: s.highlightedClusters,
    clusterColors: s.clusterColors,
    displayScale: s.displayScale,
    tissueShown: s.tissueShown,
    tissueOpacity: s.tissueOpacity,
    umapAt: s.umapAt,
    spatialAt: s.spatialAt,
  };
}

/** The store's view as the address's fields. */
export function viewQueryOf(view: StoredView, run_id: string | null, samples: string[]): ViewQuery {
  return {
    run_id,
    samples,
    kind: view.kind,
    features: view.features,
    mode: view.mode,
    palette: view.palette,
    averaging: view.averaging,
    individual: view.individual,
    custom_colors: view.customColors,
    background: view.background,
    range: view.range,
    highlighted: view.highlightedClusters,
    cluster_colors: view.clusterColors,
    display_scale: view.displayScale,
    tissue_shown: view.tissueShown,
    tissue_opacity: view.tissueOpacity,
    umap_at: view.umapAt,
    spatial_at: view.spatialAt,
  };
}

/** The address's fields as the store's view. */
export function storedViewOfQuery(q: ViewQuery): StoredView {
  return {
    kind: q.kind,
    features: q.features,
    mode: q.mode,
    palette: q.palette,
    averaging: q.averaging,
    individual: q.individual,
    customColors: q.custom_colors,
    background: q.background,
    range: q.range,
    highlightedClusters: q.highlighted,
    clusterColors: q.cluster_colors,
    displayScale: q.display_scale,
    tissueShown: q.tissue_shown,
    tissueOpacity: q.tissue_opacity,
    umapAt: q.umap_at,
    spatialAt: q.spatial_at,
  };
}
