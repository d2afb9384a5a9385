/**
 * A run's selection index (web file `summations/{kind}.sel`) and feature names, decoded once per worker process and
 * kept in a cache bounded by bytes, so a lasso's ranking reads nothing from storage when the run was ranked
 * recently. Each hit is checked against the source objects' size and modification time (one `head` each): new web
 * files (create_files again, another matrix) replace the entry. Runs whose web files predate the index file are
 * indexed from their `.csc` (or, without web files, from the h5ad) on the first lasso, then cached the same way.
 * An index file from config.deReadPartsFromBytes up (a Visium HD run's is 0.9 GB) is read in parts: its head (the
 * per-feature sums and row offsets), then the entries of the rows each ranking needs (`ensureRows`), in a few
 * ranged reads; rows once read stay in the cached entry.
 */
import { gunzipSync } from 'node:zlib';
import {
  buildSelectionIndex,
  decodeSelectionIndex,
  FEATURE_FILES,
  parseNames,
  markSelectionRowsRead,
  markSelectionTilesRead,
  partialSelectionIndex,
  planSelectionReads,
  readH5ad,
  readSelectionHeader,
  SELECTION_HEADER_BYTES,
  selectionEntryParts,
  selectionTileParts,
  tileRangesToRead,
  selectionIndexBytes,
  selectionRowBytes,
  selectionTileBytes,
  type CsrMatrix,
  type FeatureKind,
  type SelectionFileLayout,
  type SelectionIndex,
} from '@atlas/spatial';
import { readObject, type ObjectStore } from '../../infra/storage/index.js';
import type { TaskDeps } from '../registry.js';
import { cscFromBytes, OBJ_H5AD } from './data.js';

export interface RunSelectionIndex {
  runId: string;
  kind: FeatureKind;
  names: string[];
  index: SelectionIndex;
  /**
   * Reads the entries of these rows if the index was read in parts and they are not in it yet; their doubled ranks
   * too unless `ranks` is false (a Welch ranking reads a third fewer bytes: 220 of a 500,000-cell lasso's 330 MB).
   */
  ensureRows(rows: ArrayLike<number>, options?: { ranks?: boolean }): Promise<void>;
  /** Reads the sums of these tiles (ascending) of a tiling if the index was read in parts and they are not yet. */
  ensureTiles(tiling: number, tiles: Int32Array): Promise<void>;
}

interface Entry {
  /** Size and modification time of every object the entry was built from. */
  stamp: string;
  bytes: number;
  value: RunSelectionIndex;
}

/** Least recently used first (Map keeps insertion order; a hit re-inserts). */
const entries = new Map<string, Entry>();
let cachedBytes = 0;

/** The sources' sizes, and a stamp of their sizes and modification times; null when one is missing. */
async function stampOf(
  storage: ObjectStore,
  bucket: string,
  keys: string[],
): Promise<{ stamp: string; sizes: number[] } | null> {
  const infos = await Promise.all(keys.map((key) => storage.head(bucket, key)));
  if (infos.some((info) => info === null)) return null;
  return {
    stamp: infos.map((info) => `${info!.size}:${info!.lastModified.getTime()}`).join('/'),
    sizes: infos.map((info) => info!.size),
  };
}

function remember(key: string, entry: Entry, limit: number): void {
  forget(key);
  if (entry.bytes > limit) return;
  entries.set(key, entry);
  cachedBytes += entry.bytes;
  for (const [oldest, old] of entries) {
    if (cachedBytes <= limit) break;
    entries.delete(oldest);
    cachedBytes -= old.bytes;
  }
}

/** A cached entry's new size; when the cache passes its limit, the oldest others leave first, then this one. */
function resize(key: string, bytes: number, limit: number): void {
  const entry = entries.get(key);
  if (!entry) return;
  cachedBytes += bytes - entry.bytes;
  entry.bytes = bytes;
  for (const [other, old] of entries) {
    if (cachedBytes <= limit) break;
    if (other === key) continue;
    entries.delete(other);
    cachedBytes -= old.bytes;
  }
  if (cachedBytes > limit) forget(key);
}

/**
 * Memory an index holds. A partial one (a `.sel` read in parts) is allocated whole, but its untouched pages are
 * never resident (typed arrays are zero-mapped memory): it holds its head and the entries of the rows read, so a
 * five-million-cell run's index (3 GB whole) stays cached while a lasso's rows (300 MB for 500,000 cells) are.
 */
function heldBytes(index: SelectionIndex): number {
  if (!index.loaded) return selectionIndexBytes(index);
  let bytes = 0;
  const { loaded, rowPtr } = index;
  for (let row = 0; row < loaded.length; row++)
    if (loaded[row] !== 0) bytes += selectionRowBytes(index, row, loaded[row]!);
  for (const tiling of index.tilings ?? []) {
    const read = tiling.loaded ? tiling.loaded.reduce((n, v) => n + v, 0) : tiling.nTiles;
    bytes += tiling.tileOf.byteLength + (tiling.loaded?.byteLength ?? 0) + read * selectionTileBytes(tiling);
  }
  return 6 * 8 * index.nFeatures + rowPtr.byteLength + loaded.byteLength + bytes;
}

