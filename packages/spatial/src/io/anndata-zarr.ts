/**
 * AnnData stored as Zarr (`adata.write_zarr`): a `.zarr` directory store or a `.zarr.zip` ZipStore, zarr v2
 * (`.zgroup`/`.zarray`/`.zattrs`) or v3 (`zarr.json`, sharding, zstd, vlen-utf8), read with zarrita. Returns the
 * same shape as readH5ad, so the importer treats both alike:
 * - X dense, `csr_matrix` or `csc_matrix` (also anndata 0.6/0.7's `h5sparse_format`); raw/X + raw/var;
 * - obs/var dataframes: `_index` + `column-order`; categoricals as {codes, categories} groups or, in anndata 0.7,
 *   codes with a `categories` attribute pointing at `__categories/<name>`; numeric, bool and string columns;
 * - obsm: numeric 1-D/2-D arrays (sparse or dataframe entries are skipped with a warning);
 * - uns: only the top-level names.
 * Zip archives with repeated names use the last copy (see zip-entries.ts).
 * With import limits (issue 33) nothing is inflated before it is checked: the archive's directory, X's declared
 * shape, each array's chunk count and size against the import's byte budget, each stored chunk's size against what
 * its shape can hold; chunks then inflate through bounded codecs (zarr-codecs.ts).
 */
import type { TImportLimits } from '@atlas/contracts/genes/import-limits';
import type { CscMatrix, CsrMatrix, Matrix } from '../matrix/types.js';
import { checkCompressed } from '../matrix/validate.js';
import { SpatialFormatError } from './errors.js';
import type { ObsColumn } from './h5ad-dataframe.js';
import type { DenseArray, H5adData } from './h5ad-reader.js';
import type { ReadBudget } from './read-budget.js';
import { childNames, isStringData, openZarrStore, type ZarrFiles, type ZarrNode } from './zarr-store.js';

export * from './zarr-store.js';

type Node = ZarrNode;

/** The AnnData, plus `layers/counts` when the store has one (scanpy's pbmc68k_reduced keeps counts there). */
export interface ZarrAnnData extends H5adData {
  counts?: Matrix;
}

/**
 * `source`: a directory path, the bytes of a `.zarr.zip`, or the store's files (e.g. objects under a prefix).
 * `limits`: an import's limits (a new budget for this store), or the budget of the store this one is part of.
 */
