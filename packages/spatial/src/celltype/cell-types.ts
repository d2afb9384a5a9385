/**
 * Cell typing from marker genes (`gene.compute_cell_type`, DESIGN §6), following the original worker: for each
 * marker, the mean value in every cluster; the best cluster is tested against the runner-up with Yuen's trimmed
 * t-test (trim 0.3) and t > 2 gives the best cluster every label that lists the marker. Labels accumulate, so a
 * cluster may carry several; clusters that receive none are `Undefined`. (The original compared the truncated t
 * with 20 and reset a cluster's list on each hit; DESIGN fixes both.) NaN values are left out of means and tests.
 */
import { column } from '../matrix/ops.js';
import type { Matrix } from '../matrix/types.js';
import { resolveMarkers, type MarkerMap } from './marker-csv.js';
import { yuenTest } from './yuen.js';

export const UNDEFINED_CELL_TYPE = 'Undefined';
/** Joins several labels of one cluster into the single data.csv cell-type field (a comma would split it). */
export const CELL_TYPE_SEPARATOR = ' / ';

export interface CellTypeInput {
  matrix: Matrix;
  /** Cluster label of each observation (`C1`, `C2`, …). */
  clusters: readonly string[];
  featureNames: readonly string[];
  markers: MarkerMap;
  trim?: number;
  threshold?: number;
}

export interface MarkerTest {
  marker: string;
  best: string;
  runnerUp: string;
  t: number;
  df: number;
  assigned: boolean;
}

export interface CellTypeResult {
  /** Every cluster in natural order (C2 before C10) → its labels, or ['Undefined']. */
  cellTypes: Record<string, string[]>;
  /** Cell-type field per observation for data.csv. */
  perObservation: string[];
  /** Markers not among the feature names (ignored). */
  unknownMarkers: string[];
  tests: MarkerTest[];
}

const natural = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

export function computeCellTypes(input: CellTypeInput): CellTypeResult {
  const { matrix, clusters, featureNames, markers, trim = 0.3, threshold = 2 } = input;
  if (markers.size === 0) throw new RangeError('the marker list is empty: nothing to assign');
  if (clusters.length !== matrix.nRows) {
    throw new RangeError(`${clusters.length} cluster labels for ${matrix.nRows} observations`);
  }
  if (featureNames.length !== matrix.nCols) {
    throw new RangeError(`${featureNames.length} feature names for ${matrix.nCols} features`);
  }
  const clusterNames = [...new Set(clusters)].sort(natural);
  const clusterIndex = new Map(clusterNames.map((c, i) => [c, i]));
  const members = clusterNames.map(() => [] as number[]);
  clusters.forEach((c, i) => members[clusterIndex.get(c)!]!.push(i));

  const { features, unknown } = resolveMarkers(markers, featureNames);
  const labelsOf = new Map<number, string[]>(); // feature → the labels that list it
  for (const [label, list] of features) for (const j of list) labelsOf.set(j, [...(labelsOf.get(j) ?? []), label]);

  const assigned = clusterNames.map(() => [] as string[]);
  const tests: MarkerTest[] = [];
  if (clusterNames.length >= 2) {
    for (const [j, labels] of labelsOf) {
      const values = column(matrix, j);
      const perCluster = members.map((rows) => rows.map((r) => values[r]!).filter((v) => !Number.isNaN(v)));
      const means = perCluster.map((v) => (v.length ? v.reduce((s, x) => s + x, 0) / v.length : -Infinity));
      // Stable sort: equal means keep natural cluster order, as the original's sorted() did.
      const [best, runnerUp] = means.map((m, c) => ({ m, c })).sort((a, b) => b.m - a.m);
      const { t, df } = safeYuen(perCluster[best!.c]!, perCluster[runnerUp!.c]!, trim);
      const ok = t > threshold;
      if (ok) for (const label of labels) if (!assigned[best!.c]!.includes(label)) assigned[best!.c]!.push(label);
      tests.push({
        marker: featureNames[j]!,
        best: clusterNames[best!.c]!,
        runnerUp: clusterNames[runnerUp!.c]!,
        t,
        df,
        assigned: ok,
      });
    }
  }
  const cellTypes: Record<string, string[]> = {};
  clusterNames.forEach((c, i) => (cellTypes[c] = assigned[i]!.length ? assigned[i]! : [UNDEFINED_CELL_TYPE]));
  const perObservation = clusters.map((c) => cellTypes[c]!.join(CELL_TYPE_SEPARATOR));
  return { cellTypes, perObservation, unknownMarkers: unknown, tests };
}

/** A cluster too small to trim cannot show a difference: report NaN (not assigned) instead of failing the run. */
function safeYuen(a: number[], b: number[], trim: number): { t: number; df: number } {
  const keptA = a.length - 2 * Math.floor(a.length * trim);
  const keptB = b.length - 2 * Math.floor(b.length * trim);
  return keptA >= 2 && keptB >= 2 ? yuenTest(a, b, trim) : { t: NaN, df: NaN };
}
