/**
 * Writes a real AnnData file in the current on-disk encoding (anndata ≥ 0.8): X as a csr_matrix group
 * (indptr int64, indices int32, data float32, gzip-chunked), obs/var dataframes with `_index` and
 * `column-order`, categoricals as {codes, categories} groups, obsm arrays, layers as csr_matrix groups, an optional
 * raw group (X + var + varm), empty uns/obsp/varm/varp.
 *
 * Dtypes go through h5wasm struct codes: '<q' int64, '<i' int32, '<h' int16, '<b' int8, '<f' float32,
 * '<d' float64 ('<i8' would silently mean int32, see STACK.md §3). h5wasm cannot create HDF5 enum types, so
 * numpy-style bool columns cannot be written; pass such a column as numeric 0/1 or as a categorical.
 *
 * The file is written beside the target under a temporary name and renamed at the end, so a failed write
 * never leaves a half-written .h5ad where a reader would find it.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import h5wasm, { type Group } from 'h5wasm/node';
import { toCsr } from '../matrix/ops.js';
import type { Matrix } from '../matrix/types.js';
import type { DenseArray, ObsColumn } from './h5ad-reader.js';
import { openFile } from './hdf5.js';

export type WritableColumn = Exclude<ObsColumn, { kind: 'bool' }>;

export interface H5adWriteInput {
  X: Matrix;
  obsNames: readonly string[];
  varNames: readonly string[];
  obs?: Record<string, WritableColumn>;
  var?: Record<string, WritableColumn>;
  obsm?: Record<string, DenseArray>;
  /** Matrices of X's shape, e.g. `counts` beside a log-normalised X (written CSR like X). */
  layers?: Record<string, Matrix>;
  /** raw (anndata's `adata.raw`): the unfiltered or unscaled matrix with its own var names, same rows as X. */
  raw?: { X: Matrix; varNames: readonly string[] };
  /**
   * 'legacy': obs and var as anndata's dataframe 0.1.0, categoricals as codes whose `categories` attribute names a
   * dataset under `__categories`. Every anndata reads it; Debian's anndata 0.8 with its newer pandas cannot read the
   * 0.2.0 categorical group, whose `ordered` attribute must be a numpy bool (an HDF5 enum h5wasm cannot make).
   */
  categoricals?: 'groups' | 'legacy';
  /** uns entries as flat groups of scalars (a cell platform's run metadata), written as anndata 0-d values. */
  uns?: Record<string, Record<string, string | number>>;
}

const CHUNK = 1 << 16;

/** anndata's encoding attributes of a group or dataset. */
export function setEncoding(target: Pick<Group, 'create_attribute'>, type: string, version: string): void {
  target.create_attribute('encoding-type', type);
  target.create_attribute('encoding-version', version);
}

/** A 1-D array dataset; large ones are chunked and gzip-compressed like anndata's defaults for X. */
function writeArray(parent: Group, name: string, data: Float32Array | Int32Array | BigInt64Array, dtype: string): void {
  const compress = data.length > 0 ? { chunks: [Math.min(data.length, CHUNK)], compression: 'gzip' as const } : {};
  parent.create_dataset({ name, data, shape: [data.length], dtype, ...compress });
}

function writeStrings(parent: Group, name: string, values: readonly string[]): void {
  const ds = parent.create_dataset({ name, data: [...values], shape: [values.length], dtype: 'S' });
  setEncoding(ds, 'string-array', '0.2.0');
}

/** Smallest signed integer type for the number of categories (−1 = missing), as pandas chooses it. */
function codes(values: Int32Array, categories: number): { data: Int8Array | Int16Array | Int32Array; dtype: string } {
  if (categories <= 127) return { data: Int8Array.from(values), dtype: '<b' };
  if (categories <= 32767) return { data: Int16Array.from(values), dtype: '<h' };
  return { data: values, dtype: '<i' };
}

/** A categorical as anndata < 0.7 wrote it: codes, and their categories in `__categories/{name}` beside them. */
function writeLegacyCategorical(parent: Group, name: string, column: Extract<WritableColumn, { kind: 'categorical' }>) {
  const { data, dtype } = codes(column.codes, column.categories.length);
  const ds = parent.create_dataset({ name, data, shape: [data.length], dtype });
  ds.create_attribute('categories', `__categories/${name}`);
  const holder = (parent.get('__categories') as Group | null) ?? parent.create_group('__categories');
  writeStrings(holder, name, column.categories);
}

