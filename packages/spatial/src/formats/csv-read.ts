/**
 * The CSV reader of the repository (RFC 4180, on papaparse), for the server and the browser alike: the lab's
 * metadata import and its storage preview, the cell-type marker upload, motifs.csv and the positions files. Only
 * data.csv keeps its own reader (../webfiles/data-csv.ts), for the measured reason given there.
 *
 * What papaparse is given, and what it is not left to decide:
 * - a BOM is dropped; CRLF, LF and lone CR all end a line, mixed in one file too (Excel on a Mac, a hand-edited
 *   export), and a line break inside quotes reads as LF;
 * - the delimiter is the caller's (papaparse's guess would split a one-column file on a comma in a quoted cell);
 * - a quote opens a quoted field only at the start of a cell; elsewhere it is text (`5" wafer`);
 * - a blank line is a row of one empty cell; the line end after the last row adds no row;
 * - a quoted field that is never closed is an error naming the line its quote is on, not a last cell holding the
 *   rest of the file.
 */
import Papa from 'papaparse';

/** One row: its cells, and the 1-based line it starts on (a quoted line break makes a row span lines). */
export interface CsvRow {
  cells: string[];
  line: number;
}

export class CsvQuoteError extends Error {
  override name = 'CsvQuoteError';
  constructor(readonly line: number) {
    super(`A quoted field starting on line ${line} is never closed.`);
  }
}

export type CsvDelimiter = ',' | ';' | '\t';

/** A comma, unless the first line has none but a `;` (Excel in many locales) or a tab (a spreadsheet's text export). */
export function sniffDelimiter(text: string): CsvDelimiter {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  if (firstLine.includes(',')) return ',';
  if (firstLine.includes(';')) return ';';
  if (firstLine.includes('\t')) return '\t';
  return ',';
}

/** `text` without its BOM, with every line end as LF. */
function normalised(text: string): string {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return body.includes('\r') ? body.replace(/\r\n?/g, '\n') : body;
}

/** Line ends in `text` from `from` up to (not including) `to`. */
function lineEndsBetween(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at >= 0 && at < to; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/** Every row of `text`, with the line it starts on; throws CsvQuoteError (see the module's comment). */
export function readCsvRows(text: string, delimiter: CsvDelimiter = ','): CsvRow[] {
  const rows: CsvRow[] = [];
  eachCsvRow(text, delimiter, (cells, line) => void rows.push({ cells, line }));
  return rows;
}

/**
 * Hands each row of `text` to `visit` as it is parsed, without keeping the rows: a wide count matrix (a CosMx
 * exprMat, a MERSCOPE cell_by_gene) is turned into a sparse matrix row by row instead of held as strings.
 */
export function eachCsvRow(
  text: string,
  delimiter: CsvDelimiter,
  visit: (cells: string[], line: number) => void,
): void {
  const body = normalised(text);
  let line = 1;
  let rowStart = 0;
  Papa.parse<string[]>(body, {
    delimiter,
    newline: '\n',
    quoteChar: '"',
    escapeChar: '"',
    step: ({ data, errors, meta }) => {
      const unclosed = errors.find((error) => error.code === 'MissingQuotes');
      // The error's index is just past the opening quote.
      if (unclosed) throw new CsvQuoteError(line + lineEndsBetween(body, rowStart, (unclosed.index ?? 1) - 1));
      // After the last line end papaparse reports one more, empty row: it starts where the text ends.
      if (rowStart < body.length) visit(data, line);
      line += lineEndsBetween(body, rowStart, meta.cursor);
      rowStart = meta.cursor;
    },
  });
}
