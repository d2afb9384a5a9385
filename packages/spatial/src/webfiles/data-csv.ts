/**
 * data.csv (DESIGN §6): no header, one row per tixel in h5ad obs order:
 *   0 cluster (C<n>), 1–2 spatial x y, 3–4 UMAP x y, 5–6 two QC values
 *   (ATAC: TSS enrichment, log10 fragments; RNA: gene count, UMI count),
 *   7 cell type                                  → 8 columns
 *   7 sample, 8 condition                        → 9 columns
 *   7 sample, 8 condition, 9 cell type           → 10 columns
 * Text fields are quoted the RFC 4180 way only when they contain a comma, quote or line break (as pandas writes;
 * ../formats/csv-write.ts).
 */
import { csvField } from '../formats/csv-write.js';
import { checkRowsWithin, forEachPickedRow } from './pick-lines.js';

export interface DataCsv {
  clusters: string[];
  /** Interleaved x, y per tixel. */
  spatial: Float64Array;
  umap: Float32Array;
  qc: [Float32Array, Float32Array];
  cellTypes?: string[];
  sample?: string[];
  condition?: string[];
}

/** Shortest decimal that reads back to the same float32, so UMAP/QC columns are exact without 17-digit noise. */
export function float32Text(v: number): string {
  const f = Math.fround(v);
  if (!Number.isFinite(f) || Number.isInteger(f)) return String(f);
  for (let p = 6; p < 9; p++) {
    const s = f.toPrecision(p);
    if (Math.fround(Number(s)) === f) return String(Number(s));
  }
  return String(Number(f.toPrecision(9)));
}

function check(data: DataCsv): number {
  const n = data.clusters.length;
  const lengths: [string, number, number][] = [
    ['spatial', data.spatial.length, 2 * n],
    ['umap', data.umap.length, 2 * n],
    ['qc[0]', data.qc[0].length, n],
    ['qc[1]', data.qc[1].length, n],
  ];
  for (const [name, values] of [
    ['cellTypes', data.cellTypes],
    ['sample', data.sample],
    ['condition', data.condition],
  ] as const) {
    if (values) lengths.push([name, values.length, n]);
  }
  for (const [name, actual, expected] of lengths) {
    if (actual !== expected) throw new RangeError(`data.csv ${name} has ${actual} values, expected ${expected}`);
  }
  if ((data.sample === undefined) !== (data.condition === undefined)) {
    throw new RangeError('data.csv needs both sample and condition, or neither');
  }
  return n;
}

export function formatDataCsv(data: DataCsv): string {
  const n = check(data);
  const lines = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const fields = [
      csvField(data.clusters[i]!),
      String(data.spatial[2 * i]),
      String(data.spatial[2 * i + 1]),
      float32Text(data.umap[2 * i]!),
      float32Text(data.umap[2 * i + 1]!),
      float32Text(data.qc[0][i]!),
      float32Text(data.qc[1][i]!),
    ];
    if (data.sample) fields.push(csvField(data.sample[i]!), csvField(data.condition![i]!));
    if (data.cellTypes) fields.push(csvField(data.cellTypes[i]!));
    lines[i] = fields.join(',');
  }
  return n === 0 ? '' : `${lines.join('\n')}\n`;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Calls `onRow` with each row's fields, honouring quotes; blank lines are skipped. Fields are cut out of the text
 * whole, and only a field with quotes is put together from its pieces; no row outlives its call. A Visium HD run's
 * data.csv (500k rows) parsed in ~0.85 s when every field was built a character at a time and every row kept.
 *
 * Hand-written, unlike the repository's other CSV reader (../formats/csv-read.ts, papaparse), because data.csv is
 * the largest CSV the server reads (a run's first gene query parses it, the run-data cache keeps it): a 500k-row,
 * 59 MB data.csv (10 columns, quoted conditions) took 825 ms of CPU here and 954 ms through papaparse's row-by-row
 * `step`, 13 % more (medians of 12 alternating runs, Node 20; a scratch benchmark, not kept). The format is ours
 * (written by ./build.ts), so the reader needs none of the lab importer's tolerance.
 */
function forEachCsvRow(text: string, onRow: (fields: string[]) => void): void {
  // One array for every row: the callback reads its fields before the next row starts.
  const row: string[] = [];
  // The field's text before `start`, when a quote split it into pieces; then the piece from `start` to here.
  let pieces = '';
  let start = 0;
  let quoted = false;
  const endRow = () => {
    if (row.length > 1 || row[0] !== '') onRow(row);
    row.length = 0;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c !== QUOTE) continue;
      pieces += text.slice(start, i);
      if (text.charCodeAt(i + 1) === QUOTE) {
        pieces += '"';
        i++;
      } else quoted = false;
      start = i + 1;
    } else if (c === QUOTE) {
      pieces += text.slice(start, i);
      quoted = true;
      start = i + 1;
    } else if (c === COMMA || c === LF || c === CR) {
      row.push(pieces + text.slice(start, i));
      pieces = '';
      if (c === CR && text.charCodeAt(i + 1) === LF) i++;
      start = i + 1;
      if (c !== COMMA) endRow();
    }
  }
  row.push(pieces + text.slice(start));
  endRow();
}

