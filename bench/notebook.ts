// `npm run bench -- notebook` (issue 34): a run as .h5ad for a notebook, the export's core (runAnnData + writeH5ad,
// what POST /api/v1/exports does once the web files are read), beside the floor of writing the same X's bytes raw
// to the same disc in this run; and the sub-clustering of a selection, beside one PCA of the same cells.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  analyseRaw,
  chooseExpressionInput,
  mulberry32,
  selectRows,
  readH5ad,
  runAnnData,
  syntheticCsc,
  toCsr,
  writeH5ad,
  type CscMatrix,
  type DataCsv,
  type Matrix,
} from '@atlas/spatial';
import { hasSharedData, sharedData } from '@atlas/spatial/testing';
import type { Row } from './row.js';

const ms = (v: number): string => `${v.toFixed(0)} ms`;

function tableOf(n: number, clusters: string[]): DataCsv {
  return {
    clusters,
    spatial: Float64Array.from({ length: 2 * n }, (_, i) => i),
    umap: Float32Array.from({ length: 2 * n }, (_, i) => i / 3),
    qc: [new Float32Array(n), new Float32Array(n)],
  };
}

/** The export of `matrix` against writing its CSR arrays raw (the disc's floor), both into `dir`. */
async function exportRow(
  dir: string,
  label: string,
  matrix: Matrix,
  names: string[],
  clusters: string[],
): Promise<Row> {
  const table = tableOf(matrix.nRows, clusters);
  const file = path.join(dir, 'export.h5ad');
  let started = performance.now();
  const csr = toCsr(matrix);
  for (const [i, part] of [csr.data, csr.indices, csr.indptr].entries())
    fs.writeFileSync(path.join(dir, `raw${i}`), new Uint8Array(part.buffer, part.byteOffset, part.byteLength));
  const raw = performance.now() - started;
  started = performance.now();
  const adata = runAnnData({ matrix, featureNames: names, barcodes: null, table, annotations: [], rows: null });
  await writeH5ad(file, adata);
  const made = performance.now() - started;
  const mb = fs.statSync(file).size / 1e6;
  return {
    measure: `export ${label} as .h5ad (${matrix.nRows.toLocaleString('en')} × ${matrix.nCols.toLocaleString('en')}, ${csr.data.length.toLocaleString('en')} non-zeros)`,
    target: '—',
    figure: `${ms(made)}, ${mb.toFixed(1)} MB gzip; raw write of the same X ${ms(raw)} (×${(made / raw).toFixed(1)})`,
    verdict: 'info',
  };
}

/** Sub-clustering (gene.subcluster's computation) of `rows` of `matrix`, beside one pass over their values. */
function subclusterRow(label: string, matrix: Matrix, rows: number[]): Row {
  const selected = selectRows(matrix, rows);
  let started = performance.now();
  let sum = 0;
  for (let k = 0; k < selected.data.length; k++) sum += selected.data[k]!;
  const bare = Math.max(performance.now() - started, 0.01);
  started = performance.now();
  const result = analyseRaw(selected, { seed: 0, logNormalised: true });
  const took = performance.now() - started;
  const found = new Set(result.clusters).size;
  return {
    measure: `re-cluster ${rows.length.toLocaleString('en')} cells of ${label} (HVG, PCA, kNN, Louvain, UMAP)`,
    target: '—',
    figure: `${ms(took)}, ${found} sub-clusters; one pass over their ${selected.data.length.toLocaleString('en')} values ${bare.toFixed(1)} ms (sum ${sum.toFixed(0)})`,
    verdict: 'info',
  };
}

export async function notebookRows(): Promise<Row[]> {
  const rows: Row[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-notebook-'));
  try {
    const pbmc = 'scanpy-pbmc68k-reduced/10x_pbmc68k_reduced.h5ad';
    if (hasSharedData(pbmc)) {
      const h5ad = await readH5ad(sharedData(pbmc));
      const { explorer } = chooseExpressionInput(h5ad);
      const louvain = h5ad.obs.louvain;
      const clusters =
        louvain?.kind === 'categorical'
          ? Array.from(louvain.codes, (c) => louvain.categories[c]!)
          : Array.from({ length: h5ad.X.nRows }, () => 'C1');
      rows.push(await exportRow(dir, 'the real pbmc68k run', explorer.matrix, explorer.varNames, clusters));
      const all = Array.from({ length: explorer.matrix.nRows }, (_, i) => i);
      rows.push(subclusterRow('the real pbmc68k run', explorer.matrix, all));
    }
    const synthetic: CscMatrix = syntheticCsc(10_000, 30_000, 0.1, mulberry32(34));
    const names = Array.from({ length: synthetic.nCols }, (_, i) => `G${i}`);
    const clusters = Array.from({ length: synthetic.nRows }, (_, i) => `C${i % 12}`);
    rows.push(await exportRow(dir, 'a synthetic 10k × 30k run (10% non-zero)', synthetic, names, clusters));
    const lasso = Array.from({ length: 2000 }, (_, i) => i * 5);
    rows.push(subclusterRow('the synthetic 10k × 30k run', synthetic, lasso));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