export async function readAnndataZarr(
  source: string | Uint8Array | ZarrFiles,
  name = 'AnnData-Zarr',
  limits?: TImportLimits | ReadBudget,
): Promise<ZarrAnnData> {
  const { zarr, files: keyStore, open, read, fail, budget } = await openZarrStore(source, name, limits);
  const warnings: string[] = [];

  const numbers = async (key: string): Promise<Float64Array> => {
    const node = await open(key);
    if (!(node instanceof zarr.Array)) return fail(`${key} is missing`);
    return toFloat64(await read(node, key), key, name);
  };
  const strings = async (node: Node, key: string): Promise<string[]> => {
    if (!(node instanceof zarr.Array)) return fail(`${key} should be an array of strings`);
    return toStrings(await read(node, key));
  };

  const matrix = async (key: string): Promise<Matrix | undefined> => {
    const node = await open(key);
    if (!node) return undefined;
    if (node instanceof zarr.Array) {
      if (node.shape.length !== 2) {
        // anndata 0.12 writes an absent raw as a 0-d array with encoding-type null.
        if (node.shape.length === 0) return undefined;
        return fail(`${key} should be 2-D but has shape [${node.shape.join(', ')}]`);
      }
      const [nRows, nCols] = node.shape as [number, number];
      budget?.checkShape(key, nRows, nCols);
      return { kind: 'dense', nRows, nCols, data: Float32Array.from(toFloat64(await read(node, key), key, name)) };
    }
    const attrs = node.attrs as Record<string, unknown>;
    const encoding = attrs['encoding-type'] ?? attrs.h5sparse_format;
    const kind =
      encoding === 'csr_matrix' || encoding === 'csr'
        ? 'csr'
        : encoding === 'csc_matrix' || encoding === 'csc'
          ? 'csc'
          : undefined;
    if (!kind) return fail(`${key} is a group but not a sparse matrix (encoding '${String(encoding ?? 'none')}')`);
    const shape = (attrs.shape ?? attrs.h5sparse_shape) as number[] | undefined;
    if (!Array.isArray(shape) || shape.length !== 2) return fail(`${key} has no 2-element shape attribute`);
    const [nRows, nCols] = [Number(shape[0]), Number(shape[1])];
    budget?.checkShape(key, nRows, nCols);
    await checkSparseParts(key, kind === 'csr' ? nRows : nCols, nRows * nCols);
    const m: CsrMatrix | CscMatrix = {
      kind,
      nRows,
      nCols,
      indptr: await numbers(`${key}/indptr`),
      indices: Int32Array.from(await numbers(`${key}/indices`)),
      data: Float32Array.from(await numbers(`${key}/data`)),
    };
    const problem = checkCompressed(m);
    if (problem) fail(`${key} (${kind}, ${m.nRows} × ${m.nCols}): ${problem}`);
    return m;
  };

  /** A sparse matrix's parts, from their declared lengths: indptr one per major row + 1, no more values than cells. */
  const checkSparseParts = async (key: string, major: number, cells: number): Promise<void> => {
    const length = async (part: string) => {
      const node = await open(`${key}/${part}`);
      return node instanceof zarr.Array && node.shape.length === 1 ? node.shape[0]! : undefined;
    };
    const [indptr, indices, data] = [await length('indptr'), await length('indices'), await length('data')];
    if (indptr !== undefined && indptr !== major + 1)
      fail(`${key}/indptr declares ${indptr} entries; the shape needs ${major + 1}`);
    if (data !== undefined && (data > cells || (indices !== undefined && indices !== data)))
      fail(`${key} declares ${data} values and ${indices ?? '?'} indices for ${cells} cells`);
  };

  /** `mismatch`: the message when the index declares another length than `rows`. */
  const frame = async (
    key: string,
    rows: number,
    mismatch: (names: number) => string,
  ): Promise<{ index: string[]; columns: Record<string, ObsColumn> }> => {
    const node = await open(key);
    if (!(node instanceof zarr.Group)) return fail(`no ${key} dataframe`);
    const attrs = node.attrs as Record<string, unknown>;
    const indexKey = typeof attrs._index === 'string' ? attrs._index : '_index';
    const indexNode = await open(`${key}/${indexKey}`);
    if (!indexNode) return fail(`${key} has no index array '${indexKey}'`);
    // Checked from the declaration, before a name is read: a frame of 1e8 names costs gigabytes.
    if (indexNode instanceof zarr.Array && indexNode.shape.length === 1 && indexNode.shape[0] !== rows)
      fail(mismatch(indexNode.shape[0]!));
    const index = await strings(indexNode, `${key}/${indexKey}`);
    const order = Array.isArray(attrs['column-order']) ? (attrs['column-order'] as string[]) : [];
    const columns: Record<string, ObsColumn> = {};
    for (const column of order) {
      const where = `${key}/${column}`;
      const entity = await open(where);
      if (!entity) return fail(`${key} lists column '${column}' but it is missing`);
      const value = await readColumn(entity, where, key);
      if (!value) {
        warnings.push(`${where}: skipped (unsupported column encoding)`);
        continue;
      }
      const length = value.kind === 'categorical' ? value.codes.length : value.values.length;
      if (length !== index.length) fail(`${where} has ${length} values but the index has ${index.length}`);
      columns[column] = value;
    }
    return { index, columns };
  };

  const categorical = (codes: Int32Array, categories: string[], where: string): ObsColumn => {
    const bad = codes.findIndex((c) => c < -1 || c >= categories.length);
    if (bad >= 0) fail(`${where}: code ${codes[bad]} at row ${bad} has no category (${categories.length} categories)`);
    return { kind: 'categorical', codes, categories };
  };

  const readColumn = async (node: Node, where: string, frameKey: string): Promise<ObsColumn | undefined> => {
    if (node instanceof zarr.Group) {
      const codes = await open(`${where}/codes`);
      const categories = await open(`${where}/categories`);
      if (codes instanceof zarr.Array && categories instanceof zarr.Array) {
        const codeValues = Int32Array.from(toFloat64(await read(codes, `${where}/codes`), where, name));
        return categorical(codeValues, await strings(categories, `${where}/categories`), where);
      }
      return undefined;
    }
    if (node.shape.length !== 1) return undefined;
    const legacy = (node.attrs as Record<string, unknown>).categories;
    if (typeof legacy === 'string') {
      // anndata 0.7: codes here, categories in a sibling `__categories/<name>` array.
      const categories = await open(`${frameKey}/${legacy.replace(/^\/+/, '')}`);
      if (!categories) return fail(`${where}: its categories '${legacy}' are missing`);
      const codes = Int32Array.from(toFloat64(await read(node, where), where, name));
      return categorical(codes, await strings(categories, legacy), where);
    }
    const values = await read(node, where);
    if (isStringData(node.dtype)) return { kind: 'string', values: toStrings(values) };
    if (node.dtype === 'bool') return { kind: 'bool', values: Uint8Array.from(values as ArrayLike<number>, Number) };
    return { kind: 'numeric', values: toFloat64(values, where, name) };
  };

  const X = await matrix('X');
  if (!X) fail('no X matrix: an AnnData without expression values cannot become a run (write adata.X first)');
  const obsMismatch = (n: number) => `X has ${X!.nRows} rows but obs has ${n} names`;
  const varMismatch = (n: number) => `X has ${X!.nCols} columns but var has ${n} names`;
  const obs = await frame('obs', X!.nRows, obsMismatch);
  const vars = await frame('var', X!.nCols, varMismatch);
  if (obs.index.length !== X!.nRows) fail(obsMismatch(obs.index.length));
  if (vars.index.length !== X!.nCols) fail(varMismatch(vars.index.length));

  const obsm: Record<string, DenseArray> = {};
  for (const key of childNames(keyStore, 'obsm')) {
    const node = await open(`obsm/${key}`);
    if (
      !(node instanceof zarr.Array) ||
      (node.shape.length !== 1 && node.shape.length !== 2) ||
      isStringData(node.dtype)
    ) {
      warnings.push(`obsm/${key}: skipped (not a numeric 1-D or 2-D array)`);
      continue;
    }
    const [nRows, nCols = 1] = node.shape as [number, number?];
    if (nRows !== X!.nRows) fail(`obsm/${key} has ${nRows} rows but X has ${X!.nRows}`);
    obsm[key] = { nRows, nCols, data: toFloat64(await read(node, `obsm/${key}`), `obsm/${key}`, name) };
  }

  const data: ZarrAnnData = {
    nObs: X!.nRows,
    nVars: X!.nCols,
    xLayout: X!.kind,
    obsNames: obs.index,
    varNames: vars.index,
    obs: obs.columns,
    var: vars.columns,
    obsm,
    uns: childNames(keyStore, 'uns'),
    warnings,
    X: X!,
  };
  const rawX = await matrix('raw/X');
  if (rawX) {
    const rawMismatch = (n: number) => `raw/X has ${rawX.nCols} columns but raw/var has ${n} names`;
    if (rawX.nRows !== X!.nRows) fail(`raw/X has ${rawX.nRows} rows but X has ${X!.nRows}`);
    const rawVar = await frame('raw/var', rawX.nCols, rawMismatch);
    if (rawVar.index.length !== rawX.nCols) fail(rawMismatch(rawVar.index.length));
    data.raw = { layout: rawX.kind, varNames: rawVar.index, X: rawX };
  }
  const counts = await matrix('layers/counts');
  if (counts) {
    if (counts.nRows !== X!.nRows || counts.nCols !== X!.nCols)
      fail(`layers/counts is ${counts.nRows} × ${counts.nCols} but X is ${X!.nRows} × ${X!.nCols}`);
    data.counts = counts;
  }
  return data;
}

export function toFloat64(values: unknown, where: string, file: string): Float64Array {
  if (values instanceof Float64Array) return values;
  if (ArrayBuffer.isView(values) || Array.isArray(values)) {
    const list = values as ArrayLike<number | bigint | boolean>;
    const out = new Float64Array(list.length);
    for (let i = 0; i < list.length; i++) out[i] = Number(list[i]);
    return out;
  }
  throw new SpatialFormatError(file, `${where}: not a numeric array`);
}

export function toStrings(values: unknown): string[] {
  // zarrita returns plain arrays for vlen strings and UnicodeStringArray / ByteStringArray for fixed-width ones.
  const list = values as { length: number; get?: (i: number) => string } & ArrayLike<unknown>;
  const out = new Array<string>(list.length);
  for (let i = 0; i < list.length; i++) out[i] = String(list.get ? list.get(i) : list[i]);
  return out;
}
