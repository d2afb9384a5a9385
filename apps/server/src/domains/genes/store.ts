import { gunzipSync } from 'node:zlib';
import {
  ANALYSIS_FILE,
  BARCODES_FILE,
  CSC_HEADER_BYTES,
  cscBlockRange,
  cscOffsetRange,
  decodeCscBlock,
  FEATURE_FILES,
  formatSummationLine,
  getSummationText,
  parseBarcodes,
  parseDataCsv,
  parseNames,
  parseSummationLine,
  readCscHeader,
  summationChunkPath,
  type CscHeader,
  type DataCsv,
  type FeatureKind,
} from '@atlas/spatial';
import type { ObjectStore } from '../../infra/storage/index.js';
import type { WebFolder } from '../runs/index.js';
import { Lru } from './lru.js';
import { readObject } from '../../infra/storage/index.js';

export class MissingWebFileError extends Error {}
export class FeatureIndexError extends Error {}

/**
 * Reads of a run's web files (DESIGN §6). Parsed names, tixel tables and .csc headers are cached per object in
 * small LRUs; each cached entry is checked against the object's size and modification time (one `head`), so
 * web files rewritten by `webfile.create_files` are never served stale.
 */
export function createRunDataStore(storage: ObjectStore) {
  const cache = new Lru<{ stamp: string; value: unknown }>(64);

  async function cached<T>(web: WebFolder, file: string, parse: (bytes: Uint8Array) => T): Promise<T> {
    const key = `${web.bucket}\n${web.folder}${file}`;
    const info = await storage.head(web.bucket, `${web.folder}${file}`);
    if (!info) throw new MissingWebFileError(file);
    const stamp = `${info.size}:${info.lastModified.getTime()}`;
    const hit = cache.get(key);
    if (hit?.stamp === stamp) return hit.value as T;
    const value = parse(await readObject(storage, web.bucket, `${web.folder}${file}`));
    cache.set(key, { stamp, value });
    return value;
  }

  const range = (web: WebFolder, file: string, start: number, end: number) =>
    readObject(storage, web.bucket, `${web.folder}${file}`, { start, end: end - 1 });

  async function cscHeader(web: WebFolder, kind: FeatureKind): Promise<CscHeader | null> {
    const file = FEATURE_FILES[kind].csc;
    if (!(await storage.exists(web.bucket, `${web.folder}${file}`))) return null;
    // The header is 32 bytes: cached with its object stamp like the rest.
    const key = `${web.bucket}\n${web.folder}${file}#header`;
    const info = (await storage.head(web.bucket, `${web.folder}${file}`))!;
    const stamp = `${info.size}:${info.lastModified.getTime()}`;
    const hit = cache.get(key);
    if (hit?.stamp === stamp) return hit.value as CscHeader;
    const header = readCscHeader(await range(web, file, 0, CSC_HEADER_BYTES));
    cache.set(key, { stamp, value: header });
    return header;
  }

  return {
    names: (web: WebFolder, kind: FeatureKind) =>
      cached(web, FEATURE_FILES[kind].names, (bytes) => parseNames(gunzipSync(bytes).toString('utf8'))),

    /** `topTen_{kind}.json` as stored (parsed JSON; the caller answers it unchanged). */
    topTen: (web: WebFolder, kind: FeatureKind): Promise<unknown> =>
      cached(web, `topTen_${kind}.json`, (bytes) => JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown),

    /** analysis.json (how the matrices were chosen), or null for runs made before create_files wrote it. */
    async analysis(web: WebFolder): Promise<unknown> {
      if (!(await storage.exists(web.bucket, `${web.folder}${ANALYSIS_FILE}`))) return null;
      return cached(web, ANALYSIS_FILE, (bytes) => JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown);
    },

    /** barcodes.txt.gz (observation names in tixel order), or null for web files built before it was written. */
    async barcodes(web: WebFolder): Promise<string[] | null> {
      if (!(await storage.exists(web.bucket, `${web.folder}${BARCODES_FILE}`))) {
        if (!(await storage.exists(web.bucket, `${web.folder}data.csv.gz`)))
          throw new MissingWebFileError('data.csv.gz');
        return null;
      }
      return cached(web, BARCODES_FILE, (bytes) => parseBarcodes(gunzipSync(bytes).toString('utf8')));
    },

    data: (web: WebFolder): Promise<DataCsv> =>
      cached(web, 'data.csv.gz', (bytes) => parseDataCsv(gunzipSync(bytes).toString('utf8'))),

    /** `get_summation` text form: the stored %6.2f lines, in request order. */
    async summationText(web: WebFolder, kind: FeatureKind, rows: readonly number[]): Promise<string[]> {
      const count = (await this.names(web, kind)).length;
      for (const row of rows)
        if (row >= count) throw new FeatureIndexError(`Feature index ${row} is outside 0..${count - 1}`);
      const prefix = FEATURE_FILES[kind].summationPrefix;
      // Runs above TEXT_SUMMATION_MAX_VALUES (Visium HD) have no text files: the same lines come from the .csc.
      const textStored = await storage.exists(web.bucket, `${web.folder}${summationChunkPath(prefix, 0)}`);
      if (!textStored && (await cscHeader(web, kind))) {
        return (await this.features(web, kind, rows)).values.map(formatSummationLine);
      }
      return getSummationText(rows, async (k) => {
        const file = summationChunkPath(prefix, k);
        if (!(await storage.exists(web.bucket, `${web.folder}${file}`))) throw new MissingWebFileError(file);
        return readObject(storage, web.bucket, `${web.folder}${file}`);
      });
    },

    /**
     * Exact values per tixel for each row: two range reads per feature on the binary .csc (offsets, block);
     * runs written before the binary form existed fall back to the text summations.
     */
    async features(
      web: WebFolder,
      kind: FeatureKind,
      rows: readonly number[],
    ): Promise<{ nObs: number; values: Float32Array[] }> {
      const header = await cscHeader(web, kind);
      if (!header) {
        const lines = await this.summationText(web, kind, rows);
        const values = lines.map(parseSummationLine);
        return { nObs: values[0]?.length ?? 0, values };
      }
      const file = FEATURE_FILES[kind].csc;
      const values = await Promise.all(
        rows.map(async (row) => {
          if (row >= header.nFeatures)
            throw new FeatureIndexError(`Feature index ${row} is outside 0..${header.nFeatures - 1}`);
          const [start, end] = cscBlockRange(header, await range(web, file, ...cscOffsetRange(row)));
          return decodeCscBlock(header, start === end ? new Uint8Array(0) : await range(web, file, start, end));
        }),
      );
      return { nObs: header.nObs, values };
    },
  };
}

export type RunDataStore = ReturnType<typeof createRunDataStore>;
