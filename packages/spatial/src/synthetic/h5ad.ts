/**
 * Writes a synthetic run as the AnnData files a lab would upload (genes.h5ad, and for ATAC motifs.h5ad and
 * eRegulons.h5ad), through the io package's writer, plus motifs.csv for the sequence logo.
 */
import type { FeatureKind } from '@atlas/contracts';
import { csvRow } from '../formats/csv-write.js';
import { writeH5ad, type WritableColumn } from '../io/h5ad-writer.js';
import type { Matrix } from '../matrix/types.js';
import type { Pfm } from './atac.js';
import type { SyntheticRun } from './generate.js';

/** Which matrix of a synthetic run: one per feature kind (declared in @atlas/contracts). */
export type SyntheticMatrixKind = FeatureKind;

/** Categories in natural order (C2 before C10), as the explorer lists clusters. */
function categorical(values: readonly string[]): WritableColumn {
  const categories = [...new Set(values)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const index = new Map(categories.map((c, i) => [c, i]));
  return { kind: 'categorical', categories, codes: Int32Array.from(values, (v) => index.get(v)!) };
}

function features(run: SyntheticRun, kind: SyntheticMatrixKind): { X: Matrix; varNames: string[] } {
  if (kind === 'genes') return { X: run.X, varNames: run.varNames };
  const source = kind === 'motifs' ? run.motifs : run.regulons;
  if (!source) throw new RangeError(`this ${run.assay} run has no ${kind} matrix`);
  return { X: source.matrix, varNames: source.names };
}

export async function writeSyntheticH5ad(
  run: SyntheticRun,
  path: string,
  kind: SyntheticMatrixKind = 'genes',
): Promise<void> {
  const obs: Record<string, WritableColumn> = {
    clusters: categorical(run.clusters),
    [run.qcNames[0]]: { kind: 'numeric', values: Float64Array.from(run.qc[0]) },
    [run.qcNames[1]]: { kind: 'numeric', values: Float64Array.from(run.qc[1]) },
  };
  if (run.cellTypes) obs.cell_type = categorical(run.cellTypes);
  const n = run.obsNames.length;
  await writeH5ad(path, {
    ...features(run, kind),
    obsNames: run.obsNames,
    obs,
    obsm: {
      spatial: { nRows: n, nCols: 2, data: run.spatial },
      X_umap: { nRows: n, nCols: 2, data: Float64Array.from(run.umap) },
    },
  });
}

/**
 * motifs.csv in the layout the seq_logo task reads (src/motifs/motifs-csv.ts): a header `motif,base,1,…,L` for the
 * longest motif, then four rows per motif, A, C, G, T, with the base frequency at each position; a shorter motif
 * leaves its trailing cells empty.
 */
export function formatMotifsCsv(pfms: readonly Pfm[]): string {
  const width = Math.max(0, ...pfms.map((p) => p.rows[0].length));
  const lines = [csvRow(['motif', 'base', ...Array.from({ length: width }, (_, p) => p + 1)])];
  for (const pfm of pfms) {
    pfm.rows.forEach((row, b) =>
      lines.push(csvRow([pfm.name, 'ACGT'[b], ...row, ...new Array<string>(width - row.length).fill('')])),
    );
  }
  return `${lines.join('\n')}\n`;
}
