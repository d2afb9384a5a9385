import { buildWebFiles, generateRun, runDeBenchmarks } from '@atlas/spatial';
import type { Row } from './row.js';

/** The pure-science figures: DE statistics, synthetic run generation and web-file building, in this process. */
export async function scienceRows(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const figure of runDeBenchmarks()) {
    rows.push({
      measure: figure.measure,
      target: figure.targetMs === null ? '—' : `< ${figure.targetMs} ms`,
      figure: `${figure.ms.toFixed(0)} ms median (first run ${figure.coldMs.toFixed(0)} ms)`,
      verdict: figure.targetMs === null ? 'info' : figure.ms < figure.targetMs ? 'met' : 'MISSED',
    });
  }

  let started = performance.now();
  const run = generateRun({ seed: 7, tixels: 10_000, features: 30_000, assay: 'rna' });
  rows.push({
    measure: 'generate a synthetic 10k-tixel × 30k-gene run (10% non-zero)',
    target: '—',
    figure: `${((performance.now() - started) / 1000).toFixed(1)} s, ${run.X.data.length.toLocaleString('en')} non-zeros`,
    verdict: 'info',
  });
  started = performance.now();
  const files = await buildWebFiles({
    clusters: run.clusters,
    spatial: run.spatial,
    umap: run.umap,
    qc: run.qc,
    features: { genes: { names: run.varNames, matrix: run.X } },
  });
  const bytes = [...files.values()].reduce((sum, file) => sum + file.length, 0);
  rows.push({
    measure: 'build the web files of that run in memory (text + binary summations)',
    target: '—',
    figure: `${((performance.now() - started) / 1000).toFixed(1)} s, ${files.size} files, ${(bytes / 1e6).toFixed(0)} MB`,
    verdict: 'info',
  });
  return rows;
}
