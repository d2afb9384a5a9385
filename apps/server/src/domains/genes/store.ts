import { pipeline } from 'node:stream/promises';
import { createGunzip, gunzipSync } from 'node:zlib';
import {
  ANALYSIS_FILE,
  BARCODES_FILE,
  checkRowsWithin,
  CSC_HEADER_BYTES,
  cscBlockEntries,
  cscBlockRange,
  decodeCscBlock,
  FEATURE_FILES,
  formatSummationLine,
  parseBarcodes,
  pickBarcodes,
  pickDataCsvRows,
  pickSummationLines,
  parseSummationChunk,
  parseDataCsv,
  parseNames,
  parseSummationLine,
  readCscHeader,
  selectDataCsvRows,
  summationChunkPath,
  type CscHeader,
  type DataCsv,
  type FeatureKind,
} from '@atlas/spatial';
import type { ObjectStore } from '../../infra/storage/index.js';
import type { WebFolder } from '../runs/index.js';
import { Lru } from './lru.js';
import { readObject } from '../../infra/storage/index.js';

/**
 * Pieces of an unzipped web file as they are picked from: 1 MiB, not zlib's 16 KiB. data.csv of a 5M-cell run (82 MB
 * gzipped, 247 MB of text) streamed in 0.6–0.8 s so, in 1.3–1.5 s in 16 KiB pieces, and in 1.4–2.3 s unzipped into
 * one buffer (the same file, alternated, here).
 */
const UNZIPPED_PIECE_BYTES = 1 << 20;

const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((c) => Buffer.from(c)) as [Buffer, Buffer, Buffer];

export class MissingWebFileError extends Error {}
export class FeatureIndexError extends Error {}

/** A value to keep and what it holds in memory, roughly (the cache's budget counts it). */
export interface Sized<T> {
  value: T;
  bytes: number;
}

/** A .csc file's header and its feature offsets (8 bytes per feature): each feature is then one range read. */
interface CscIndex {
  header: CscHeader;
  offsets: Uint8Array;
}

/**
 * Reads of a run's web files (DESIGN §6). What is parsed (names, tixel tables, .csc offsets, decoded features) and
 * what is derived from it (serialised answers) is kept in one LRU bounded by bytes (`ATLAS_RUN_DATA_CACHE_MB`);
 * every entry is checked against its objects' size and modification time (one `head` each per request), so web files
 * rewritten by `webfile.create_files` are never served stale. Requests that miss the same entry at once share one
 * build: 50 callers of a cold run parse it once.
 */
