/**
 * A Zarr store opened for reading with zarrita (loaded on first use: the import CLI must start fast for inputs that
 * are not Zarr): a directory, the bytes of a `.zarr.zip`, or any list of files (objects under a storage prefix).
 * Shared by the AnnData-Zarr and SpatialData readers; every failure names the store.
 *
 * Given an import's budget (issue 33), nothing is inflated before it is checked: the archive's directory (entry
 * count, declared sizes, expansion ratio) when the store opens; each array's chunk count and declared size when it
 * is read; each stored chunk's size against what its array's chunk can hold, and each metadata document's size,
 * before the store hands it to zarrita. Chunks then inflate through bounded codecs (zarr-codecs.ts).
 */
import fs from 'node:fs/promises';
import { statSync } from 'node:fs';
import path from 'node:path';
import type * as Zarr from 'zarrita';
import { IMPORT_LIMIT_MSG, IMPORT_MAX_METADATA_BYTES, type TImportLimits } from '@atlas/contracts/genes/import-limits';
import { SpatialFormatError, SpatialLimitError } from './errors.js';
import { ReadBudget } from './read-budget.js';
import { arrayBounds, type ArrayBounds } from './zarr-bounds.js';
import { ChunkBoundError, installBoundedCodecs } from './zarr-codecs.js';
import { listZipEntries } from './zip-entries.js';

/** A store's files: relative key (`obs/.zattrs`, `X/c/0/0`) → bytes, read lazily (undefined when absent). */
export interface ZarrFiles {
  keys: string[];
  read(key: string): Promise<Uint8Array | undefined>;
  /** The bytes `read` would return (a zip entry's declared size, a file's size), when known without reading. */
  size?(key: string): number | undefined;
}

export type ZarrNode = Zarr.Array<Zarr.DataType, ZarrFiles & Zarr.Readable> | Zarr.Group<ZarrFiles & Zarr.Readable>;

export interface ZarrStore {
  zarr: typeof Zarr;
  files: ZarrFiles;
  /** A group or array at `key` ('' is the root), or undefined when the store has none there. */
  open(key: string): Promise<ZarrNode | undefined>;
  /** The whole array, flat in C order. */
  read(arr: Zarr.Array<Zarr.DataType, Zarr.Readable>, key: string): Promise<unknown[] | ArrayLike<unknown>>;
  fail(problem: string): never;
  /** The import's budget, when the store was opened with limits. */
  budget?: ReadBudget;
}

const METADATA = ['zarr.json', '.zgroup', '.zarray'];
const METADATA_DOCUMENTS = new Set([...METADATA, '.zattrs', '.zmetadata']);

/**
 * `source`: a directory path, the bytes of a `.zarr.zip`, or the store's files. `limits`: an import's limits (a new
 * budget, bounded by the source's size when known), or the budget of the store this one is part of.
 */
