/**
 * AnnData `.h5ad` reader (any HDF5 file in AnnData layout, whatever its extension): X dense, CSR or CSC; raw;
 * obs/var dataframes in the current and legacy layouts (see h5ad-dataframe.ts); numeric obsm arrays, including
 * the compound obsm of anndata < 0.7; the names of the uns entries. Shapes are cross-checked: a file whose X,
 * names, columns or embeddings disagree is rejected with a SpatialFormatError rather than half-imported.
 */
import type { TImportLimits } from '@atlas/contracts/genes/import-limits';
import type { Matrix } from '../matrix/types.js';
import { SpatialFormatError } from './errors.js';
import { readDataFrame, type DataFrame, type FrameContext, type ObsColumn } from './h5ad-dataframe.js';
import { matrixElement, type MatrixLayout } from './h5ad-matrix.js';
import {
  asFloat64,
  budgetOf,
  child,
  isCompoundType,
  isDataset,
  isGroup,
  readValue,
  withHdf5,
  type Entity,
  type H5File,
} from './hdf5.js';

export type { ObsColumn };

/** A row-major nRows × nCols array, one row per observation. */
export interface DenseArray {
  nRows: number;
  nCols: number;
  data: Float64Array;
}

export interface ReadH5adOptions {
  /** false: read everything but the values of X and raw/X (their layout and shape are still checked). */
  matrix?: boolean;
  /** Which obsm entries to read: all (default), none, or the listed ones that exist. */
  obsm?: boolean | readonly string[];
  /** Name used in error messages when the source is bytes. */
  name?: string;
  /**
   * An import's limits (issue 33): X's declared shape, the obs and var names' declared counts, and every dataset
   * read are checked against them before anything is read.
   */
  limits?: TImportLimits;
}

export interface H5adSummary {
  nObs: number;
  nVars: number;
  xLayout: MatrixLayout;
  obsNames: string[];
  varNames: string[];
  obs: Record<string, ObsColumn>;
  var: Record<string, ObsColumn>;
  obsm: Record<string, DenseArray>;
  /** Top-level keys of uns. */
  uns: string[];
  raw?: { layout: MatrixLayout; varNames: string[] };
  /** Parts of the file that were skipped (unsupported encodings), for the importer to show. */
  warnings: string[];
}

export interface H5adData extends H5adSummary {
  X: Matrix;
  raw?: { layout: MatrixLayout; varNames: string[]; X: Matrix };
  /**
   * Only `layers/counts` is read (the conventional place of raw counts when X is normalised): the analysis and the
   * QC columns need counts; other layers would cost memory for nothing.
   */
  layers?: { counts?: Matrix };
}

export function readH5ad(
  source: string | Uint8Array,
  options: ReadH5adOptions & { matrix: false },
): Promise<H5adSummary>;
export function readH5ad(source: string | Uint8Array, options?: ReadH5adOptions & { matrix?: true }): Promise<H5adData>;
export function readH5ad(source: string | Uint8Array, options: ReadH5adOptions): Promise<H5adSummary>;
export function readH5ad(source: string | Uint8Array, options: ReadH5adOptions = {}): Promise<H5adSummary | H5adData> {
  return withHdf5(source, options.name, (file, name) => readFile(file, name, options), options.limits);
}

function readFile(file: H5File, name: string, options: ReadH5adOptions): H5adSummary | H5adData {
  const warnings: string[] = [];
  const fail = (problem: string): never => {
    throw new SpatialFormatError(name, problem);
  };
  const xEntity = child(file, 'X') ?? fail('no X matrix (not an AnnData file?)');
  const x = matrixElement(xEntity, 'X', name);
  budgetOf(file)?.checkShape('X', x.nRows, x.nCols);
  const unsEntity = child(file, 'uns');
  const uns = isGroup(unsEntity) ? unsEntity : undefined;
  const context: FrameContext = { file: name, uns, warnings };
  const obsMismatch = (n: number) => `X has ${x.nRows} rows but obs has ${n} names`;
  const varMismatch = (n: number) => `X has ${x.nCols} columns but var has ${n} names`;
  // The names' declared counts are checked before they are read: 1e8 names cost gigabytes.
  const frame = (key: string, rows: number, mismatch: (n: number) => string): DataFrame =>
    readDataFrame(child(file, key) ?? fail(`no ${key} dataframe`), key, context, { rows, mismatch });
  const obs = frame('obs', x.nRows, obsMismatch);
  const vars = frame('var', x.nCols, varMismatch);
  if (obs.index.length !== x.nRows) fail(obsMismatch(obs.index.length));
  if (vars.index.length !== x.nCols) fail(varMismatch(vars.index.length));

  const summary: Omit<H5adSummary, 'raw'> = {
    nObs: x.nRows,
    nVars: x.nCols,
    xLayout: x.layout,
    obsNames: obs.index,
    varNames: vars.index,
    obs: obs.columns,
    var: vars.columns,
    obsm: readObsm(child(file, 'obsm'), x.nRows, options.obsm ?? true, name, warnings),
    uns: uns?.keys() ?? [],
    warnings,
  };
  const raw = readRawParts(file, name, context);
  if (raw && raw.x.nRows !== x.nRows) fail(`raw/X has ${raw.x.nRows} rows but X has ${x.nRows}`);
  if (options.matrix === false) {
    return raw ? { ...summary, raw: { layout: raw.x.layout, varNames: raw.varNames } } : summary;
  }
  const data: H5adData = { ...summary, X: x.read() };
  if (raw) data.raw = { layout: raw.x.layout, varNames: raw.varNames, X: raw.x.read() };
  const layers = child(file, 'layers');
  const countsEntity = isGroup(layers) ? child(layers, 'counts') : undefined;
  if (countsEntity) {
    const counts = matrixElement(countsEntity, 'layers/counts', name);
    if (counts.nRows !== x.nRows || counts.nCols !== x.nCols)
      fail(`layers/counts is ${counts.nRows} × ${counts.nCols} but X is ${x.nRows} × ${x.nCols}`);
    data.layers = { counts: counts.read() };
  }
  return data;
}

