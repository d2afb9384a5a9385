/**
 * An AnnData file whose X (csr_matrix) is written row by row, for matrices too large to hold twice in memory (a
 * Visium HD run: 500k bins × 18k genes, 75M non-zeros). Rows are gathered into blocks of BLOCK_VALUES values and
 * appended to extendible, gzip-chunked `data`/`indices` datasets; memory stays at one block whatever the run's
 * size. The rest of the file (obs, var, obsm) is asked for after the last row, so columns computed while the rows
 * were drawn (QC) can be written too. Same encoding and atomic rename as `writeH5ad`.
 */
import type { Dataset, Group } from 'h5wasm/node';
import { setEncoding, writeAnnDataParts, writeHdf5Atomically, type H5adWriteInput } from './h5ad-writer.js';

/** One row's non-zeros: ascending column indices and their values. */
export interface SparseRow {
  indices: Int32Array;
  data: Float32Array;
}

/** Values per appended block: 4M values = 16 MB per array, large enough that the per-write cost vanishes. */
const BLOCK_VALUES = 1 << 22;
/** HDF5 chunk of the value arrays (anndata writes X with chunks of this order). */
const CHUNK = 1 << 16;

export interface H5adRowsInput {
  nCols: number;
  rows: Iterable<SparseRow>;
  /** gzip level of X (1 is several times faster to write than the default 4, ~10% larger). */
  gzipLevel?: number;
  /** Values per appended block (default 4M); small values let tests cross block boundaries. */
  blockValues?: number;
  /** Everything but X, asked for after the last row. */
  parts: () => Omit<H5adWriteInput, 'X' | 'raw'>;
}

/** Writes the file; answers the number of rows and stored values written. */
export async function writeH5adRows(target: string, input: H5adRowsInput): Promise<{ nRows: number; nnz: number }> {
  let written = { nRows: 0, nnz: 0 };
  await writeHdf5Atomically(target, (file) => {
    written = writeCsrRows(file, 'X', input);
    const parts = input.parts();
    if (parts.obsNames.length !== written.nRows)
      throw new RangeError(`X has ${written.nRows} rows but ${parts.obsNames.length} obs names`);
    if (parts.varNames.length !== input.nCols)
      throw new RangeError(`X has ${input.nCols} columns but ${parts.varNames.length} var names`);
    writeAnnDataParts(file, parts);
  });
  return written;
}

function extendible(parent: Group, name: string, dtype: string, level: number, data: Int32Array | Float32Array) {
  return parent.create_dataset({
    name,
    data,
    shape: [0],
    maxshape: [null],
    chunks: [CHUNK],
    compression: 'gzip',
    compression_opts: level,
    dtype,
  });
}

function append(ds: Dataset, at: number, values: Int32Array | Float32Array): void {
  if (values.length === 0) return;
  ds.resize([at + values.length]);
  ds.write_slice([[at, at + values.length]], values);
}

function writeCsrRows(parent: Group, name: string, input: H5adRowsInput): { nRows: number; nnz: number } {
  const group = parent.create_group(name);
  setEncoding(group, 'csr_matrix', '0.1.0');
  const level = input.gzipLevel ?? 4;
  const dataSet = extendible(group, 'data', '<f', level, new Float32Array(0));
  const indicesSet = extendible(group, 'indices', '<i', level, new Int32Array(0));
  const blockValues = input.blockValues ?? BLOCK_VALUES;
  const blockData = new Float32Array(blockValues);
  const blockIndices = new Int32Array(blockValues);
  let filled = 0;
  let nnz = 0;
  const flush = () => {
    append(dataSet, nnz, blockData.subarray(0, filled));
    append(indicesSet, nnz, blockIndices.subarray(0, filled));
    nnz += filled;
    filled = 0;
  };
  const indptr: number[] = [0];
  for (const row of input.rows) {
    const m = row.indices.length;
    if (row.data.length !== m)
      throw new RangeError(`row ${indptr.length - 1} has ${m} indices but ${row.data.length} values`);
    for (let q = 0; q < m; q++) {
      const c = row.indices[q]!;
      if (!(c >= 0 && c < input.nCols) || (q > 0 && c <= row.indices[q - 1]!))
        throw new RangeError(`row ${indptr.length - 1}: column indices must ascend within 0..${input.nCols - 1}`);
    }
    // A row longer than a block is written in pieces; blocks never need to hold whole rows.
    for (let from = 0; from < m;) {
      const take = Math.min(m - from, blockValues - filled);
      blockData.set(row.data.subarray(from, from + take), filled);
      blockIndices.set(row.indices.subarray(from, from + take), filled);
      filled += take;
      from += take;
      if (filled === blockValues) flush();
    }
    indptr.push(indptr[indptr.length - 1]! + m);
  }
  flush();
  const nRows = indptr.length - 1;
  group.create_attribute('shape', BigInt64Array.of(BigInt(nRows), BigInt(input.nCols)), [2], '<q');
  group.create_dataset({
    name: 'indptr',
    data: BigInt64Array.from(indptr, (v) => BigInt(v)),
    shape: [indptr.length],
    dtype: '<q',
    chunks: [Math.min(indptr.length, CHUNK)],
    compression: 'gzip',
  });
  return { nRows, nnz };
}
