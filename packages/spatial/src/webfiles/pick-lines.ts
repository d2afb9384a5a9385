/**
 * Some rows of a one-row-per-line web file (data.csv, barcodes.txt), picked from its bytes as they are unzipped: an
 * export of 1,000 cells of a 5M-cell run needs 1,000 of data.csv's 5M lines, and unzipping then parsing all of them
 * (247 MB of text: 1.4–2.3 s to unzip into one buffer, 3.8 s to parse) held the API's event loop for seconds.
 * Streamed in 1 MiB pieces the same file unzips in 0.6–0.8 s, and no piece of work here is longer than one piece's
 * scan. Line ends are found with the typed array's native `indexOf`; only the picked lines are decoded.
 */

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;

/**
 * The longest row read (bytes): a row still open after this many is refused rather than carried from piece to
 * piece (data.csv's rows are tens of bytes; an unclosed quote would otherwise hold the rest of the file).
 */
export const MAX_ROW_BYTES = 1 << 20;

/** A row asked for that the file does not have: `rowCount` rows are there. */
export class RowOutOfRangeError extends RangeError {
  constructor(
    readonly row: number,
    readonly rowCount: number,
  ) {
    super(`Row ${row} is outside the file's ${rowCount} rows`);
  }
}

export interface LineRules {
  /** RFC 4180 quotes: a line break inside a quoted field does not end the row (data.csv's text columns). */
  quotes: boolean;
  /** Empty lines are no rows (as data.csv's reader skips them); otherwise each is one (barcodes.txt). */
  skipBlank: boolean;
}

/** The first line break outside quotes from `quote` (a quote before the row's first line break), or -1. */
function quotedRowEnd(bytes: Uint8Array, quote: number): number {
  let quoted = false;
  for (let i = quote; i < bytes.length; i++) {
    const c = bytes[i];
    if (c === QUOTE) quoted = !quoted;
    else if (c === LF && !quoted) return i;
  }
  return -1;
}

/**
 * Calls `onRow(text, i)` with the text of each of `rows` (ascending, unique; without its line break), `i` its
 * place in `rows`, reading the file's bytes from `pieces` in order, and stops reading once the last is found. A row
 * past the file's last throws RowOutOfRangeError with the file's row count.
 */
export async function forEachPickedRow(
  pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  rows: ArrayLike<number>,
  rules: LineRules,
  onRow: (text: string, i: number) => void,
): Promise<void> {
  const decoder = new TextDecoder();
  let picked = 0;
  let row = 0;
  /** Takes the row in bytes [at, end) of `bytes` (its line break excluded). */
  const take = (bytes: Uint8Array, at: number, end: number) => {
    const textEnd = end > at && bytes[end - 1] === CR ? end - 1 : end;
    if (textEnd === at && rules.skipBlank) return;
    if (row === rows[picked]) onRow(decoder.decode(bytes.subarray(at, textEnd)), picked++);
    row++;
  };
  // The start of a row that the last piece did not finish.
  let carried: Uint8Array = new Uint8Array(0);
  for await (const piece of pieces) {
    const bytes = carried.length ? joined(carried, piece) : piece;
    // The next quote from `at` on, found once and kept until a row passes it: searching again from every row would
    // scan a quote-free piece to its end once per row.
    let nextQuote = rules.quotes ? bytes.indexOf(QUOTE) : -1;
    let at = 0;
    while (at < bytes.length && picked < rows.length) {
      let end = bytes.indexOf(LF, at);
      if (nextQuote >= 0 && (end < 0 || nextQuote < end)) {
        end = quotedRowEnd(bytes, nextQuote);
        nextQuote = end < 0 ? -1 : bytes.indexOf(QUOTE, end);
      }
      if (end < 0) break;
      take(bytes, at, end);
      at = end + 1;
    }
    if (picked === rows.length) return;
    carried = bytes.subarray(at);
    if (carried.length > MAX_ROW_BYTES) throw new RangeError(`Row ${row + 1} is longer than ${MAX_ROW_BYTES} bytes`);
  }
  if (carried.length) take(carried, 0, carried.length);
  if (picked < rows.length) throw new RowOutOfRangeError(rows[picked]!, row);
}

function joined(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Throws RowOutOfRangeError for the first of `rows` (ascending) that is not below `rowCount`. */
export function checkRowsWithin(rows: ArrayLike<number>, rowCount: number): void {
  const last = rows.length ? rows[rows.length - 1]! : -1;
  if (last < rowCount) return;
  let first = rows.length - 1;
  while (first > 0 && rows[first - 1]! >= rowCount) first--;
  throw new RowOutOfRangeError(rows[first]!, rowCount);
}
