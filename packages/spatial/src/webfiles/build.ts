/**
 * `buildWebFiles`: every explorer web file of a run (DESIGN §6) as relative path → bytes, for the
 * `webfile.create_files` task to store under `data/{run}/h5/`. Pure: no storage, no environment.
 *
 * Per feature kind (genes, motifs, eRegulons):
 *   {kind.names}                      e.g. geneNames.txt.gz — one line, each name followed by a comma
 *   summations/{prefix}{k}.txt.gz     e.g. geneSummation0.txt.gz — %6.2f text, 1000 features per file (up to
 *                                     TEXT_SUMMATION_MAX_VALUES tixels × features; binary only above)
 *   summations/{kind}.csc             e.g. summations/genes.csc — the binary column-compressed matrix (csc.ts)
 *   summations/{kind}.sel             e.g. summations/genes.sel — the selection-DE index (selection-file.ts)
 *   topTen_{kind}.json                when a top-ten table is given
 * plus data.csv.gz for the tixels, and analysis.json (how the matrices were chosen) and barcodes.txt.gz (the
 * observation names, barcodes.ts) when given.
 */
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { FeatureKind } from '@atlas/contracts';
import type { Matrix } from '../matrix/types.js';
import type { TopTen } from '../stats/cluster-ranking.js';
import type { FeatureColumn } from '../matrix/columns.js';
import { writeFeatureFiles } from './feature-files.js';
import { BARCODES_FILE, formatBarcodes } from './barcodes.js';
import { formatDataCsv, type DataCsv } from './data-csv.js';
import { formatNames } from './names.js';
import { summationChunkPath, SummationTextChunker, writesTextSummations } from './summation-text.js';

const gzip = promisify(gzipCallback);

/** The kinds are declared once, in @atlas/contracts; re-exported for the webfile task. */
export type { FeatureKind };

/** File names per kind, as the original system and the explorer's calls name them. */
export const FEATURE_FILES: Record<
  FeatureKind,
  { names: string; summationPrefix: string; csc: string; selection: string; topTen: string }
> = {
  genes: {
    names: 'geneNames.txt.gz',
    summationPrefix: 'geneSummation',
    csc: 'summations/genes.csc',
    selection: 'summations/genes.sel',
    topTen: 'topTen_genes.json',
  },
  motifs: {
    names: 'motifNames.txt.gz',
    summationPrefix: 'motifSummation',
    csc: 'summations/motifs.csc',
    selection: 'summations/motifs.sel',
    topTen: 'topTen_motifs.json',
  },
  eRegulons: {
    names: 'eRegulonNames.txt.gz',
    summationPrefix: 'eRegulonSummation',
    csc: 'summations/eRegulons.csc',
    selection: 'summations/eRegulons.sel',
    topTen: 'topTen_eRegulons.json',
  },
};

export interface FeatureInput {
  names: readonly string[];
  /** Tixels × features, rows in the same order as the tixel columns. */
  matrix: Matrix;
}

export interface WebFilesInput extends DataCsv {
  features: { genes: FeatureInput; motifs?: FeatureInput; eRegulons?: FeatureInput };
  topTen?: Partial<Record<FeatureKind, TopTen>>;
  /** How the matrices were chosen (contracts' ZAnalysisPath), written as analysis.json for the Metadata dialog. */
  analysis?: unknown;
  /** The observation names in tixel order (barcodes.txt.gz): what the explorer shows under the pointer. */
  barcodes?: readonly string[];
  /**
   * zlib level of the summation text (default 1). At 10k tixels × 30k genes the text is 2.1 GB: level 6 took 10 s of
   * the thread pool and held up the build (formatting takes 0.7 s), level 1 makes the run's web files 4.6 % larger
   * (729 vs 697 MB, the .sel index is half of them) and webfile.create_files 3.8 s faster (18.0 vs 21.8 s).
   */
  summationGzipLevel?: number;
}

const encoder = new TextEncoder();

/** The run's analysis path (which matrices were clustered, shown and summed), beside data.csv.gz. */
export const ANALYSIS_FILE = 'analysis.json';

/**
 * Receives each web file, whole or (the binary matrix files) as chunks in file order, which the sink consumes as
 * they are made; the writer drops the bytes once the sink has taken them.
 */
export type WebFileSink = (path: string, content: Uint8Array | AsyncIterable<Uint8Array>) => Promise<void>;

