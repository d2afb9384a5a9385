/**
 * Atlas Compare's selection in each run (pure): either the tixels of the chosen clusters, or the tixels inside the
 * lasso drawn over that run (in its own data coordinates). A run without a selection says why, so its table can.
 */
import { selectInPolygon } from '@atlas/viz';
import type { RunData } from '../data/runData';
import type { RunSelection } from './CompareRankTables';

export type SelectBy = 'clusters' | 'lasso';

type RunPoints = Pick<RunData, 'n' | 'spatial' | 'clusterCodes' | 'clusterNames'>;

function clusterTixels(run: RunPoints, clusters: readonly string[]): number[] {
  const codes = new Set(clusters.map((c) => run.clusterNames.indexOf(c)).filter((i) => i >= 0));
  const out: number[] = [];
  for (let i = 0; i < run.n; i++) if (codes.has(run.clusterCodes[i]!)) out.push(i);
  return out;
}

export function runSelections(
  runIds: readonly string[],
  runs: readonly (RunPoints | undefined)[],
  by: SelectBy,
  clusters: readonly string[],
  lassos: Readonly<Record<string, Float32Array>>,
): (RunSelection | null)[] {
  return runIds.map((id, i) => {
    const run = runs[i];
    if (!run) return null;
    if (by === 'clusters') {
      if (!clusters.length) return { note: 'Choose one or more clusters' };
      const tixels = clusterTixels(run, clusters);
      return tixels.length ? { tixels } : { note: `${id} has none of these clusters` };
    }
    const polygon = lassos[id];
    if (!polygon) return { note: `No lasso drawn over ${id}` };
    const tixels = Array.from(selectInPolygon(run.spatial, polygon));
    return tixels.length ? { tixels } : { note: `The lasso over ${id} caught no tixel` };
  });
}
