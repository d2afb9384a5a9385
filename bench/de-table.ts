// Rows of `npm run bench -- de` for the DE results panel (issue 34): a lasso's whole table (every feature's means,
// % expressing in and out, fold change, score, p, BH p, sent by column) and every cluster against the rest at once,
// each beside figures of the same run: the top-10 ranking of the same selection and a bare pass over the run.
import type { CsrMatrix, CscMatrix, SelectionIndex } from '@atlas/spatial';
import { rankClusters, topIndices, welchForSelection } from '@atlas/spatial';
import { deColumns } from '../apps/server/src/tasks/gene/de-columns.js';
import type { Row } from './row.js';

const CLUSTERS = 12;
const ms = (v: number): string => `${v.toFixed(0)} ms`;

function median(run: () => unknown, repeats: number): number {
  run();
  const times = Array.from({ length: repeats }, () => {
    const started = performance.now();
    run();
    return performance.now() - started;
  }).sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export function deTableRows(input: {
  matrix: CscMatrix;
  index: SelectionIndex;
  group: Int32Array;
  /** The bare loop over the run's non-zeros, measured in this run. */
  bareMs: number;
}): Row[] {
  const { index, group, bareMs } = input;
  const names = Array.from({ length: index.nFeatures }, (_, j) => `Gene${j}`);
  const topTen = median(() => topIndices(welchForSelection(index, group).scores, 10), 5);
  let bytes = 0;
  const table = median(() => {
    const json = JSON.stringify(deColumns(welchForSelection(index, group), names));
    bytes = json.length;
  }, 5);
  // Every cluster at once, from the index's row-major copy (as gene.rank_clusters does: no copy).
  const csr: CsrMatrix = {
    kind: 'csr',
    nRows: index.nObs,
    nCols: index.nFeatures,
    indptr: index.rowPtr,
    indices: index.features,
    data: index.values,
  };
  const labels = Array.from({ length: index.nObs }, (_, i) => `C${(i % CLUSTERS) + 1}`);
  const clusters = median(() => rankClusters(csr, labels), 3);
  const perCluster = median(() => welchForSelection(index, group), 5);
  return [
    {
      measure: `DE table panel: whole table of 1k of 10k × ${index.nFeatures} (means, % in/out, log2FC, score, p, BH) as column JSON`,
      target: '≤ 400 ms',
      figure: `${ms(table)} median, ${(bytes / 1e6).toFixed(1)} MB JSON; top 10 of the same selection ${ms(topTen)} (×${(table / topTen).toFixed(1)})`,
      verdict: table <= 400 ? 'met' : 'MISSED',
    },
    {
      measure: `cluster vs rest, every cluster (${CLUSTERS}) of a 10k × ${index.nFeatures} run at once (Welch, % expressing)`,
      target: '≤ 3000 ms',
      figure: `${ms(clusters)} median; bare loop over the run ${ms(bareMs)} (×${(clusters / bareMs).toFixed(1)}); one 1k selection ${ms(perCluster)}`,
      verdict: clusters <= 3000 ? 'met' : 'MISSED',
    },
  ];
}