/** raw/X + raw/var (anndata ≥ 0.7) or the top-level `raw.X` + `raw.var` of anndata 0.6. */
function readRawParts(file: H5File, name: string, context: FrameContext) {
  const rawGroup = child(file, 'raw');
  const [xEntity, varEntity, prefix] = isGroup(rawGroup)
    ? [child(rawGroup, 'X'), child(rawGroup, 'var'), 'raw/']
    : [child(file, 'raw.X'), child(file, 'raw.var'), 'raw.'];
  if (!xEntity) return undefined;
  const x = matrixElement(xEntity, `${prefix}X`, name);
  if (!varEntity) throw new SpatialFormatError(name, `${prefix}X exists but ${prefix}var does not`);
  const mismatch = (n: number) => `${prefix}X has ${x.nCols} columns but ${prefix}var has ${n} names`;
  const varNames = readDataFrame(varEntity, `${prefix}var`, context, { rows: x.nCols, mismatch }).index;
  if (varNames.length !== x.nCols) throw new SpatialFormatError(name, mismatch(varNames.length));
  return { x, varNames };
}

function readObsm(
  entity: Entity | undefined,
  nObs: number,
  which: boolean | readonly string[],
  file: string,
  warnings: string[],
): Record<string, DenseArray> {
  const out: Record<string, DenseArray> = {};
  if (!entity || which === false) return out;
  const wanted = (key: string) => which === true || which.includes(key);
  const add = (key: string, array: DenseArray) => {
    if (array.nRows !== nObs)
      throw new SpatialFormatError(file, `obsm/${key} has ${array.nRows} rows but X has ${nObs}`);
    out[key] = array;
  };
  if (isGroup(entity)) {
    for (const key of entity.keys().filter(wanted)) {
      const ds = child(entity, key);
      const shape = isDataset(ds) ? (ds.shape ?? []) : [];
      // Declared rows first: values are read only for an embedding of the observations.
      if ((shape.length === 1 || shape.length === 2) && shape[0] !== nObs)
        throw new SpatialFormatError(file, `obsm/${key} has ${shape[0]} rows but X has ${nObs}`);
      const values =
        isDataset(ds) && (shape.length === 1 || shape.length === 2)
          ? asFloat64(readValue(ds, `obsm/${key}`))
          : undefined;
      if (!values) {
        warnings.push(`obsm/${key}: skipped (not a numeric 1-D or 2-D array)`);
        continue;
      }
      add(key, { nRows: shape[0]!, nCols: shape[1] ?? 1, data: values });
    }
  } else if (isDataset(entity) && isCompoundType(entity.metadata)) {
    // anndata < 0.7: one compound row per observation, one (array) member per embedding.
    const rows = readValue(entity, 'obsm') as unknown[][];
    entity.metadata.compound_type!.members.forEach((member, at) => {
      if (!wanted(member.name)) return;
      const cells = rows.map((r) => [r[at]].flat(3));
      const nCols = cells[0]?.length ?? 1;
      if (cells.some((c) => c.length !== nCols || !c.every((v) => typeof v === 'number' || typeof v === 'bigint'))) {
        warnings.push(`obsm/${member.name}: skipped (not a numeric array member)`);
        return;
      }
      const data = new Float64Array(rows.length * nCols);
      cells.forEach((c, i) => data.set(c.map(Number), i * nCols));
      add(member.name, { nRows: rows.length, nCols, data });
    });
  }
  return out;
}