export async function openZarrStore(
  source: string | Uint8Array | ZarrFiles,
  name: string,
  limits?: TImportLimits | ReadBudget,
): Promise<ZarrStore> {
  const keyStore =
    typeof source === 'string' ? await directoryStore(source) : source instanceof Uint8Array ? null : source;
  const budget =
    limits instanceof ReadBudget
      ? limits
      : limits && new ReadBudget(limits, name, source instanceof Uint8Array ? source.length : totalSize(keyStore!));
  const files = keyStore ?? zipStore(source as Uint8Array, name, budget);
  const zarr = await import('zarrita');
  installBoundedCodecs(zarr.registry);
  const fail = (problem: string): never => {
    throw new SpatialFormatError(name, problem);
  };
  const arrays = new Map<string, ArrayBounds>();

  /** Before zarrita gets a key: a metadata document or a chunk larger than it can be is refused unread. */
  const guard = (key: string) => {
    const size = budget && files.size?.(key);
    if (size === undefined) return;
    if (METADATA_DOCUMENTS.has(key.slice(key.lastIndexOf('/') + 1))) {
      if (size > IMPORT_MAX_METADATA_BYTES)
        throw new SpatialLimitError(name, IMPORT_LIMIT_MSG.chunkTooLarge(key, size, IMPORT_MAX_METADATA_BYTES));
      return;
    }
    const owner = ownerOf(arrays, key);
    const max = owner?.maxStoredChunkBytes;
    if (max !== undefined && size > max)
      throw new SpatialLimitError(name, IMPORT_LIMIT_MSG.chunkTooLarge(key, size, max));
  };
  const get = (key: string) => {
    const relative = key.replace(/^\//, '');
    guard(relative);
    return files.read(relative);
  };
  const store = {
    keys: files.keys,
    read: files.read,
    size: files.size,
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
  if (!hasNode(files, '')) fail('not a Zarr store (no zarr.json or .zgroup at its root)');

  /** The array's declared bounds, from its own metadata document (read once more: a few hundred bytes). */
  const register = async (key: string) => {
    const prefix = key ? `${key}/` : '';
    const document = (await get(`${prefix}zarr.json`)) ?? (await get(`${prefix}.zarray`));
    const bounds = document && arrayBounds(parseJson(document));
    if (bounds) arrays.set(key, bounds);
  };

  return {
    zarr,
    files,
    fail,
    budget,
    open: async (key) => {
      if (!hasNode(files, key)) return undefined;
      try {
        const node = (await zarr.open(root.resolve(key))) as ZarrNode;
        if (budget && node instanceof zarr.Array) await register(key);
        return node;
      } catch (error) {
        if (error instanceof SpatialLimitError) throw error;
        throw new SpatialFormatError(name, `${key}: could not be opened (${(error as Error).message})`, {
          cause: error,
        });
      }
    },
    read: async (arr, key) => {
      const bounds = arrays.get(arr.path.replace(/^\//, ''));
      if (budget && bounds) {
        budget.checkChunks(key, bounds.chunks);
        budget.charge(key, bounds.elements * (bounds.itemBytes ?? 8));
      }
      try {
        const chunk = await zarr.get(arr);
        // A 0-d array (anndata's scalars, e.g. uns strings) comes back as its value, not a chunk.
        return arr.shape.length === 0 ? [chunk] : (chunk.data as ArrayLike<unknown>);
      } catch (error) {
        const limit = causeOf(error, SpatialLimitError);
        if (limit) throw limit;
        const bound = causeOf(error, ChunkBoundError);
        if (bound)
          throw new SpatialLimitError(
            name,
            bound.declared === undefined
              ? IMPORT_LIMIT_MSG.inflatesPast(`a chunk of ${key}`, bound.bound)
              : IMPORT_LIMIT_MSG.chunkTooLarge(`a chunk of ${key}`, bound.declared, bound.bound),
          );
        throw new SpatialFormatError(name, `${key}: could not be read (${(error as Error).message})`, {
          cause: error,
        });
      }
    },
  };
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

/** The first error of `type` in an error's cause chain (zarrita wraps a codec's error in its own). */
function causeOf<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  for (let e = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++)
    if (e instanceof type) return e;
  return undefined;
}

/** The registered array whose chunks `key` is one of (the longest array path that prefixes it). */
function ownerOf(arrays: Map<string, ArrayBounds>, key: string): ArrayBounds | undefined {
  let best: string | undefined;
  for (const path of arrays.keys())
    if ((path === '' || key.startsWith(`${path}/`)) && (best === undefined || path.length > best.length)) best = path;
  return best === undefined ? undefined : arrays.get(best);
}

function totalSize(files: ZarrFiles): number | undefined {
  if (!files.size) return undefined;
  let total = 0;
  for (const key of files.keys) {
    const size = files.size(key);
    if (size === undefined) return undefined;
    total += size;
  }
  return total;
}

/** The files under `prefix` as a store of their own (a SpatialData table is an AnnData-Zarr under tables/<name>). */
export function zarrSubStore(files: ZarrFiles, prefix: string): ZarrFiles {
  const head = `${prefix}/`;
  return {
    keys: files.keys.filter((k) => k.startsWith(head)).map((k) => k.slice(head.length)),
    read: (key) => files.read(head + key),
    ...(files.size && { size: (key: string) => files.size!(head + key) }),
  };
}

export function isStringData(dtype: string): boolean {
  return dtype === 'v2:object' || dtype === 'string' || dtype.startsWith('v2:U') || dtype.startsWith('v2:S');
}

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
    size: (key) => (known.has(key) ? statSync(path.join(root, key)).size : undefined),
  };
}

/** A `.zarr.zip`'s entries as a store; with a budget, its directory is checked before any entry is inflated. */
function zipStore(bytes: Uint8Array, name: string, budget: ReadBudget | undefined): ZarrFiles {
  const entries = listZipEntries(bytes, name, budget);
  // Some writers put the store under one top folder inside the zip (`adata.zarr/...`).
  let prefix = '';
  if (!entries.has('zarr.json') && !entries.has('.zgroup')) {
    const top = [...entries.keys()].find((k) => /^[^/]+\/(zarr\.json|\.zgroup)$/.test(k));
    if (top) prefix = top.slice(0, top.indexOf('/') + 1);
  }
  const keys = [...entries.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
  return {
    keys,
    read: async (key) => entries.get(prefix + key)?.read(),
    size: (key) => entries.get(prefix + key)?.size,
  };
}