/** Every web file of the run, in memory, sorted by path (for tests and small runs). */
export async function buildWebFiles(input: WebFilesInput): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  await writeWebFiles(input, async (path, content) => void files.set(path, await wholeContent(content)));
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A sink's content as one array (chunks joined). */
export async function wholeContent(content: Uint8Array | AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  if (content instanceof Uint8Array) return content;
  const parts: Uint8Array[] = [];
  for await (const part of content) parts.push(part.slice());
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * Writes every web file of the run through `sink` as soon as it is made. A feature kind's binary files are
 * streamed from its matrix (feature-files.ts), so a five-million-cell run's `.csc` and `.sel` (2 and 3 GB) are never
 * whole in memory; the text summations are formatted from the same pass, up to TEXT_SUMMATION_MAX_VALUES
 * (summation-text.ts; `get_summation` answers text from the `.csc` above it).
 */
export async function writeWebFiles(input: WebFilesInput, sink: WebFileSink): Promise<void> {
  const n = input.clusters.length;
  const pending: Promise<void>[] = [];
  // zlib runs on the libuv thread pool, so compressing one chunk overlaps with formatting the next.
  // `compressed` is told when zlib no longer reads `bytes`, so their buffer may be reused.
  const put = (path: string, bytes: Uint8Array, level = 6, compressed?: () => void): void => {
    pending.push(
      gzip(bytes, { level }).then((gz) => {
        compressed?.();
        return sink(path, new Uint8Array(gz.buffer, gz.byteOffset, gz.byteLength));
      }),
    );
  };
  put('data.csv.gz', encoder.encode(formatDataCsv(input)));
  if (input.barcodes) {
    if (input.barcodes.length !== n) throw new RangeError(`${input.barcodes.length} barcodes for ${n} tixels`);
    put(BARCODES_FILE, encoder.encode(formatBarcodes(input.barcodes)));
  }
  if (input.analysis !== undefined) await sink(ANALYSIS_FILE, encoder.encode(JSON.stringify(input.analysis)));

  for (const kind of Object.keys(FEATURE_FILES) as FeatureKind[]) {
    const feature = input.features[kind];
    if (!feature) continue;
    const { names, matrix } = feature;
    if (matrix.nRows !== n) throw new RangeError(`${kind} matrix has ${matrix.nRows} rows for ${n} tixels`);
    if (matrix.nCols !== names.length)
      throw new RangeError(`${kind} matrix has ${matrix.nCols} columns for ${names.length} names`);
    const spec = FEATURE_FILES[kind];
    put(spec.names, encoder.encode(formatNames(names)));
    const text = writesTextSummations(n, names.length)
      ? summationTextWriter(spec.summationPrefix, put, pending, input.summationGzipLevel)
      : null;
    await writeFeatureFiles(matrix, { csc: spec.csc, selection: spec.selection }, sink, text?.add, undefined, [
      input.spatial,
      input.umap,
    ]);
    await text?.done();
    const table = input.topTen?.[kind];
    if (table) await sink(spec.topTen, encoder.encode(JSON.stringify(table)));
  }
  await Promise.all(pending);
}

/**
 * The text summations of one kind, fed feature by feature: each finished chunk is compressed while the next is
 * formatted, a few uncompressed chunks (70 MB each at 10k tixels) alive at a time, their buffers reused.
 */
function summationTextWriter(
  prefix: string,
  put: (path: string, bytes: Uint8Array, level: number, compressed: () => void) => void,
  pending: Promise<void>[],
  level: number | undefined,
) {
  const free: Uint8Array[] = [];
  const take = (bytes: number) => {
    const at = free.findIndex((b) => b.length >= bytes);
    return at >= 0 ? free.splice(at, 1)[0]! : new Uint8Array(bytes);
  };
  let chunker: SummationTextChunker | null = null;
  let k = 0;
  return {
    async add(column: FeatureColumn, nRows: number, nCols: number): Promise<void> {
      chunker ??= new SummationTextChunker(nRows, nCols, take);
      const chunk = chunker.add(column);
      if (!chunk) return;
      // Each chunk is a view from the start of its buffer: the whole buffer goes back to the pool.
      put(summationChunkPath(prefix, k++), chunk, level ?? 1, () => free.push(new Uint8Array(chunk.buffer)));
      if (pending.length >= 4) await Promise.all(pending.splice(0, 2));
    },
    done: () => Promise.all(pending.splice(0)).then(() => undefined),
  };
}
