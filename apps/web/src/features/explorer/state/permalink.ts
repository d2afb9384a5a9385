/**
 * Permalinks: the address records run_id (spec 03 §2.1) plus our view fields — which runs, features, colouring
 * and palette an address restores — through the versioned view-state schema of @atlas/contracts.
 */
import { parseViewQuery, writeViewQuery, type FeatureKind } from '@atlas/contracts';
import type { HeatmapPalette } from '@atlas/viz';
import type { ColourMode } from './store';

export interface ViewQuery {
  run_id: string | null;
  kind: FeatureKind;
  features: string[];
  mode: ColourMode;
  palette: HeatmapPalette;
  averaging: 'avg' | 'ind';
  /** Additional multi-sample run ids (never the main run). */
  samples: string[];
}

/**
 * Reads the view fields from an address query through the versioned schema of @atlas/contracts (view-state):
 * unknown values fall back to the defaults; `mode` is `expression` whenever features are given (the spec's viewer
 * modes) and never `expression` without them.
 */
export function decodeViewQuery(params: URLSearchParams): ViewQuery {
  const { run_id, kind, features, mode, palette, averaging, samples } = parseViewQuery(params);
  return { run_id, kind, features, mode, palette, averaging, samples };
}

/**
 * Writes the view fields into a copy of `params` (other keys such as `component` are kept). Defaults are left
 * out so a plain address stays `?component=AtlasXplore&run_id=…`; a view field brings the schema version `v`.
 */
export function encodeViewQuery(params: URLSearchParams, view: ViewQuery): URLSearchParams {
  return writeViewQuery(params, view);
}