function forget(key: string): void {
  const old = entries.get(key);
  if (!old) return;
  entries.delete(key);
  cachedBytes -= old.bytes;
}

/** The selection index and names of `data/{run}/h5/obj/{kind}.h5ad`'s run, from the cache when still current. */
export async function loadSelectionIndex(deps: TaskDeps, bucket: string, objPath: string): Promise<RunSelectionIndex> {
  const [, runId, kind] = OBJ_H5AD.exec(objPath)! as unknown as [string, string, FeatureKind];
  const folder = objPath.slice(0, objPath.indexOf('obj/'));
  const files = FEATURE_FILES[kind];
  const { storage } = deps;
  // The best source present: the index file, else the binary matrix, else the h5ad itself.
  const sources = [
    [folder + files.selection, folder + files.names],
    [folder + files.csc, folder + files.names],
    [objPath],
  ];
  for (const keys of sources) {
    const found = await stampOf(storage, bucket, keys);
    if (found === null) continue;
    const { stamp, sizes } = found;
    const cacheKey = `${bucket}\n${objPath}`;
    const hit = entries.get(cacheKey);
    if (hit?.stamp === stamp) {
      entries.delete(cacheKey);
      entries.set(cacheKey, hit);
      return hit.value;
    }
    const inParts = keys[0]!.endsWith('.sel') && sizes[0]! >= deps.config.deReadPartsFromBytes;
    const decoded = await decode(deps, bucket, keys, objPath, { runId, kind }, inParts ? sizes[0]! : null);
    const namesBytes = decoded.names.reduce((n, name) => n + 2 * name.length + 40, 0);
    const limit = deps.config.deCacheBytes;
    let held = heldBytes(decoded.index) + namesBytes;
    // Rows and tiles read grow a partial entry by what they added, and older entries leave if it passes the limit.
    const grown = (added: number) => {
      if (added === 0) return;
      held += added;
      resize(cacheKey, held, limit);
    };
    // The reads stay inside: a caller reading past `grown` would leave the entry's size behind.
    const { readRows: readRowsOf, readTiles: readTilesOf, ...fields } = decoded;
    const value: RunSelectionIndex = {
      ...fields,
      ensureRows: async (rows, options) => grown(await readRowsOf(rows, options)),
      ensureTiles: async (tiling, tiles) => grown(await readTilesOf(tiling, tiles)),
    };
    remember(cacheKey, { stamp, bytes: held, value }, limit);
    return value;
  }
  throw new Error(`Missing input: ${objPath} was not found in the bucket`);
}

/** A decoded index as the cache holds it: its reads answer the bytes they added to it. */
interface Decoded extends Omit<RunSelectionIndex, 'ensureRows' | 'ensureTiles'> {
  readRows(rows: ArrayLike<number>, options?: { ranks?: boolean }): Promise<number>;
  readTiles(tiling: number, tiles: Int32Array): Promise<number>;
}

/** An index read whole has every row and tile: nothing to read. */
const whole = async () => 0;

async function decode(
  { storage, config }: Pick<TaskDeps, 'storage' | 'config'>,
  bucket: string,
  keys: string[],
  objPath: string,
  run: { runId: string; kind: FeatureKind },
  /** The `.sel` file's size when it is read in parts, else null. */
  inPartsSize: number | null,
): Promise<Decoded> {
  if (keys.length === 1) {
    const h5ad = await readH5ad(await readObject(storage, bucket, objPath), {
      name: objPath.slice(objPath.lastIndexOf('/') + 1),
      obsm: false,
      limits: config.importLimits,
    });
    return {
      ...run,
      names: h5ad.varNames,
      index: buildSelectionIndex(h5ad.X),
      readRows: whole,
      readTiles: whole,
    };
  }
  const [matrixKey, namesKey] = keys as [string, string];
  const [matrix, namesBytes] = await Promise.all([
    inPartsSize !== null ? readHead(storage, bucket, matrixKey, inPartsSize) : readObject(storage, bucket, matrixKey),
    readObject(storage, bucket, namesKey),
  ]);
  const names = parseNames(gunzipSync(namesBytes).toString('utf8'));
  let index: SelectionIndex;
  let readRowsOf: Decoded['readRows'] = whole;
  let readTilesOf: Decoded['readTiles'] = whole;
  if (matrix instanceof Uint8Array) {
    index = matrixKey.endsWith('.sel') ? decodeSelectionIndex(matrix) : buildSelectionIndex(cscFromBytes(matrix));
  } else {
    index = matrix.index;
    const parts = matrix;
    readRowsOf = (rows, options) => readRows(storage, bucket, matrixKey, parts, rows, options?.ranks ?? true);
    readTilesOf = (tiling, tiles) => readTiles(storage, bucket, matrixKey, parts, tiling, tiles);
  }
  if (index.nFeatures !== names.length) {
    throw new Error(`${matrixKey} has ${index.nFeatures} features for ${names.length} names`);
  }
  return { ...run, names, index, readRows: readRowsOf, readTiles: readTilesOf };
}

