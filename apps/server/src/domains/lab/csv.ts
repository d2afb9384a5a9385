import { LAB_MSG } from '@atlas/contracts';
import { CsvQuoteError, readCsvRows, sniffDelimiter, type CsvRow } from '@atlas/spatial/formats/csv-read';

/**
 * The metadata CSV importer (spec 02 §2.5, issue "CSV import that survives real lab files"), pure: bytes in,
 * typed records out, or a CsvError whose message names the problem row.
 *
 * 1. decode: UTF-8 (BOM dropped), UTF-16 LE or BE with its BOM (Excel's "Unicode text"); other bytes that are not
 *    UTF-8 are read as Windows-1252 (Excel's "CSV") with a warning; text holding a NUL (UTF-16 without a BOM, a
 *    binary file) is refused: Postgres cannot store it and no lab value has one;
 * 2. parse (RFC 4180, the shared reader in packages/spatial formats/csv-read.ts, on papaparse): quoted fields with
 *    commas, quotes ("") and newlines; CRLF, LF or CR line ends; the delimiter is a comma, or `;` / tab when the
 *    header has no comma but one of those; a quote never closed is an error naming its line;
 * 3. headers: trimmed, camelCase and spaced names to snake_case (`WaferID`, `Wafer ID` → `wafer_id`); a leading
 *    unnamed column (pandas' index, `Unnamed: 0`) is dropped; unnamed columns without any value (trailing
 *    commas) are dropped, unnamed ones with values become `column_{n}`; a repeated name keeps its values as
 *    `{name}_2`, `{name}_3` (with a warning); kind aliases (`waferid` → `wafer_id`) apply when unambiguous;
 * 4. values: trimmed; ids (the key, `id`, names ending in `_id` or `id` aliases) stay text (`D00012`, `007`);
 *    other cells that are plain decimal numbers become numbers (no leading zeros, at most 15 significant digits);
 *    everything else stays text; an empty cell is "";
 * 5. rows: rows without any value are skipped and counted; there is no row limit other than the file's size
 *    (CSV_MAX_MB): a 200,000-row file imports (issue 33 item 4); a row with values but no key is an error naming
 *    the row (spreadsheet numbering: the header is row 1) and its line; a row with more non-empty cells than the
 *    header has columns is an error; when a key repeats, the later row wins and the duplicate is reported.
 */
export class CsvError extends Error {}

export interface CsvSpec {
  /** Key column after normalisation, e.g. `wafer_id`. */
  key: string;
  /** Normalised header → field it stands for, e.g. `waferid` → `wafer_id`. */
  aliases?: Record<string, string>;
}

interface CsvRecord {
  /** Spreadsheet row number (header = 1). */
  row: number;
  line: number;
  key: string;
  record: Record<string, unknown>;
}

export interface CsvImport {
  columns: string[];
  /** One per key, in first-appearance order, holding the last row with that key. */
  records: CsvRecord[];
  emptyRows: number;
  /** Rows replaced by a later row with the same key. */
  superseded: number;
  duplicates: Array<{ key: string; rows: number[] }>;
  warnings: string[];
}

