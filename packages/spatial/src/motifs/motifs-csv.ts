/**
 * `motifs.csv` as the original `seq_logo` worker read it with pandas: a header row with a `motif` column and one
 * column per position; four consecutive rows per motif, A, C, G, T (an optional `base` column is checked).
 * Motifs shorter than the widest leave trailing cells empty; like the original's `dropna(axis=1)`, a position
 * is kept only where all four rows have a value. Columns with an empty header (a written index) are ignored.
 */
import { CsvQuoteError, readCsvRows } from '../formats/csv-read.js';
import { BASES, MotifFormatError, type Motif } from './motif.js';

/** The rows that hold a value, each with its line number; a quote never closed as a MotifFormatError. */
function rowsWithValues(text: string): Array<{ cells: string[]; lineNo: number }> {
  try {
    return readCsvRows(text)
      .filter((row) => row.cells.some((c) => c.trim() !== ''))
      .map((row) => ({ cells: row.cells, lineNo: row.line }));
  } catch (error) {
    if (error instanceof CsvQuoteError)
      throw new MotifFormatError(`line ${error.line}: a quoted field is never closed`);
    throw error;
  }
}

export function parseMotifsCsv(text: string): Motif[] {
  const rows = rowsWithValues(text);
  const header = rows.shift()?.cells.map((c) => c.trim());
  if (!header) throw new MotifFormatError('line 1: motifs.csv is empty');
  const motifCol = header.indexOf('motif');
  if (motifCol < 0) throw new MotifFormatError('line 1: motifs.csv needs a "motif" column');
  const baseCol = header.indexOf('base');
  const positions = header.flatMap((h, c) => (c !== motifCol && c !== baseCol && h !== '' ? [c] : []));
  const motifs: Motif[] = [];
  for (let r = 0; r < rows.length; r += 4) {
    const group = rows.slice(r, r + 4);
    const first = group[0]!;
    const id = first.cells[motifCol]?.trim() ?? '';
    if (id === '') throw new MotifFormatError(`line ${first.lineNo}: the motif name is empty`);
    group.forEach((row, b) => {
      if ((row.cells[motifCol]?.trim() ?? '') !== id) {
        throw new MotifFormatError(
          `line ${row.lineNo}: expected row ${BASES[b]} of ${id}, found motif "${row.cells[motifCol]?.trim() ?? ''}"`,
        );
      }
      if (baseCol >= 0 && row.cells[baseCol]?.trim().toUpperCase() !== BASES[b]) {
        throw new MotifFormatError(
          `line ${row.lineNo}: expected base ${BASES[b]} for ${id}, found "${row.cells[baseCol]?.trim() ?? ''}"`,
        );
      }
    });
    if (group.length !== 4)
      throw new MotifFormatError(`line ${first.lineNo}: motif ${id} has ${group.length} rows, expected A, C, G, T`);
    const values = group.map((row) =>
      positions.map((c) => {
        const cell = row.cells[c]?.trim() ?? '';
        const v = cell === '' ? NaN : Number(cell);
        if (cell !== '' && !(Number.isFinite(v) && v >= 0)) {
          throw new MotifFormatError(`line ${row.lineNo}: "${cell}" in ${id} is not a non-negative number`);
        }
        return v;
      }),
    );
    const kept = positions.flatMap((_, p) => (values.every((row) => !Number.isNaN(row[p]!)) ? [p] : []));
    const motifRows = values.map((row) => kept.map((p) => row[p]!)) as Motif['rows'];
    motifs.push({ id, name: id, rows: motifRows });
  }
  return motifs;
}
