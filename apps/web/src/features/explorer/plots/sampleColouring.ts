/**
 * How an additional sample of a multi-sample view is coloured (pure): it follows the main view — clusters in the
 * cluster palette with the Color Configuration overrides by cluster name when no features are chosen, else the
 * chosen features' values (averaged, or the one shown individually) on the main view's range override, or on the
 * sample's own range. A sample without a shown feature is drawn grey and names what it lacks.
 */
import type { FeatureColumn } from '@atlas/spatial/feature-values';
import { CATEGORY_COLOURS, valueRange } from '@atlas/viz';
import type { RunData } from '../data/runData';
import { clusterColour } from './colours';
import { averageValues } from './values';

export type SampleColouring =
  | { mode: 'categorical'; values: Float32Array; clusterColors: string[] }
  | { mode: 'continuous'; values: Float32Array; range: [number, number]; missing: string[] };

export interface SampleColouringInput {
  data: Pick<RunData, 'n' | 'clusterCodes' | 'clusterNames'>;
  /** The main view's chosen features, its averaging and the feature it shows individually. */
  features: readonly string[];
  averaging: 'avg' | 'ind';
  individual: number;
  /** The sample's feature names of the current kind: undefined while loading, null when it has none to offer. */
  names: ReadonlySet<string> | null | undefined;
  /** The sample's values of `features`, in that order; undefined where not (yet) loaded. */
  values: readonly (FeatureColumn | undefined)[];
  /** The main view's Min/Max Range override. */
  range: [number, number] | null;
  /** Color Configuration overrides, cluster name → hex. */
  clusterColors: Readonly<Record<string, string>>;
}

/** The features a view shows: the individual one when showing one at a time, else all of them (averaged). */
export function shownFeatures(features: readonly string[], averaging: 'avg' | 'ind', individual: number): string[] {
  if (averaging === 'ind' && features.length > 1)
    return [features[Math.min(Math.max(0, individual), features.length - 1)]!];
  return [...features];
}

/** The data's range, widened to one unit when all values are equal (as the main view does). */
export function ownRange(values: Float32Array): [number, number] {
  const [lo, hi] = valueRange(values);
  return lo === hi ? [lo, lo + 1] : [lo, hi];
}

/** The sample's colouring, or null while what it needs is still loading. */
export function colourSample(input: SampleColouringInput): SampleColouring | null {
  const { data, features, names, values, range } = input;
  if (features.length === 0) {
    const clusterColors = data.clusterNames.map((name, i) =>
      clusterColour(CATEGORY_COLOURS, input.clusterColors, name, i),
    );
    return { mode: 'categorical', values: data.clusterCodes, clusterColors };
  }
  if (names === undefined) return null;
  const shown = shownFeatures(features, input.averaging, input.individual);
  const missing = shown.filter((f) => !names?.has(f));
  if (missing.length)
    return { mode: 'continuous', values: new Float32Array(data.n).fill(Number.NaN), range: range ?? [0, 1], missing };
  const columns = shown.map((f) => values[features.indexOf(f)]);
  if (columns.some((c) => c === undefined)) return null;
  const averaged = averageValues(columns as FeatureColumn[]);
  return { mode: 'continuous', values: averaged, range: range ?? ownRange(averaged), missing: [] };
}
