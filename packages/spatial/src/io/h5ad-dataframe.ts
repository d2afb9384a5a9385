/**
 * AnnData dataframes (obs, var, raw/var) in every layout we meet in real files:
 * - current (anndata ≥ 0.8): a group with `_index`/`column-order` attributes, categoricals as groups
 *   {codes, categories}, nullable columns as groups {values, mask};
 * - anndata 0.6/0.7: the same group, but categorical codes are plain datasets whose categories live in
 *   `<frame>/__categories/<column>`;
 * - anndata < 0.7 (e.g. cellxgene's nan.h5ad): one compound dataset, one member per column, with the
 *   categories of column c in `uns/<c>_categories`.
 */
import { SpatialFormatError } from './errors.js';
import {
  asFloat64,
  asInt32,
  asStrings,
  attrString,
  attrValue,
  child,
  isBoolEnum,
  isCompoundType,
  isDataset,
  isGroup,
  isStringType,
  readInt32,
  readStrings,
  readValue,
  type Dataset,
  type Entity,
  type Group,
} from './hdf5.js';

export type ObsColumn =
  | { kind: 'categorical'; codes: Int32Array; categories: string[] }
  | { kind: 'numeric'; values: Float64Array }
  | { kind: 'string'; values: string[] }
  | { kind: 'bool'; values: Uint8Array };

export interface DataFrame {
  index: string[];
  columns: Record<string, ObsColumn>;
}

export interface FrameContext {
  file: string;
  /** `uns`, where anndata < 0.7 kept the categories of compound dataframes. */
  uns: Group | undefined;
  warnings: string[];
}

/** The index length a frame must have, and the message when its declaration says otherwise. */
export interface ExpectedRows {
  rows: number;
  mismatch: (names: number) => string;
}

export function readDataFrame(
  entity: Entity,
  where: string,
  context: FrameContext,
  expected?: ExpectedRows,
): DataFrame {
  if (isGroup(entity)) return readGroupFrame(entity, where, context, expected);
  if (isDataset(entity) && isCompoundType(entity.metadata)) return readCompoundFrame(entity, where, context);
  throw new SpatialFormatError(context.file, `${where} is neither a dataframe group nor a compound dataset`);
}

function readGroupFrame(group: Group, where: string, context: FrameContext, expected?: ExpectedRows): DataFrame {
  const keys = group.keys();
  const indexKey = attrString(group, '_index') ?? (keys.includes('_index') ? '_index' : 'index');
  const indexEntity = child(group, indexKey);
  if (!isDataset(indexEntity))
    throw new SpatialFormatError(context.file, `${where} has no index dataset '${indexKey}'`);
  const declared = indexEntity.shape?.[0];
  if (expected && indexEntity.shape?.length === 1 && declared !== expected.rows)
    throw new SpatialFormatError(context.file, expected.mismatch(declared!));
  const index = readStrings(indexEntity, `${where}/${indexKey}`, context.file);
  // Only the columns anndata itself would read; a frame without `column-order` (very old files) lists its keys.
  const order =
    asStrings(attrValue(group, 'column-order')) ?? keys.filter((k) => k !== indexKey && k !== '__categories');
  const legacyCategories = child(group, '__categories');
  const columns: Record<string, ObsColumn> = {};
  for (const name of order) {
    const columnWhere = `${where}/${name}`;
    const entity = child(group, name);
    if (!entity) throw new SpatialFormatError(context.file, `${where} lists column '${name}' but it is missing`);
    const categories = isGroup(legacyCategories) ? child(legacyCategories, name) : undefined;
    const column = isDataset(categories)
      ? categorical(
          readInt32(entityDataset(entity, columnWhere, context.file), columnWhere, context.file),
          categories,
          columnWhere,
          context.file,
        )
      : readColumn(entity, columnWhere, context);
    if (!column) {
      context.warnings.push(`${columnWhere}: skipped (unsupported column encoding)`);
      continue;
    }
    checkLength(column, index.length, columnWhere, context.file);
    columns[name] = column;
  }
  return { index, columns };
}

function entityDataset(entity: Entity, where: string, file: string): Dataset {
  if (!isDataset(entity)) throw new SpatialFormatError(file, `${where} should be a dataset of category codes`);
  return entity;
}

