/**
 * The tixel table of a run (data.csv.gz) in a binary form the browser reads without parsing: `GET /api/v1/genes/data`
 * with `Accept: application/octet-stream`. A 10k-tixel table is ~4× smaller than its JSON and decodes into typed
 * arrays that view the response's own buffer. It holds what the plots draw and nothing else: the per-tixel QC
 * columns (in the JSON form) are read by no screen, and at 5,000,000 cells they were 40 of the table's 130 MB
 * (`ATT1`), the largest part of the explorer's open there.
 *
 * Layout (little-endian): magic `ATT2`, uint32 length of a UTF-8 JSON header, the header, zero padding to a
 * multiple of 4, then float32 spatial (x, y interleaved; 2n), umap (2n), then for each
 * categorical column named in the header, in header order, one uint16 code per tixel (index into its names),
 * each column padded to a multiple of 4 bytes. A header with `natural_order` lists each column's names in natural
 * order ({@link naturalCompare}), so that a code is also the label's rank: the browser draws its first frame
 * without sorting (a page's first locale-aware comparison loads the collator, ~20 ms on a 2-core machine).
 */
import type { DataCsv } from './data-csv.js';

export const TIXEL_TABLE_MAGIC = 'ATT2';
export const TIXEL_TABLE_MEDIA_TYPE = 'application/octet-stream';

type CategoricalColumn = 'clusters' | 'cellTypes' | 'sample' | 'condition';
const CATEGORICAL: readonly CategoricalColumn[] = ['clusters', 'cellTypes', 'sample', 'condition'];

interface Header {
  run_id: string;
  n: number;
  /** The categorical columns present, each with its distinct values (in natural order when `natural_order`). */
  columns: { name: CategoricalColumn; names: string[] }[];
  /** Every column's names are in natural order (tables written before this flag list first appearances). */
  natural_order?: boolean;
  /** How the web files were made (analysis.json), when the run has it. */
  analysis?: unknown;
}

export interface TixelTable {
  runId: string;
  n: number;
  spatial: Float32Array;
  umap: Float32Array;
  /** Per categorical column present: its distinct values and one code per tixel. */
  categories: Partial<Record<CategoricalColumn, { names: string[]; codes: Uint16Array }>>;
  /** The names of every column are in natural order (see the layout above). */
  naturalOrder: boolean;
  /** The header's analysis record as the server sent it (checked against its contract there). */
  analysis?: unknown;
}

const align4 = (n: number) => (n + 3) & ~3;
/** Spatial x, y and UMAP x, y. */
const FLOATS_PER_TIXEL = 4;

let collator: Intl.Collator | undefined;
/** Natural order of labels: `C2` before `C10`, numbers compared as numbers, case and accents aside. */
export function naturalCompare(a: string, b: string): number {
  collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return collator.compare(a, b);
}

function encodeCategories(labels: readonly string[]): { names: string[]; codes: Uint16Array } {
  const index = new Map<string, number>();
  for (const label of labels) if (!index.has(label)) index.set(label, index.size);
  if (index.size > 0x10000) throw new RangeError('a tixel table column has more than 65,536 distinct values');
  const names = [...index.keys()].sort(naturalCompare);
  names.forEach((name, rank) => index.set(name, rank));
  return { names, codes: Uint16Array.from(labels, (label) => index.get(label)!) };
}

export function encodeTixelTable(
  runId: string,
  table: { spatial: ArrayLike<number>; umap: ArrayLike<number> } & Pick<DataCsv, CategoricalColumn>,
  meta: { analysis?: unknown } = {},
): Uint8Array {
  const n = table.clusters.length;
  const present = CATEGORICAL.filter((c) => table[c] !== undefined);
  const encoded = present.map((c) => encodeCategories(table[c]!));
  const header: Header = {
    run_id: runId,
    n,
    columns: present.map((name, i) => ({ name, names: encoded[i]!.names })),
    natural_order: true,
    ...(meta.analysis !== undefined && { analysis: meta.analysis }),
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const start = align4(8 + json.length);
  const codeBytes = align4(2 * n);
  const bytes = new Uint8Array(start + FLOATS_PER_TIXEL * 4 * n + codeBytes * present.length);
  bytes.set(new TextEncoder().encode(TIXEL_TABLE_MAGIC), 0);
  new DataView(bytes.buffer).setUint32(4, json.length, true);
  bytes.set(json, 8);
  const floats = new Float32Array(bytes.buffer, start, FLOATS_PER_TIXEL * n);
  floats.set(table.spatial, 0);
  floats.set(table.umap, 2 * n);
  const codesAt = start + FLOATS_PER_TIXEL * 4 * n;
  encoded.forEach(({ codes }, i) => new Uint16Array(bytes.buffer, codesAt + i * codeBytes, n).set(codes));
  return bytes;
}

/** Throws a RangeError on anything that is not a whole tixel table. */
export function decodeTixelTable(buffer: ArrayBuffer): TixelTable {
  const bytes = new Uint8Array(buffer);
  if (bytes.length < 8 || new TextDecoder().decode(bytes.subarray(0, 4)) !== TIXEL_TABLE_MAGIC)
    throw new RangeError('not a tixel table');
  const jsonLength = new DataView(buffer).getUint32(4, true);
  if (8 + jsonLength > bytes.length) throw new RangeError('tixel table header is cut off');
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + jsonLength))) as Header;
  const { n } = header;
  const start = align4(8 + jsonLength);
  const codeBytes = align4(2 * n);
  const codesAt = start + FLOATS_PER_TIXEL * 4 * n;
  if (bytes.length !== codesAt + codeBytes * header.columns.length)
    throw new RangeError('tixel table length does not match its header');
  const floats = (offset: number, length: number) => new Float32Array(buffer, start + 4 * offset, length);
  const categories: TixelTable['categories'] = {};
  header.columns.forEach(({ name, names }, i) => {
    categories[name] = { names, codes: new Uint16Array(buffer, codesAt + i * codeBytes, n) };
  });
  return {
    runId: header.run_id,
    n,
    spatial: floats(0, 2 * n),
    umap: floats(2 * n, 2 * n),
    categories,
    naturalOrder: header.natural_order === true,
    ...(header.analysis !== undefined && { analysis: header.analysis }),
  };
}