export function createRunDataStore(storage: ObjectStore, options: { cacheBytes: number }) {
  const cache = new Lru<{ stamp: string; value: unknown }>(1024, options.cacheBytes);
  const building = new Map<string, Promise<unknown>>();

  const keyOf = (web: WebFolder, name: string) => `${web.bucket}\n${web.folder}${name}`;

  /**
   * `size:mtime` of a web file, or null when it is missing. Requests that ask while a `head` of the same file is on
   * its way share it (single flight): under load those heads were a quarter of a feature read's CPU (realpath and
   * stat on the filesystem store), and an answer is still no older than a request running beside this one.
   */
  const stamping = new Map<string, Promise<string | null>>();
  function stampOf(web: WebFolder, file: string): Promise<string | null> {
    const key = keyOf(web, file);
    let pending = stamping.get(key);
    if (!pending) {
      pending = storage
        .head(web.bucket, `${web.folder}${file}`)
        .then((info) => (info ? `${info.size}:${info.lastModified.getTime()}` : null))
        .finally(() => stamping.delete(key));
      stamping.set(key, pending);
    }
    return pending;
  }

  /** The entry `key` as of `stamp`, built once however many requests ask for it meanwhile. */
  async function memo<T>(key: string, stamp: string, build: () => Promise<Sized<T>>): Promise<T> {
    const hit = cache.get(key);
    if (hit?.stamp === stamp) return hit.value as T;
    const flight = `${stamp}\n${key}`;
    let pending = building.get(flight) as Promise<T> | undefined;
    if (!pending) {
      pending = build()
        .then(({ value, bytes }) => {
          cache.set(key, { stamp, value }, bytes);
          return value;
        })
        .finally(() => building.delete(flight));
      building.set(flight, pending);
    }
    return pending;
  }

  async function cached<T>(web: WebFolder, file: string, parse: (bytes: Uint8Array) => Sized<T>): Promise<T> {
    const stamp = await stampOf(web, file);
    if (stamp === null) throw new MissingWebFileError(file);
    return memo(keyOf(web, file), stamp, async () =>
      parse(await readObject(storage, web.bucket, `${web.folder}${file}`)),
    );
  }

  /** The parsed file if it is cached as of its current version, else null (nothing is read or parsed). */
  async function peek<T>(web: WebFolder, file: string): Promise<T | null> {
    const stamp = await stampOf(web, file);
    if (stamp === null) throw new MissingWebFileError(file);
    const hit = cache.get(keyOf(web, file));
    return hit?.stamp === stamp ? (hit.value as T) : null;
  }

  /**
   * A gzipped web file's bytes as they are unzipped (in libuv's pool), for a reader that stops when it has what it
   * needs: leaving the loop early destroys the stream, and a read or unzip error ends the loop with that error.
   */
  async function unzipped(web: WebFolder, file: string): Promise<AsyncIterable<Uint8Array>> {
    const { body } = await storage.get(web.bucket, `${web.folder}${file}`);
    const gunzip = createGunzip({ chunkSize: UNZIPPED_PIECE_BYTES });
    // The pipeline's own rejection is the error the loop over `gunzip` meets (or its early end): not a second report.
    pipeline(body, gunzip).catch(() => undefined);
    return gunzip;
  }

  const range = (web: WebFolder, file: string, start: number, end: number) =>
    readObject(storage, web.bucket, `${web.folder}${file}`, { start, end: end - 1 });

  /** The .csc index of a kind, with the file's stamp; null when the run has no .csc (text summations only). */
  async function cscIndex(web: WebFolder, kind: FeatureKind): Promise<{ stamp: string; index: CscIndex } | null> {
    const file = FEATURE_FILES[kind].csc;
    const stamp = await stampOf(web, file);
    if (stamp === null) return null;
    const index = await memo(keyOf(web, `${file}#index`), stamp, async () => {
      const header = readCscHeader(await range(web, file, 0, CSC_HEADER_BYTES));
      const end = CSC_HEADER_BYTES + 8 * (header.nFeatures + 1);
      const offsets = await range(web, file, CSC_HEADER_BYTES, end);
      return { value: { header, offsets }, bytes: offsets.byteLength + 64 };
    });
    return { stamp, index };
  }

  type Csc = { stamp: string; index: CscIndex };

  /**
   * One feature of a .csc read once per version of the file and kept: its block (one range read) turned into what
   * `decode` makes of it (dense values, or the stored entries for the sparse answer), under its own cache key.
   */
  function cscRow<T>(
    web: WebFolder,
    kind: FeatureKind,
    csc: Csc,
    row: number,
    form: { suffix: string; decode: (header: CscIndex['header'], block: Uint8Array) => T; bytes: (value: T) => number },
  ): Promise<T> {
    const { header, offsets } = csc.index;
    if (!Number.isInteger(row) || row < 0 || row >= header.nFeatures)
      throw new FeatureIndexError(`Feature index ${row} is outside 0..${header.nFeatures - 1}`);
    const file = FEATURE_FILES[kind].csc;
    return memo(keyOf(web, `${file}#${row}${form.suffix}`), csc.stamp, async () => {
      const [start, end] = cscBlockRange(header, offsets.subarray(8 * row, 8 * row + 16));
      const value = form.decode(header, start === end ? new Uint8Array(0) : await range(web, file, start, end));
      return { value, bytes: form.bytes(value) };
    });
  }

  const DENSE = { suffix: '', decode: decodeCscBlock, bytes: (values: Float32Array) => values.byteLength };
  const ENTRIES = {
    suffix: '#entries',
    decode: cscBlockEntries,
    bytes: (entries: { indices: Uint32Array }) => 8 * entries.indices.length,
  };
  const cscFeature = (web: WebFolder, kind: FeatureKind, csc: Csc, row: number) => cscRow(web, kind, csc, row, DENSE);
  const cscEntries = (web: WebFolder, kind: FeatureKind, csc: Csc, row: number) => cscRow(web, kind, csc, row, ENTRIES);

  /**
   * The stored text lines of a run without a .csc (made by the original system). A chunk is parsed once and kept
   * (7 bytes per tixel per feature: 70 MB at 10k tixels, so the byte budget holds only a few).
   */
  async function storedSummationText(web: WebFolder, kind: FeatureKind, rows: readonly number[]): Promise<string[]> {
    const count = (await store.names(web, kind)).length;
    for (const row of rows)
      if (row >= count) throw new FeatureIndexError(`Feature index ${row} is outside 0..${count - 1}`);
    const prefix = FEATURE_FILES[kind].summationPrefix;
    return pickSummationLines(rows, (k) =>
      cached(web, summationChunkPath(prefix, k), (gz) => {
        const text = gunzipSync(gz).toString('latin1');
        return { value: parseSummationChunk(text), bytes: 2 * text.length };
      }),
    );
  }

  const store = {
    names: (web: WebFolder, kind: FeatureKind) =>
      cached(web, FEATURE_FILES[kind].names, (bytes) => {
        const text = gunzipSync(bytes).toString('utf8');
        return { value: parseNames(text), bytes: 4 * text.length };
      }),

    /** `topTen_{kind}.json` as stored (parsed JSON; the caller answers it unchanged). */
    topTen: (web: WebFolder, kind: FeatureKind): Promise<unknown> =>
      cached(web, `topTen_${kind}.json`, (bytes) => ({
        value: JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown,
        bytes: 4 * bytes.byteLength,
      })),

    /** analysis.json (how the matrices were chosen), or null for runs made before create_files wrote it. */
    async analysis(web: WebFolder): Promise<unknown> {
      try {
        return await cached(web, ANALYSIS_FILE, (bytes) => ({
          value: JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown,
          bytes: 4 * bytes.byteLength,
        }));
      } catch (error) {
        if (error instanceof MissingWebFileError) return null;
        throw error;
      }
    },

    /** barcodes.txt.gz (observation names in tixel order), or null for web files built before it was written. */
    async barcodes(web: WebFolder): Promise<string[] | null> {
      if (!(await storage.exists(web.bucket, `${web.folder}${BARCODES_FILE}`))) {
        if (!(await storage.exists(web.bucket, `${web.folder}data.csv.gz`)))
          throw new MissingWebFileError('data.csv.gz');
        return null;
      }
      return cached(web, BARCODES_FILE, (bytes) => {
        const text = gunzipSync(bytes).toString('utf8');
        return { value: parseBarcodes(text), bytes: 2 * text.length };
      });
    },

    /**
     * Some rows (ascending, unique) of barcodes.txt, in that order: taken from the parsed names when they are cached,
     * else read from their lines alone (an export of a few cells of a 5M-cell run). Null as `barcodes`;
     * RowOutOfRangeError (from @atlas/spatial) for a row past the run's.
     */
    async barcodeRows(web: WebFolder, rows: Int32Array): Promise<string[] | null> {
      if (!(await storage.exists(web.bucket, `${web.folder}${BARCODES_FILE}`))) return store.barcodes(web);
      const names = await peek<string[]>(web, BARCODES_FILE);
      if (!names) return pickBarcodes(await unzipped(web, BARCODES_FILE), rows);
      checkRowsWithin(rows, names.length);
      return Array.from(rows, (r) => names[r]!);
    },

    /** Some rows of data.csv as their own table, as `barcodeRows` takes them (from the cached table or their lines). */
    async dataRows(web: WebFolder, rows: Int32Array): Promise<DataCsv> {
      const table = await peek<DataCsv>(web, 'data.csv.gz');
      return table ? selectDataCsvRows(table, rows) : pickDataCsvRows(await unzipped(web, 'data.csv.gz'), rows);
    },

    data: (web: WebFolder): Promise<DataCsv> =>
      cached(web, 'data.csv.gz', (bytes) => {
        const text = gunzipSync(bytes).toString('utf8');
        return { value: parseDataCsv(text), bytes: 2 * text.length };
      }),

    /**
     * Something made from web files (a serialised answer), kept while they are unchanged: `files` are stamped on
     * every call (a missing one counts as a version of its own), `make` runs only when one of them changed.
     */
    async derived<T>(web: WebFolder, files: readonly string[], tag: string, make: () => Promise<Sized<T>>): Promise<T> {
      const stamps = await Promise.all(files.map((file) => stampOf(web, file)));
      return memo(keyOf(web, `#${tag}`), stamps.map((s) => s ?? '-').join('|'), make);
    },

    /**
     * `get_summation` text form: the JSON array of the %6.2f lines in request order, as bytes. Formatted from the
     * binary .csc when the run has one (create_files writes the text files from the .csc bytes with the same
     * formatter, so the lines are the stored ones, and a line costs one range read instead of decompressing its
     * 1,000-feature chunk) and kept JSON-encoded: serialising a 70 KB line per request was a third of a read's CPU
     * under load. The stored text of runs without a .csc.
     */
    async summationJson(web: WebFolder, kind: FeatureKind, rows: readonly number[]): Promise<Buffer> {
      const csc = await cscIndex(web, kind);
      const encoded = csc
        ? await Promise.all(
            rows.map((row) =>
              memo(keyOf(web, `${FEATURE_FILES[kind].csc}#${row}:json`), csc.stamp, async () => {
                const value = Buffer.from(JSON.stringify(formatSummationLine(await cscFeature(web, kind, csc, row))));
                return { value, bytes: value.byteLength };
              }),
            ),
          )
        : (await storedSummationText(web, kind, rows)).map((line) => Buffer.from(JSON.stringify(line)));
      const parts: Buffer[] = [OPEN];
      encoded.forEach((line, i) => parts.push(...(i ? [COMMA, line] : [line])));
      return Buffer.concat([...parts, CLOSE]);
    },

    /**
     * One feature's stored non-zero entries (tixel indices, values), for the sparse get_summation answer without a
     * pass over every tixel; null for a run without a .csc. Shared with the cache: read them, never write them.
     */
    async featureEntries(
      web: WebFolder,
      kind: FeatureKind,
      row: number,
    ): Promise<{ nObs: number; entries: { indices: Uint32Array; values: Float32Array } } | null> {
      const csc = await cscIndex(web, kind);
      if (!csc) return null;
      return { nObs: csc.index.header.nObs, entries: await cscEntries(web, kind, csc, row) };
    },

    /**
     * Exact values per tixel for each row: one range read per feature on the binary .csc (its offsets are kept);
     * runs written before the binary form existed fall back to the text summations. The arrays are shared with the
     * cache: read them, never write them.
     */
    async features(
      web: WebFolder,
      kind: FeatureKind,
      rows: readonly number[],
    ): Promise<{ nObs: number; values: Float32Array[] }> {
      const csc = await cscIndex(web, kind);
      if (!csc) {
        const values = (await storedSummationText(web, kind, rows)).map(parseSummationLine);
        return { nObs: values[0]?.length ?? 0, values };
      }
      const values = await Promise.all(rows.map((row) => cscFeature(web, kind, csc, row)));
      return { nObs: csc.index.header.nObs, values };
    },
  };
  return store;
}

export type RunDataStore = ReturnType<typeof createRunDataStore>;