function writeColumn(parent: Group, name: string, column: WritableColumn, legacy = false): void {
  if (legacy && column.kind === 'categorical') return writeLegacyCategorical(parent, name, column);
  switch (column.kind) {
    case 'numeric': {
      const ds = parent.create_dataset({ name, data: column.values, shape: [column.values.length], dtype: '<d' });
      setEncoding(ds, 'array', '0.2.0');
      return;
    }
    case 'string':
      writeStrings(parent, name, column.values);
      return;
    case 'categorical': {
      const group = parent.create_group(name);
      setEncoding(group, 'categorical', '0.2.0');
      group.create_attribute('ordered', 0, null, '<b');
      const { data, dtype } = codes(column.codes, column.categories.length);
      const ds = group.create_dataset({ name: 'codes', data, shape: [data.length], dtype });
      setEncoding(ds, 'array', '0.2.0');
      writeStrings(group, 'categories', column.categories);
      return;
    }
  }
}

/** An obs/var dataframe group: `_index`, `column-order` and one element per column. */
export function writeDataFrame(
  parent: Group,
  name: string,
  index: readonly string[],
  columns: Record<string, WritableColumn>,
  layout: 'groups' | 'legacy' = 'groups',
): void {
  const group = parent.create_group(name);
  setEncoding(group, 'dataframe', layout === 'legacy' ? '0.1.0' : '0.2.0');
  group.create_attribute('_index', '_index');
  const order = Object.keys(columns);
  // anndata writes an empty column-order as an empty float64 array (an empty string array has no dtype).
  if (order.length > 0) group.create_attribute('column-order', order);
  else group.create_attribute('column-order', new Float64Array(0), [0], '<d');
  writeStrings(group, '_index', index);
  for (const [column, values] of Object.entries(columns)) writeColumn(group, column, values, layout === 'legacy');
}

function columnLength(column: WritableColumn): number {
  return column.kind === 'categorical' ? column.codes.length : column.values.length;
}

/** Input mistakes are the caller's, so they are plain RangeErrors, raised before anything is written. */
function validate(adata: H5adWriteInput): void {
  const { X } = adata;
  if (adata.obsNames.length !== X.nRows)
    throw new RangeError(`X has ${X.nRows} rows but ${adata.obsNames.length} obs names`);
  if (adata.varNames.length !== X.nCols)
    throw new RangeError(`X has ${X.nCols} columns but ${adata.varNames.length} var names`);
  const frames = [
    ['obs', adata.obs ?? {}, X.nRows],
    ['var', adata.var ?? {}, X.nCols],
  ] as const;
  for (const [frame, columns, rows] of frames) {
    for (const [name, column] of Object.entries(columns)) {
      if (name === '_index' || name.includes('/') || name === '')
        throw new RangeError(`${frame} column name '${name}' is not allowed`);
      if (columnLength(column) !== rows)
        throw new RangeError(`${frame}.${name} has ${columnLength(column)} values, expected ${rows}`);
      if (column.kind === 'categorical' && column.codes.some((c) => c < -1 || c >= column.categories.length)) {
        throw new RangeError(`${frame}.${name} has a code outside −1..${column.categories.length - 1}`);
      }
    }
  }
  for (const [name, layer] of Object.entries(adata.layers ?? {})) {
    if (layer.nRows !== X.nRows || layer.nCols !== X.nCols)
      throw new RangeError(`layers.${name} is ${layer.nRows} × ${layer.nCols}; X is ${X.nRows} × ${X.nCols}`);
  }
  if (adata.raw) {
    if (adata.raw.X.nRows !== X.nRows) throw new RangeError(`raw.X has ${adata.raw.X.nRows} rows but X has ${X.nRows}`);
    if (adata.raw.varNames.length !== adata.raw.X.nCols)
      throw new RangeError(`raw.X has ${adata.raw.X.nCols} columns but ${adata.raw.varNames.length} raw var names`);
  }
  for (const [name, array] of Object.entries(adata.obsm ?? {})) {
    if (array.nRows !== X.nRows || array.data.length !== array.nRows * array.nCols) {
      throw new RangeError(
        `obsm.${name} is ${array.nRows} × ${array.nCols} with ${array.data.length} values; X has ${X.nRows} rows`,
      );
    }
  }
}

