/**
 * A run's web files as an AnnData (issue 34: a selection, an annotation or a whole run in a notebook): X the
 * explorer's gene matrix as CSR, obs indexed by barcode with the clusters, cell types, samples and each shared
 * annotation as categoricals, obsm `spatial` and `X_umap`, var indexed by feature name. What a scientist continues
 * with in scanpy: `sc.pl.umap(adata, color='cluster')`, `sc.pl.spatial(adata, basis='spatial', …)`.
 */
import { selectRows, toCsr } from '../matrix/ops.js';
import type { CscMatrix, Matrix } from '../matrix/types.js';
import type { DenseArray } from '../io/h5ad-reader.js';
import type { H5adWriteInput, WritableColumn } from '../io/h5ad-writer.js';
import type { DataCsv } from './data-csv.js';

export interface RunAnnDataInput {
  /**
   * Observations × features: the run's, as its `.csc` web file holds it; or, with `matrixHolds: 'rows'`, the
   * exported rows' alone, in `rows` order (read from the run's `.sel` without the rest of the run).
   */
  matrix: Matrix;
  matrixHolds?: 'run' | 'rows';
  featureNames: readonly string[];
  /** The run's observation names; null for web files built before barcodes were kept (then `0`, `1`, …). */
  barcodes: readonly string[] | null;
  table: DataCsv;
  /** Shared annotations of the run: each becomes an obs column, its name on its tixels and missing elsewhere. */
  annotations: readonly { name: string; tixels: readonly number[] }[];
  /** The observations exported, ascending and unique; null for all of them. */
  rows: Int32Array | null;
}

/** `C2` before `C10`: categories in the order a person reads them. */
const naturalOrder = new Intl.Collator('en', { numeric: true }).compare;

/** A string column as a pandas categorical: sorted categories, int codes, -1 for a missing value (null). */
export function categoricalOf(values: readonly (string | null)[]): WritableColumn {
  const categories = [...new Set(values.filter((v): v is string => v !== null))].sort(naturalOrder);
  const code = new Map(categories.map((c, i) => [c, i]));
  return { kind: 'categorical', categories, codes: Int32Array.from(values, (v) => (v === null ? -1 : code.get(v)!)) };
}

/** Observation columns of an obs name: HDF5 names cannot hold '/', and a name may not shadow a run column. */
export const annotationColumn = (name: string) => `annotation_${name.replaceAll('/', '_')}`;

/** How many non-zero values X will hold: the whole matrix's, or the selected rows' (counted, nothing copied). */
export function exportedValueCount(matrix: Matrix, rows: Int32Array | null): number {
  if (matrix.kind === 'dense') {
    let n = 0;
    const pick = rows ?? Int32Array.from({ length: matrix.nRows }, (_, i) => i);
    for (const r of pick) for (let c = 0; c < matrix.nCols; c++) if (matrix.data[r * matrix.nCols + c] !== 0) n++;
    return n;
  }
  if (!rows) return matrix.indices.length;
  if (matrix.kind === 'csr') {
    let n = 0;
    for (const r of rows) n += matrix.indptr[r + 1]! - matrix.indptr[r]!;
    return n;
  }
  const picked = new Uint8Array(matrix.nRows);
  for (const r of rows) picked[r] = 1;
  let n = 0;
  for (let k = 0; k < matrix.indices.length; k++) n += picked[matrix.indices[k]!]!;
  return n;
}

