/**
 * A wide cells × features count table in CSV (CosMx `exprMat_file.csv`, MERSCOPE `cell_by_gene.csv`): one row per
 * cell, id column(s) first, one column per feature. Parsed row by row into CSR (most counts are zero, so the table
 * is never held as strings or dense numbers); the features the caller calls controls (negative probes, blank
 * codewords) are summed on the side instead of entering the matrix. The header and the line count are checked
 * against the import limits before a row is parsed.
 */
import { CELLS_MSG } from '@atlas/contracts/genes/cell-messages';
import { eachCsvRow } from '../../formats/csv-read.js';
import type { CsrMatrix } from '../../matrix/types.js';
import { SpatialFormatError } from '../errors.js';
import type { ReadBudget } from '../read-budget.js';
import { columnsOf, numberAt } from './source.js';

export interface WideCounts {
  /** One per kept row, from the id columns (joined by '_' when several). */
  ids: string[];
  X: CsrMatrix;
  features: string[];
  controls: { name: string; total: number }[];
  /** Rows the caller's `skip` left out, and their summed counts. */
  skipped: { rows: number; total: number };
}

export interface WideCountsOptions {
  /** The id columns, in the order they make the id; the first header cell when absent (often unnamed). */
  idColumns?: readonly string[];
  isControl(feature: string): boolean;
  /** Rows left out of the matrix (CosMx cell_ID 0: transcripts assigned to no cell). */
  skip?(id: string): boolean;
  budget?: ReadBudget;
}

/** Lines of `text` (an upper bound on its rows): checked against the limits before parsing. */
function countLines(text: string): number {
  let n = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) n++;
  return text.endsWith('\n') ? n : n + 1;
}

/** A growable typed buffer: counts of a million cells do not fit a JS array of numbers cheaply. */
class Grow<T extends Int32Array | Float32Array> {
  length = 0;
  constructor(public array: T) {}
  push(value: number): void {
    if (this.length === this.array.length) {
      const next = new (this.array.constructor as new (n: number) => T)(this.array.length * 2);
      next.set(this.array);
      this.array = next;
    }
    this.array[this.length++] = value;
  }
  done(): T {
    return this.array.slice(0, this.length) as T;
  }
}

/** The first row of a CSV text (its header), parsed by the one CSV reader. */
export function csvHeader(text: string): string[] {
  const end = text.indexOf('\n');
  let header: string[] = [];
  eachCsvRow(end < 0 ? text : text.slice(0, end), ',', (cells) => void (header = header.length ? header : cells));
  return header;
}

export function readWideCounts(text: string, file: string, options: WideCountsOptions): WideCounts {
  const header = csvHeader(text);
  if (header.length === 0) throw new SpatialFormatError(file, CELLS_MSG.noCells);
  const idNames = options.idColumns ?? [header[0]!];
  const idAt = Object.values(columnsOf(header, idNames, file));
  const featureAt = header.map((_, i) => i).filter((i) => !idAt.includes(i));
  const keptAt = featureAt.filter((i) => !options.isControl(header[i]!));
  const controlAt = featureAt.filter((i) => options.isControl(header[i]!));
  options.budget?.checkShape(file, countLines(text) - 1, keptAt.length);
  // Column → position in X (−1: a control, −2: an id).
  const column = new Int32Array(header.length).fill(-2);
  keptAt.forEach((c, j) => (column[c] = j));
  const controlTotals = new Float64Array(header.length);
  for (const c of controlAt) column[c] = -1;

  const ids: string[] = [];
  const seen = new Set<string>();
  const indptr: number[] = [0];
  const indices = new Grow(new Int32Array(1024));
  const data = new Grow(new Float32Array(1024));
  const skipped = { rows: 0, total: 0 };
  let first = true;
  eachCsvRow(text, ',', (cells, line) => {
    if (first) return void (first = false);
    if (cells.length === 1 && cells[0] === '') return; // a blank line
    if (cells.length !== header.length)
      throw new SpatialFormatError(file, CELLS_MSG.wrongWidth(line, cells.length, header.length));
    const id = idAt.map((c) => cells[c]!.trim()).join('_');
    const skip = options.skip?.(id) ?? false;
    for (let c = 0; c < cells.length; c++) {
      const kind = column[c]!;
      if (kind === -2) continue;
      const raw = cells[c]!;
      // Most cells are '0': no conversion for them. Number('') is 0, so an empty cell is told apart here.
      if (raw === '0') continue;
      const value = Number(raw);
      if (!(value >= 0) || (value === 0 && raw.trim() === ''))
        throw new SpatialFormatError(file, CELLS_MSG.badCount(line, header[c]!, raw));
      if (value === 0) continue;
      if (skip) skipped.total += value;
      else if (kind === -1) controlTotals[c]! += value;
      else {
        indices.push(kind);
        data.push(value);
      }
    }
    if (skip) return void skipped.rows++;
    if (seen.has(id)) throw new SpatialFormatError(file, CELLS_MSG.duplicateCell(id));
    seen.add(id);
    ids.push(id);
    indptr.push(indices.length);
  });
  if (ids.length === 0) throw new SpatialFormatError(file, CELLS_MSG.noCells);
  options.budget?.charge(file, indices.length * 8 + ids.length * 16);
  return {
    ids,
    X: {
      kind: 'csr',
      nRows: ids.length,
      nCols: keptAt.length,
      indptr: Float64Array.from(indptr),
      indices: indices.done(),
      data: data.done(),
    },
    features: keptAt.map((c) => header[c]!),
    controls: controlAt.map((c) => ({ name: header[c]!, total: controlTotals[c]! })),
    skipped,
  };
}