/**
 * One string per distinct value of a text column, a copy of its own: a field cut from the file's text can be a
 * view that keeps the whole text (tens of MB) alive as long as the parsed table is cached.
 */
function interner(): (value: string) => string {
  const seen = new Map<string, string>();
  return (value) => {
    let own = seen.get(value);
    if (own === undefined) seen.set(value, (own = JSON.parse(JSON.stringify(value)) as string));
    return own;
  };
}

/**
 * Columns filled a row at a time, sized for `capacity` rows; `finish` cuts them to the rows added. The width is the
 * first row's, and every later row must have it.
 */
function tableBuilder(capacity: number) {
  const clusters: string[] = [];
  const spatial = new Float64Array(2 * capacity);
  const umap = new Float32Array(2 * capacity);
  const qc: [Float32Array, Float32Array] = [new Float32Array(capacity), new Float32Array(capacity)];
  const cellTypes: string[] = [];
  const sample: string[] = [];
  const condition: string[] = [];
  const own = interner();
  let width = 0;
  let n = 0;
  return {
    /** Adds one row's fields; `line` (1-based) names the row in an error. */
    add(fields: readonly string[], line: number): void {
      if (n === 0) {
        width = fields.length;
        if (width < 7 || width > 10) throw new RangeError(`data.csv rows have ${width} columns; expected 7 to 10`);
      }
      if (fields.length !== width)
        throw new RangeError(`data.csv row ${line} has ${fields.length} columns, expected ${width}`);
      clusters.push(own(fields[0]!));
      for (let c = 0; c < 2; c++) {
        spatial[2 * n + c] = Number(fields[1 + c]);
        umap[2 * n + c] = Number(fields[3 + c]);
        qc[c]![n] = Number(fields[5 + c]);
      }
      if (width === 8) cellTypes.push(own(fields[7]!));
      if (width >= 9) {
        sample.push(own(fields[7]!));
        condition.push(own(fields[8]!));
      }
      if (width === 10) cellTypes.push(own(fields[9]!));
      n++;
    },
    finish(): DataCsv {
      const out: DataCsv = {
        clusters,
        spatial: spatial.slice(0, 2 * n),
        umap: umap.slice(0, 2 * n),
        qc: [qc[0].slice(0, n), qc[1].slice(0, n)],
      };
      if (width === 8 || width === 10) out.cellTypes = cellTypes;
      if (width >= 9) {
        out.sample = sample;
        out.condition = condition;
      }
      return out;
    },
  };
}

export function parseDataCsv(text: string): DataCsv {
  // Rows are at most the lines: columns are sized for those, then cut to the rows found.
  let capacity = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) capacity++;
  const table = tableBuilder(capacity);
  let line = 0;
  forEachCsvRow(text, (fields) => table.add(fields, ++line));
  return table.finish();
}

/**
 * The rows `rows` (ascending, unique) of a data.csv, from its bytes in pieces, as a table of those rows alone in
 * that order: only their lines are decoded and parsed, and reading stops after the last (./pick-lines.ts). A row the
 * file does not have throws RowOutOfRangeError with the file's row count.
 */
export async function pickDataCsvRows(
  pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  rows: ArrayLike<number>,
): Promise<DataCsv> {
  const table = tableBuilder(rows.length);
  await forEachPickedRow(pieces, rows, { quotes: true, skipBlank: true }, (text, i) =>
    forEachCsvRow(text, (fields) => table.add(fields, rows[i]! + 1)),
  );
  return table.finish();
}

/**
 * The rows `rows` (ascending, unique) of a parsed table, as a table of those rows alone in that order (strings
 * shared, not copied); RowOutOfRangeError as pickDataCsvRows.
 */
export function selectDataCsvRows(data: DataCsv, rows: ArrayLike<number>): DataCsv {
  checkRowsWithin(rows, data.clusters.length);
  const pick = (values: readonly string[]) => Array.from(rows, (r) => values[r]!);
  const pairs = <T extends Float64Array | Float32Array>(values: T, out: T): T => {
    for (let i = 0; i < rows.length; i++) out.set(values.subarray(2 * rows[i]!, 2 * rows[i]! + 2), 2 * i);
    return out;
  };
  const out: DataCsv = {
    clusters: pick(data.clusters),
    spatial: pairs(data.spatial, new Float64Array(2 * rows.length)),
    umap: pairs(data.umap, new Float32Array(2 * rows.length)),
    qc: [Float32Array.from(rows, (r) => data.qc[0][r]!), Float32Array.from(rows, (r) => data.qc[1][r]!)],
  };
  if (data.cellTypes) out.cellTypes = pick(data.cellTypes);
  if (data.sample) out.sample = pick(data.sample);
  if (data.condition) out.condition = pick(data.condition);
  return out;
}