/** Bytes → text: UTF-8 or UTF-16 (by BOM) without the BOM, else Windows-1252. */
export function decodeCsv(bytes: Uint8Array, warnings: string[] = []): string {
  const text = decodeBytes(bytes, warnings);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function decodeBytes(bytes: Uint8Array, warnings: string[]): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    warnings.push('The file is not UTF-8; it was read as Windows-1252 (Excel CSV).');
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Rows of raw cells (the shared reader), an unclosed quote as the CsvError in the contracts' words. */
function readRows(text: string): CsvRow[] {
  try {
    return readCsvRows(text, sniffDelimiter(text));
  } catch (error) {
    if (error instanceof CsvQuoteError) throw new CsvError(LAB_MSG.csvUnterminatedQuote(error.line));
    throw error;
  }
}

/** `WaferID`, `Wafer ID`, `date-acquired`, `chipAId` → snake_case; '' for a name without letters or digits. */
export function normaliseHeader(name: string): string {
  return name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** Whether a column holds identifiers, which stay text whatever they look like. */
function isIdColumn(column: string, spec: CsvSpec): boolean {
  return column === spec.key || column === 'id' || column.endsWith('_id') || Object.hasOwn(spec.aliases ?? {}, column);
}

/** A trimmed cell as a typed value: numbers as numbers, everything else (and every id) as text. */
export function typedValue(cell: string, idColumn: boolean): string | number {
  const value = cell.trim();
  if (idColumn || !NUMBER.test(value)) return value;
  if (value.replace(/^-|\.|e.*$/gi, '').replace(/^0+/, '').length > 15) return value;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
}

const isEmptyHeader = (raw: string) => {
  const name = raw.trim();
  return name === '' || /^unnamed:?\s*\d*$/i.test(name);
};

interface Column {
  index: number;
  name: string;
}

function planColumns(header: string[], body: CsvRow[], spec: CsvSpec, warnings: string[]): Column[] {
  const hasValue = (index: number) => body.some((r) => (r.cells[index] ?? '').trim() !== '');
  const names = header.map(normaliseHeader);
  const normalisedPresent = new Set(names);
  const columns: Column[] = [];
  const used = new Map<string, number>();
  header.forEach((raw, index) => {
    if (isEmptyHeader(raw) || names[index] === '') {
      if (index === 0 && isEmptyHeader(raw)) return; // the unnamed leading index column
      if (!hasValue(index)) return; // trailing or stray empty column
      names[index] = `column_${index + 1}`;
    }
    let name = names[index]!;
    const alias = spec.aliases && Object.hasOwn(spec.aliases, name) ? spec.aliases[name] : undefined;
    if (alias && !normalisedPresent.has(alias)) name = alias;
    const seen = used.get(name) ?? 0;
    used.set(name, seen + 1);
    if (seen > 0) {
      let renamed = `${name}_${seen + 1}`;
      while (used.has(renamed)) renamed = `${renamed}_`;
      used.set(renamed, 1);
      warnings.push(LAB_MSG.csvDuplicateHeader(name, renamed));
      name = renamed;
    }
    columns.push({ index, name });
  });
  return columns;
}

/** The whole import: text (or bytes) → one typed record per key. Throws CsvError. */
export function readLabCsv(input: string | Uint8Array, spec: CsvSpec): CsvImport {
  const warnings: string[] = [];
  const text = typeof input === 'string' ? input : decodeCsv(input, warnings);
  if (text.includes('\0')) throw new CsvError(LAB_MSG.csvNulBytes);
  if (text.trim() === '') throw new CsvError(LAB_MSG.csvEmpty);
  const rows = readRows(text);
  const headerAt = rows.findIndex((r) => r.cells.some((c) => c.trim() !== ''));
  if (headerAt < 0) throw new CsvError(LAB_MSG.csvNoHeader);
  const header = rows[headerAt]!.cells;
  const body = rows.slice(headerAt + 1);
  const columns = planColumns(header, body, spec, warnings);
  const keyColumn = columns.find((c) => c.name === spec.key);
  if (!keyColumn)
    throw new CsvError(
      LAB_MSG.csvNoKeyColumn(
        spec.key,
        columns.map((c) => c.name),
      ),
    );
  const kept = new Set(columns.map((c) => c.index));
  const headerRow = headerAt + 1;
  const hasValues = (raw: CsvRow) => raw.cells.some((c, index) => kept.has(index) && c.trim() !== '');

  const byKey = new Map<string, CsvRecord>();
  /** Rows of the keys seen more than once (a list per row of every key would cost 200,000 arrays). */
  const rowsOfKey = new Map<string, number[]>();
  const idColumns = columns.map((column) => isIdColumn(column.name, spec));
  let emptyRows = 0;
  body.forEach((raw, offset) => {
    const row = headerRow + offset + 1;
    if (!hasValues(raw)) {
      emptyRows++;
      return;
    }
    if (raw.cells.length > header.length && raw.cells.slice(header.length).some((c) => c.trim() !== ''))
      throw new CsvError(
        `Row ${row} (line ${raw.line}) has ${raw.cells.length} values but the header has ${header.length} columns.`,
      );
    const key = (raw.cells[keyColumn.index] ?? '').trim();
    if (!key) throw new CsvError(LAB_MSG.csvRowNoKey(row, raw.line, spec.key));
    const record: Record<string, unknown> = {};
    columns.forEach((column, c) => {
      record[column.name] = typedValue(raw.cells[column.index] ?? '', idColumns[c]!);
    });
    record[spec.key] = key;
    const earlier = byKey.get(key);
    if (earlier) {
      const rows = rowsOfKey.get(key);
      if (rows) rows.push(row);
      else rowsOfKey.set(key, [earlier.row, row]);
    }
    byKey.set(key, { row, line: raw.line, key, record });
  });

  const duplicates = [...rowsOfKey].map(([key, r]) => ({ key, rows: r })).sort((a, b) => a.rows[0]! - b.rows[0]!);
  for (const d of duplicates) warnings.push(LAB_MSG.csvDuplicateKey(spec.key, d.key, d.rows));
  return {
    columns: columns.map((c) => c.name),
    records: [...byKey.values()],
    emptyRows,
    superseded: duplicates.reduce((sum, d) => sum + d.rows.length - 1, 0),
    duplicates,
    warnings,
  };
}
