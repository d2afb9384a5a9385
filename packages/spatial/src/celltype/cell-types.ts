/**
 * Cell typing from marker genes (`gene.compute_cell_type`, DESIGN §6), following the original worker: for each
 * marker, the mean value in every cluster; the best cluster is tested against the runner-up with Yuen's trimmed
 * t-test (trim 0.3) and t > 2 gives the best cluster every label that lists the marker. Labels accumulate, so a
 * cluster may carry several; clusters that receive none are `Undefined`. (The original compared the truncated t
 * with 20 and reset a cluster's list on each hit; DESIGN fixes both.) NaN values are left out of means and tests.
 *
 * Clusters too small for the trimmed test (fewer than 2 values left after trimming: a single spot) take no part
 * in the best-vs-runner-up comparison: otherwise a one-spot cluster with an extreme mean wins every marker, the
 * test cannot run and every cluster of the run ends `Undefined`. They are reported in `skipped`, and every
 * `Undefined` cluster gets a reason.
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
  /** Clusters too small to test (left out of every comparison), with their size. */
  skipped: { cluster: string; nObs: number }[];
  /** Why each `Undefined` cluster has no label, by cluster. */
  reasons: Record<string, string>;
}

/** The smallest cluster Yuen's test can use at this trim (2 values must remain after trimming each tail). */
export function minTestableClusterSize(trim: number): number {
  let n = 1;
  while (n - 2 * Math.floor(n * trim) < 2) n++;
  return n;
}

const spots = (n: number) => `${n} spot${n === 1 ? '' : 's'}`;

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

  const minSize = minTestableClusterSize(trim);
  const testable = clusterNames.map((_, c) => members[c]!.length >= minSize);
  const skipped = clusterNames.flatMap((cluster, c) => (testable[c] ? [] : [{ cluster, nObs: members[c]!.length }]));
  const assigned = clusterNames.map(() => [] as string[]);
  const tests: MarkerTest[] = [];
  if (testable.filter(Boolean).length >= 2) {
    for (const [j, labels] of labelsOf) {
      const values = column(matrix, j);
      const perCluster = members.map((rows) => rows.map((r) => values[r]!).filter((v) => !Number.isNaN(v)));
      const means = perCluster.map((v, c) =>
        testable[c] && v.length ? v.reduce((s, x) => s + x, 0) / v.length : -Infinity,
      );
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
  const reasons: Record<string, string> = {};
  clusterNames.forEach((c, i) => {
    cellTypes[c] = assigned[i]!.length ? assigned[i]! : [UNDEFINED_CELL_TYPE];
    if (!assigned[i]!.length) reasons[c] = undefinedReason(c, i);
  });
  const perObservation = clusters.map((c) => cellTypes[c]!.join(CELL_TYPE_SEPARATOR));
  return { cellTypes, perObservation, unknownMarkers: unknown, tests, skipped, reasons };

  function undefinedReason(cluster: string, c: number): string {
    if (!testable[c]) {
      return `too small to test (${spots(members[c]!.length)}; Yuen's trimmed test needs at least ${minSize})`;
    }
    if (labelsOf.size === 0) return 'none of the marker genes is in this run';
    if (tests.length === 0) return 'fewer than 2 clusters are large enough to compare';
    const won = tests.filter((t) => t.best === cluster);
    if (won.length === 0) return 'no marker gene is highest in this cluster';
    const shown = won
      .slice(0, 3)
      .map((t) => `${t.marker} (t = ${Number.isFinite(t.t) ? t.t.toFixed(2) : 'n/a'} vs ${t.runnerUp})`)
      .join(', ');
    return `highest for ${shown}${won.length > 3 ? ', …' : ''}, but not above the runner-up by t > ${threshold}`;
  }
}

/** A cluster too small to trim cannot show a difference: report NaN (not assigned) instead of failing the run. */
function safeYuen(a: number[], b: number[], trim: number): { t: number; df: number } {
  const keptA = a.length - 2 * Math.floor(a.length * trim);
  const keptB = b.length - 2 * Math.floor(b.length * trim);
  return keptA >= 2 && keptB >= 2 ? yuenTest(a, b, trim) : { t: NaN, df: NaN };
}