interface InParts {
  layout: SelectionFileLayout;
  index: SelectionIndex;
}

/** The head of a `.sel` file read in parts: its layout, and the index with no row's entries yet. */
async function readHead(storage: ObjectStore, bucket: string, key: string, size: number): Promise<InParts> {
  const layout = readSelectionHeader(
    await readObject(storage, bucket, key, { start: 0, end: SELECTION_HEADER_BYTES - 1 }),
  );
  if (layout.total !== size) throw new RangeError(`.sel file has ${size} bytes, expected ${layout.total}`);
  const head = await readObject(storage, bucket, key, { start: 0, end: layout.features - 1 });
  return { layout, index: partialSelectionIndex(head, layout) };
}

/**
 * Ranges of rows read apart before one range over them all is read instead: a disc lassoed on a Visium HD grid
 * crosses ~300 of its lines (~900 reads of ~130 KB), where the range over them all is 40 % of the file. S3 pays a
 * request per range; the filesystem reads them from one open file, so it takes far more: a 500,000-cell disc of a
 * five-million-cell run crosses ~850 lines, and their span is 1 GB where the rows are 300 MB (1.2 vs 0.4 s).
 */
const MAX_RANGES = { s3: 512, fs: 8192 } as const;

/**
 * Reads the entries of the rows not read yet, in place, in the few ranges `planSelectionReads` chooses; returns the
 * bytes they added.
 */
async function readRows(
  storage: ObjectStore,
  bucket: string,
  key: string,
  { layout, index }: InParts,
  rows: ArrayLike<number>,
  withRanks: boolean,
): Promise<number> {
  const reads = planSelectionReads(index, rows, { maxRanges: MAX_RANGES[storage.driver], withRanks });
  const parts = reads.flatMap(([from, to]) => selectionEntryParts(index, layout, from, to, withRanks));
  await storage.readInto(bucket, key, parts);
  let added = 0;
  for (const [from, to] of reads) added += markSelectionRowsRead(index, from, to, withRanks);
  return added;
}

/** Reads the sums of the tiles not read yet, in place, consecutive tiles in one range; returns the bytes added. */
async function readTiles(
  storage: ObjectStore,
  bucket: string,
  key: string,
  { layout, index }: InParts,
  tiling: number,
  tiles: Int32Array,
): Promise<number> {
  const ranges = tileRangesToRead(index.tilings![tiling]!, tiles);
  await storage.readInto(
    bucket,
    key,
    ranges.map(([from, to]) => selectionTileParts(index, layout, tiling, from, to)),
  );
  let added = 0;
  for (const [from, to] of ranges) added += markSelectionTilesRead(index, tiling, from, to);
  return added;
}

/** Entries and bytes held, for tests. */
export function selectionCacheSize(): { entries: number; bytes: number } {
  return { entries: entries.size, bytes: cachedBytes };
}

/** The rows whose entries the cached index of an object holds (all of them when read whole), for tests. */
export function cachedRowsRead(bucket: string, objPath: string): number | null {
  const index = entries.get(`${bucket}\n${objPath}`)?.value.index;
  if (!index) return null;
  return index.loaded ? index.loaded.reduce((n, v) => n + v, 0) : index.nObs;
}

/**
 * The entries of `rows` (ascending, unique) of a `.sel` file as a CSR matrix of those rows alone, read in parts and
 * not cached: an export of a selection reads its rows' features and values instead of the run's whole `.csc` (a
 * 1,000-cell export of a five-million-cell run read 2 GB, took 13–18 s with the API's event loop held, and left the
 * process 4.5 GB larger). `checkValues` sees the rows' value count, known from the head, before any entry is read:
 * it may refuse (throw) or reserve room for them. Null when the run has no `.sel` (web files made before it).
 */
export async function readSelectionRows(
  storage: ObjectStore,
  bucket: string,
  key: string,
  rows: Int32Array,
  checkValues: (values: number) => void,
): Promise<CsrMatrix | null> {
  const info = await storage.head(bucket, key);
  if (!info) return null;
  const parts = await readHead(storage, bucket, key, info.size);
  const { rowPtr, nFeatures, nObs } = parts.index;
  if (rows.length > 0 && rows[rows.length - 1]! >= nObs) throw new RangeError(`${key} has ${nObs} rows`);
  const indptr = new Float64Array(rows.length + 1);
  rows.forEach((row, i) => (indptr[i + 1] = indptr[i]! + rowPtr[row + 1]! - rowPtr[row]!));
  checkValues(indptr[rows.length]!);
  await readRows(storage, bucket, key, parts, rows, false);
  const { features, values } = parts.index;
  const indices = new Int32Array(indptr[rows.length]!);
  const data = new Float32Array(indices.length);
  rows.forEach((row, i) => {
    const [from, to] = [rowPtr[row]!, rowPtr[row + 1]!];
    indices.set(features.subarray(from, to), indptr[i]!);
    data.set(values.subarray(from, to), indptr[i]!);
  });
  return { kind: 'csr', nRows: rows.length, nCols: nFeatures, indptr, indices, data };
}
