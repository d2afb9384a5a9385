/**
 * The CSV writer of the repository: one rule for quoting a field, used by every CSV the server or the browser
 * writes (data.csv, the demo runs' metadata, annotation and ranked-table downloads, the lab storage preview). It is
 * pandas' (`QUOTE_MINIMAL`) and RFC 4180's: a field is quoted only when it holds a quote, a comma or a line break
 * (CR or LF), and a quote inside it is doubled, so ./csv-read.ts and pandas read back exactly what was
 * written. Kept apart from the reader so that a page that only writes CSV does not load the parser.
 */

/** A value as it goes into a cell: a number that is not finite (NaN, as pandas writes it) and null are empty. */
export type CsvValue = string | number | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;

/** One cell's text, quoted when it must be. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One line of cells, without its line end. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',');
}