export async function writeH5ad(target: string, adata: H5adWriteInput): Promise<void> {
  validate(adata);
  await writeHdf5Atomically(target, (file) => writeContents(file, adata));
}

/**
 * Creates `target` through a temporary file beside it, renamed when `write` returns: a failed write never leaves a
 * half-written file where a reader would find it.
 */
export async function writeHdf5Atomically(target: string, write: (file: Group) => void): Promise<void> {
  await h5wasm.ready;
  const finalPath = path.resolve(target);
  // Checked here because HDF5 would fail with a page of diagnostics on stderr instead.
  if (!fs.statSync(path.dirname(finalPath), { throwIfNoEntry: false })?.isDirectory()) {
    throw new Error(`${finalPath}: its folder does not exist`);
  }
  const partial = `${finalPath}.${randomUUID()}.partial`;
  let renamed = false;
  try {
    const file = openFile(partial, 'w');
    if (!file) throw new Error(`${finalPath}: cannot create the file (is its folder writable?)`);
    try {
      write(file);
    } finally {
      file.close();
    }
    fs.renameSync(partial, finalPath);
    renamed = true;
  } finally {
    if (!renamed) fs.rmSync(partial, { force: true });
  }
}

function writeContents(file: Group, adata: H5adWriteInput): void {
  writeCsr(file, 'X', adata.X);
  if (adata.raw) {
    const raw = file.create_group('raw');
    setEncoding(raw, 'raw', '0.1.0');
    writeCsr(raw, 'X', adata.raw.X);
    writeDataFrame(raw, 'var', adata.raw.varNames, {});
    setEncoding(raw.create_group('varm'), 'dict', '0.1.0');
  }
  writeAnnDataParts(file, adata);
}

/** Everything of an AnnData file but X and raw: the root's encoding, obs, var, obsm, layers and empty dicts. */
export function writeAnnDataParts(file: Group, adata: Omit<H5adWriteInput, 'X' | 'raw'>): void {
  setEncoding(file, 'anndata', '0.1.0');
  writeDataFrame(file, 'obs', adata.obsNames, adata.obs ?? {}, adata.categoricals);
  writeDataFrame(file, 'var', adata.varNames, adata.var ?? {}, adata.categoricals);
  const obsm = file.create_group('obsm');
  setEncoding(obsm, 'dict', '0.1.0');
  for (const [name, array] of Object.entries(adata.obsm ?? {})) {
    const ds = obsm.create_dataset({ name, data: array.data, shape: [array.nRows, array.nCols], dtype: '<d' });
    setEncoding(ds, 'array', '0.2.0');
  }
  const layers = file.create_group('layers');
  setEncoding(layers, 'dict', '0.1.0');
  for (const [name, layer] of Object.entries(adata.layers ?? {})) writeCsr(layers, name, layer);
  const uns = file.create_group('uns');
  setEncoding(uns, 'dict', '0.1.0');
  for (const [name, entries] of Object.entries(adata.uns ?? {})) {
    const group = uns.create_group(name);
    setEncoding(group, 'dict', '0.1.0');
    for (const [key, value] of Object.entries(entries)) {
      const text = typeof value === 'string';
      const ds = group.create_dataset({ name: key, data: value, ...(text ? {} : { dtype: '<d' }) });
      setEncoding(ds, text ? 'string' : 'numeric-scalar', '0.2.0');
    }
  }
  for (const name of ['obsp', 'varm', 'varp']) setEncoding(file.create_group(name), 'dict', '0.1.0');
}

function writeCsr(parent: Group, name: string, matrix: Matrix): void {
  const m = toCsr(matrix);
  const group = parent.create_group(name);
  setEncoding(group, 'csr_matrix', '0.1.0');
  group.create_attribute('shape', BigInt64Array.of(BigInt(m.nRows), BigInt(m.nCols)), [2], '<q');
  writeArray(group, 'data', m.data, '<f');
  // A `.sel` index's 16-bit features are written as the int32 AnnData expects.
  writeArray(group, 'indices', m.indices instanceof Int32Array ? m.indices : Int32Array.from(m.indices), '<i');
  writeArray(
    group,
    'indptr',
    BigInt64Array.from(m.indptr, (v) => BigInt(v)),
    '<q',
  );
}
