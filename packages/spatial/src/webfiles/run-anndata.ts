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

/**
 * What an export holds, each part already cut to the exported observations and in their order: a selection's rows
 * are read alone (the matrix from the run's `.sel`, the table and names from their lines), so a 1,000-cell export of
 * a 5M-cell run never holds the run's.
 */
export interface RunAnnDataInput {
  /** The exported observations × features. */
  matrix: Matrix;
  featureNames: readonly string[];
  /** The exported observations' names; null for web files built before barcodes were kept (then their index). */
  barcodes: readonly string[] | null;
  /** The exported observations' rows of data.csv. */
  table: DataCsv;
  /** Shared annotations of the run (tixels of the run): each becomes an obs column, its name on its tixels. */
  annotations: readonly { name: string; tixels: readonly number[] }[];
  /** The run's tixel index of each exported observation, ascending and unique; null when the run is exported whole. */
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

/** Interleaved x, y pairs as an n × 2 array; null when the run has none (all NaN). */
function pairs(values: Float64Array | Float32Array): DenseArray | null {
  const data = Float64Array.from(values);
  const n = data.length / 2;
  for (let i = 0; i < n; i++) if (!Number.isNaN(data[2 * i]!)) return { nRows: n, nCols: 2, data };
  return null;
}

/** Rows (ascending, unique) of a run's matrix as CSR: a selection of a run without a selection index. */
export function matrixRows(matrix: Matrix, rows: Int32Array): Matrix {
  return matrix.kind === 'csc' ? cscRowsToCsr(matrix, rows) : selectRows(matrix, rows);
}

/** The run's tixel index of each exported observation. */
const indexOf = (rows: Int32Array | null, i: number) => (rows ? rows[i]! : i);

/** Which exported observations are on an annotation's tixels: 1 at their place in the export. */
function insideOf(tixels: readonly number[], rows: Int32Array | null, n: number): Uint8Array {
  const onRun = new Uint8Array(n === 0 ? 0 : indexOf(rows, n - 1) + 1);
  for (const t of tixels) if (t < onRun.length) onRun[t] = 1;
  return rows ? Uint8Array.from(rows, (r) => onRun[r]!) : onRun;
}

export function runAnnData(input: RunAnnDataInput): H5adWriteInput {
  const { table, rows } = input;
  const n = table.clusters.length;
  const barcodes = input.barcodes ?? Array.from({ length: n }, (_, i) => String(indexOf(rows, i)));

  const obs: Record<string, WritableColumn> = { cluster: categoricalOf(table.clusters) };
  if (table.cellTypes) obs.cell_type = categoricalOf(table.cellTypes);
  if (table.sample) obs.sample = categoricalOf(table.sample);
  if (table.condition) obs.condition = categoricalOf(table.condition);
  for (const annotation of input.annotations) {
    const inside = insideOf(annotation.tixels, rows, n);
    obs[annotationColumn(annotation.name)] = categoricalOf(Array.from(inside, (v) => (v ? annotation.name : null)));
  }

  const obsm: Record<string, DenseArray> = {};
  const spatial = pairs(table.spatial);
  if (spatial) obsm.spatial = spatial;
  const umap = pairs(table.umap);
  if (umap) obsm.X_umap = umap;
  // Legacy categoricals: the one layout every anndata reads, Debian's 0.8 included (see H5adWriteInput).
  const X = toCsr(input.matrix);
  return { X, obsNames: [...barcodes], varNames: input.featureNames, obs, obsm, categoricals: 'legacy' };
}

/** The exported observations as CSV: index (the explorer's tixel index), barcode, cluster. */
export function barcodesCsv(input: Pick<RunAnnDataInput, 'barcodes' | 'table' | 'rows'>): string {
  const quote = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const lines = ['index,barcode,cluster'];
  input.table.clusters.forEach((cluster, i) => {
    const r = indexOf(input.rows, i);
    lines.push(`${r},${quote(input.barcodes?.[i] ?? String(r))},${quote(cluster)}`);
  });
  return `${lines.join('\n')}\n`;
}
