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
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type * as Zarr from 'zarrita';
import type { CscMatrix, CsrMatrix, Matrix } from '../matrix/types.js';
import { checkCompressed } from '../matrix/validate.js';
import { SpatialFormatError } from './errors.js';
import type { ObsColumn } from './h5ad-dataframe.js';
import type { DenseArray, H5adData } from './h5ad-reader.js';
import { readZipEntries } from './zip-entries.js';

/** A store's files: relative key (`obs/.zattrs`, `X/c/0/0`) → bytes, read lazily (undefined when absent). */
export interface ZarrFiles {
  keys: string[];
  read(key: string): Promise<Uint8Array | undefined>;
}

type Node = Zarr.Array<Zarr.DataType, ZarrFiles & Zarr.Readable> | Zarr.Group<ZarrFiles & Zarr.Readable>;

/** The AnnData, plus `layers/counts` when the store has one (scanpy's pbmc68k_reduced keeps counts there). */
export interface ZarrAnnData extends H5adData {
  counts?: Matrix;
}

/** `source`: a directory path, the bytes of a `.zarr.zip`, or the store's files (e.g. objects under a prefix). */
export async function readAnndataZarr(
  source: string | Uint8Array | ZarrFiles,
  name = 'AnnData-Zarr',
): Promise<ZarrAnnData> {
  const { zarr, files: keyStore, open, read, fail } = await openZarrStore(source, name);
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
    const m: CsrMatrix | CscMatrix = {
      kind,
      nRows: Number(shape[0]),
      nCols: Number(shape[1]),
      indptr: await numbers(`${key}/indptr`),
      indices: Int32Array.from(await numbers(`${key}/indices`)),
      data: Float32Array.from(await numbers(`${key}/data`)),
    };
    const problem = checkCompressed(m);
    if (problem) fail(`${key} (${kind}, ${m.nRows} × ${m.nCols}): ${problem}`);
    return m;
  };

  const frame = async (key: string): Promise<{ index: string[]; columns: Record<string, ObsColumn> }> => {
    const node = await open(key);
    if (!(node instanceof zarr.Group)) return fail(`no ${key} dataframe`);
    const attrs = node.attrs as Record<string, unknown>;
    const indexKey = typeof attrs._index === 'string' ? attrs._index : '_index';
    const indexNode = await open(`${key}/${indexKey}`);
    if (!indexNode) return fail(`${key} has no index array '${indexKey}'`);
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
  const obs = await frame('obs');
  const vars = await frame('var');
  if (obs.index.length !== X!.nRows) fail(`X has ${X!.nRows} rows but obs has ${obs.index.length} names`);
  if (vars.index.length !== X!.nCols) fail(`X has ${X!.nCols} columns but var has ${vars.index.length} names`);

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
    const rawVar = await frame('raw/var');
    if (rawX.nRows !== X!.nRows) fail(`raw/X has ${rawX.nRows} rows but X has ${X!.nRows}`);
    if (rawVar.index.length !== rawX.nCols)
      fail(`raw/X has ${rawX.nCols} columns but raw/var has ${rawVar.index.length} names`);
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

/**
 * A Zarr store opened for reading (zarrita, loaded on first use: the import CLI must start fast for inputs that are
 * not Zarr). Shared by the AnnData-Zarr and SpatialData readers; every failure names the store.
 */
export interface ZarrStore {
  zarr: typeof Zarr;
  files: ZarrFiles;
  /** A group or array at `key` ('' is the root), or undefined when the store has none there. */
  open(key: string): Promise<Node | undefined>;
  /** The whole array, flat in C order. */
  read(arr: Zarr.Array<Zarr.DataType, Zarr.Readable>, key: string): Promise<unknown[] | ArrayLike<unknown>>;
  fail(problem: string): never;
}

export type ZarrNode = Node;

/** `source`: a directory path, the bytes of a `.zarr.zip`, or the store's files. */
export async function openZarrStore(source: string | Uint8Array | ZarrFiles, name: string): Promise<ZarrStore> {
  const keyStore =
    typeof source === 'string'
      ? await directoryStore(source)
      : source instanceof Uint8Array
        ? zipStore(source, name)
        : source;
  const zarr = await import('zarrita');
  const get = (key: string) => keyStore.read(key.replace(/^\//, ''));
  const store = {
    keys: keyStore.keys,
    read: keyStore.read,
    get,
    // Sharded arrays (zarr v3) read each shard's index from its end, then the inner chunks by offset.
    getRange: async (key: string, range: { offset: number; length: number } | { suffixLength: number }) => {
      const bytes = await get(key);
      if (!bytes) return undefined;
      return 'suffixLength' in range
        ? bytes.subarray(Math.max(0, bytes.length - range.suffixLength))
        : bytes.subarray(range.offset, range.offset + range.length);
    },
  };
  const root = zarr.root(store);
  const fail = (problem: string): never => {
    throw new SpatialFormatError(name, problem);
  };
  if (!hasNode(keyStore, '')) fail('not a Zarr store (no zarr.json or .zgroup at its root)');
  return {
    zarr,
    files: keyStore,
    fail,
    open: async (key) => {
      if (!hasNode(keyStore, key)) return undefined;
      try {
        return (await zarr.open(root.resolve(key))) as Node;
      } catch (error) {
        throw new SpatialFormatError(name, `${key}: could not be opened (${(error as Error).message})`, {
          cause: error,
        });
      }
    },
    read: async (arr, key) => {
      try {
        const chunk = await zarr.get(arr);
        // A 0-d array (anndata's scalars, e.g. uns strings) comes back as its value, not a chunk.
        return arr.shape.length === 0 ? [chunk] : (chunk.data as ArrayLike<unknown>);
      } catch (error) {
        throw new SpatialFormatError(name, `${key}: could not be read (${(error as Error).message})`, {
          cause: error,
        });
      }
    },
  };
}

/** The files under `prefix` as a store of their own (a SpatialData table is an AnnData-Zarr under tables/<name>). */
export function zarrSubStore(files: ZarrFiles, prefix: string): ZarrFiles {
  const head = `${prefix}/`;
  return {
    keys: files.keys.filter((k) => k.startsWith(head)).map((k) => k.slice(head.length)),
    read: (key) => files.read(head + key),
  };
}

export function isStringData(dtype: string): boolean {
  return dtype === 'v2:object' || dtype === 'string' || dtype.startsWith('v2:U') || dtype.startsWith('v2:S');
}

const METADATA = ['zarr.json', '.zgroup', '.zarray'];

export function hasNode(store: ZarrFiles, key: string): boolean {
  const prefix = key ? `${key}/` : '';
  return METADATA.some((m) => store.keys.includes(prefix + m));
}

/** The direct children (groups or arrays) of a group, from the store's key list. */
export function childNames(store: ZarrFiles, key: string): string[] {
  const prefix = `${key}/`;
  const names = new Set<string>();
  for (const k of store.keys) {
    if (!k.startsWith(prefix)) continue;
    const rest = k.slice(prefix.length).split('/');
    if (rest.length === 2 && METADATA.includes(rest[1]!)) names.add(rest[0]!);
  }
  return [...names].sort();
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

async function directoryStore(dir: string): Promise<ZarrFiles> {
  const root = path.resolve(dir);
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => {
    throw new SpatialFormatError(root, 'Zarr folder not found or not readable');
  });
  const keys = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  const known = new Set(keys);
  return {
    keys,
    read: async (key) => (known.has(key) ? new Uint8Array(await fs.readFile(path.join(root, key))) : undefined),
  };
}

function zipStore(bytes: Uint8Array, name: string): ZarrFiles {
  const entries = readZipEntries(bytes, name);
  // Some writers put the store under one top folder inside the zip (`adata.zarr/...`).
  let prefix = '';
  if (!entries.has('zarr.json') && !entries.has('.zgroup')) {
    const top = [...entries.keys()].find((k) => /^[^/]+\/(zarr\.json|\.zgroup)$/.test(k));
    if (top) prefix = top.slice(0, top.indexOf('/') + 1);
  }
  const keys = [...entries.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
  return { keys, read: async (key) => entries.get(prefix + key) };
}