/**
 * Reads a plain table (metadata, polygons) column-wise as strings, one entry per row: the `wanted` columns (refused
 * when missing), and with `all` every other column too (the cells table's extra columns become obs).
 */
export function readColumns<K extends string>(
  text: string,
  file: string,
  wanted: readonly K[],
  all = false,
): { header: string[]; columns: Record<K, string[]> & Record<string, string[]>; lines: number[] } {
  let header: string[] | null = null;
  let keep: number[] = [];
  const columns: Record<string, string[]> = {};
  const lines: number[] = [];
  eachCsvRow(text, ',', (cells, line) => {
    if (!header) {
      header = cells;
      const at = columnsOf(header, wanted, file);
      keep = all ? header.map((_, i) => i) : Object.values<number>(at);
      for (const i of keep) columns[header[i]!] = [];
      return;
    }
    if (cells.length === 1 && cells[0] === '') return;
    if (cells.length !== header.length)
      throw new SpatialFormatError(file, CELLS_MSG.wrongWidth(line, cells.length, header.length));
    for (const i of keep) columns[header[i]!]!.push(cells[i]!);
    lines.push(line);
  });
  if (!header) throw new SpatialFormatError(file, CELLS_MSG.noCells);
  return { header, columns: columns as Record<K, string[]> & Record<string, string[]>, lines };
}

/** A column of strings as numbers, refusing the first that is not one (with its line). */
export function numericColumn(
  values: readonly string[],
  lines: readonly number[],
  name: string,
  file: string,
): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = numberAt(values[i], lines[i]!, name, file);
  return out;
}

/**
 * The columns of a cells table that hold only numbers (areas, fov, intensities), re-ordered to the matrix's cells
 * by `rows`; the id and coordinate columns (`except`) and any text column are left out.
 */
export function numericObs(
  columns: Record<string, ArrayLike<unknown>>,
  rows: Int32Array,
  except: readonly string[],
): Record<string, Float64Array> {
  const obs: Record<string, Float64Array> = {};
  for (const [name, values] of Object.entries(columns)) {
    if (except.includes(name) || name === '') continue;
    const numbers = new Float64Array(rows.length);
    let ok = true;
    for (let i = 0; i < rows.length && ok; i++) {
      const raw = values[rows[i]!];
      const v = typeof raw === 'string' ? (raw.trim() === '' ? NaN : Number(raw)) : Number(raw);
      if (!Number.isFinite(v) && raw !== 'NA') ok = false;
      numbers[i] = v;
    }
    if (ok) obs[name] = numbers;
  }
  return obs;
}