function categorical(codes: Int32Array, categoriesDs: Dataset, where: string, file: string): ObsColumn {
  const categories = readStrings(categoriesDs, `${where} categories`, file);
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    // −1 is pandas' code for a missing value.
    if (code < -1 || code >= categories.length) {
      throw new SpatialFormatError(
        file,
        `${where}: code ${code} at row ${i} has no category (${categories.length} categories)`,
      );
    }
  }
  return { kind: 'categorical', codes, categories };
}

/** One column in the current encoding, or undefined when it is something we do not read (e.g. a 2-D array). */
function readColumn(entity: Entity, where: string, context: FrameContext): ObsColumn | undefined {
  if (isGroup(entity)) {
    const type = attrString(entity, 'encoding-type');
    const codes = child(entity, 'codes');
    const categories = child(entity, 'categories');
    if (isDataset(codes) && isDataset(categories)) {
      return categorical(readInt32(codes, `${where}/codes`, context.file), categories, where, context.file);
    }
    const values = child(entity, 'values');
    const mask = child(entity, 'mask');
    if (type?.startsWith('nullable-') && isDataset(values) && isDataset(mask))
      return nullable(values, mask, where, context);
    return undefined;
  }
  if (!isDataset(entity) || entity.shape?.length !== 1) return undefined;
  if (isStringType(entity.metadata)) return { kind: 'string', values: readStrings(entity, where, context.file) };
  const value = readValue(entity, where);
  if (isBoolEnum(entity.metadata)) return { kind: 'bool', values: Uint8Array.from(value as ArrayLike<number>) };
  const numbers = asFloat64(value);
  return numbers && { kind: 'numeric', values: numbers };
}

/**
 * Nullable integer/boolean/string columns (anndata ≥ 0.10): masked entries become NaN (numbers) or '' (strings).
 * A boolean column stays boolean only when nothing is masked, since a Uint8Array cannot hold "missing".
 */
function nullable(valuesDs: Dataset, maskDs: Dataset, where: string, context: FrameContext): ObsColumn | undefined {
  const column = readColumn(valuesDs, where, context);
  const mask = asInt32(readValue(maskDs, `${where}/mask`));
  if (!column || !mask || mask.length !== (column.kind === 'categorical' ? column.codes : column.values).length)
    return undefined;
  const masked = mask.some((m) => m !== 0);
  switch (column.kind) {
    case 'string':
      return { kind: 'string', values: column.values.map((v, i) => (mask[i] ? '' : v)) };
    case 'bool':
      return masked
        ? { kind: 'numeric', values: Float64Array.from(column.values, (v, i) => (mask[i] ? NaN : v)) }
        : column;
    case 'numeric':
      return { kind: 'numeric', values: column.values.map((v, i) => (mask[i] ? NaN : v)) };
    case 'categorical':
      return undefined;
  }
}

function checkLength(column: ObsColumn, rows: number, where: string, file: string): void {
  const length = column.kind === 'categorical' ? column.codes.length : column.values.length;
  if (length !== rows) throw new SpatialFormatError(file, `${where} has ${length} values but the index has ${rows}`);
}

function readCompoundFrame(ds: Dataset, where: string, context: FrameContext): DataFrame {
  const members = ds.metadata.compound_type?.members ?? [];
  const rows = readValue(ds, where) as unknown[][];
  const named = members.findIndex((m) => m.name === 'index' || m.name === '_index');
  const indexAt = named >= 0 ? named : members.findIndex((m) => isStringType(m));
  if (indexAt < 0) throw new SpatialFormatError(context.file, `${where} has no index member`);
  const index = rows.map((r) => String(r[indexAt]));
  const columns: Record<string, ObsColumn> = {};
  members.forEach((member, at) => {
    if (at === indexAt) return;
    const columnWhere = `${where}/${member.name}`;
    const cells = rows.map((r) => r[at]);
    const categories = context.uns && child(context.uns, `${member.name}_categories`);
    if (isDataset(categories)) {
      columns[member.name] = categorical(Int32Array.from(cells, Number), categories, columnWhere, context.file);
    } else if (isStringType(member)) {
      columns[member.name] = { kind: 'string', values: cells.map(String) };
    } else if (cells.every((c) => typeof c === 'number' || typeof c === 'bigint')) {
      const values = Float64Array.from(cells as (number | bigint)[], Number);
      columns[member.name] = isBoolEnum(member)
        ? { kind: 'bool', values: Uint8Array.from(values) }
        : { kind: 'numeric', values };
    } else {
      context.warnings.push(`${columnWhere}: skipped (array member in a compound dataframe)`);
    }
  });
  return { index, columns };
}