/** Rows of a CSC matrix as CSR without making the whole matrix's CSR first (a selection of a large run). */
function cscRowsToCsr(m: CscMatrix, rows: Int32Array): Matrix {
  const position = new Int32Array(m.nRows).fill(-1);
  rows.forEach((r, i) => (position[r] = i));
  const counts = new Float64Array(rows.length + 1);
  for (let k = 0; k < m.indices.length; k++) {
    const at = position[m.indices[k]!]!;
    if (at >= 0) counts[at + 1]!++;
  }
  for (let i = 0; i < rows.length; i++) counts[i + 1]! += counts[i]!;
  const indices = new Int32Array(counts[rows.length]!);
  const data = new Float32Array(indices.length);
  const next = Float64Array.from(counts.subarray(0, rows.length));
  for (let c = 0; c < m.nCols; c++) {
    for (let k = m.indptr[c]!, end = m.indptr[c + 1]!; k < end; k++) {
      const at = position[m.indices[k]!]!;
      if (at < 0) continue;
      const out = next[at]!++;
      indices[out] = c;
      data[out] = m.data[k]!;
    }
  }
  return { kind: 'csr', nRows: rows.length, nCols: m.nCols, indptr: counts, indices, data };
}

/** Interleaved x, y pairs of the exported rows as an n × 2 array; null when the run has none (all NaN). */
function pairs(values: ArrayLike<number>, rows: Int32Array | null, n: number): DenseArray | null {
  const data = new Float64Array(2 * n);
  let any = false;
  for (let i = 0; i < n; i++) {
    const r = rows ? rows[i]! : i;
    data[2 * i] = values[2 * r]!;
    data[2 * i + 1] = values[2 * r + 1]!;
    any ||= !Number.isNaN(data[2 * i]!);
  }
  return any ? { nRows: n, nCols: 2, data } : null;
}

/** X of the export as CSR: the whole run's, the exported rows of the run's, or the rows read alone as they are. */
function exportedRows(matrix: Matrix, rows: Int32Array | null, holds: 'run' | 'rows'): Matrix {
  if (!rows || holds === 'rows') return toCsr(matrix);
  return matrix.kind === 'csc' ? cscRowsToCsr(matrix, rows) : selectRows(matrix, rows);
}

export function runAnnData(input: RunAnnDataInput): H5adWriteInput {
  const { matrix, table, rows } = input;
  const nRun = table.clusters.length;
  const n = rows ? rows.length : nRun;
  const pick = <T>(values: readonly T[]): T[] => (rows ? Array.from(rows, (r) => values[r]!) : [...values]);
  const X = exportedRows(matrix, rows, input.matrixHolds ?? 'run');
  const barcodes = input.barcodes ?? Array.from({ length: nRun }, (_, i) => String(i));

  const obs: Record<string, WritableColumn> = { cluster: categoricalOf(pick(table.clusters)) };
  if (table.cellTypes) obs.cell_type = categoricalOf(pick(table.cellTypes));
  if (table.sample) obs.sample = categoricalOf(pick(table.sample));
  if (table.condition) obs.condition = categoricalOf(pick(table.condition));
  for (const annotation of input.annotations) {
    const inside = new Uint8Array(nRun);
    for (const t of annotation.tixels) inside[t] = 1;
    const values = Array.from({ length: n }, (_, i) => (inside[rows ? rows[i]! : i] ? annotation.name : null));
    obs[annotationColumn(annotation.name)] = categoricalOf(values);
  }

  const obsm: Record<string, DenseArray> = {};
  const spatial = pairs(table.spatial, rows, n);
  if (spatial) obsm.spatial = spatial;
  const umap = pairs(table.umap, rows, n);
  if (umap) obsm.X_umap = umap;
  // Legacy categoricals: the one layout every anndata reads, Debian's 0.8 included (see H5adWriteInput).
  return { X, obsNames: pick(barcodes), varNames: input.featureNames, obs, obsm, categoricals: 'legacy' };
}

/** The exported observations as CSV: index (the explorer's tixel index), barcode, cluster. */
export function barcodesCsv(input: Pick<RunAnnDataInput, 'barcodes' | 'table' | 'rows'>): string {
  const n = input.rows ? input.rows.length : input.table.clusters.length;
  const quote = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const lines = ['index,barcode,cluster'];
  for (let i = 0; i < n; i++) {
    const r = input.rows ? input.rows[i]! : i;
    lines.push(`${r},${quote(input.barcodes?.[r] ?? String(r))},${quote(input.table.clusters[r]!)}`);
  }
  return `${lines.join('\n')}\n`;
}
