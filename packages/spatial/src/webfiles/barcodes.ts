/**
 * barcodes.txt.gz: the run's observation names (Visium barcodes, cell ids) in h5ad obs order, one per line, so the
 * explorer can name the tixel under the pointer. Optional: runs built before it existed have none.
 */
import { forEachPickedRow } from './pick-lines.js';

export const BARCODES_FILE = 'barcodes.txt.gz';

/** One name per line; a line break inside a name (never seen in real files) becomes a space rather than a row. */
export function formatBarcodes(names: readonly string[]): string {
  return names.map((name) => name.replace(/[\r\n]+/g, ' ')).join('\n') + (names.length ? '\n' : '');
}

export function parseBarcodes(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/**
 * The names of `rows` (ascending, unique) from barcodes.txt's bytes in pieces, in that order: only their lines are
 * decoded, and reading stops after the last.
 */
export async function pickBarcodes(
  pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  rows: ArrayLike<number>,
): Promise<string[]> {
  const names = new Array<string>(rows.length);
  await forEachPickedRow(pieces, rows, { quotes: false, skipBlank: false }, (text, i) => (names[i] = text));
  return names;
}
