/**
 * The one reader of a Visium / AtlasXbrowser positions CSV (`tissue_positions.csv`, `tissue_positions_list.csv`),
 * for the server's folder reader (../io/visium.ts) and the browser's AtlasXbrowser Update
 * (apps/web atlasbrowser/existingFolder.ts) alike: plain text in, rows by the shared CSV reader (./csv-read.ts), no
 * file system, no framework.
 *
 * Column order:
 * - a header, when the first line's second cell is `in_tissue`, names the columns and decides the order:
 *   `array_row`/`row`, `array_col`/`col`, `pxl_row_in_fullres`/`pxl_row`/`y`, `pxl_col_in_fullres`/`pxl_col`/`x`
 *   (so both `barcode,in_tissue,array_row,…` and AtlasXbrowser's `barcode,in_tissue,col,row,y,x` are recognised);
 * - without a header the caller chooses: `'visium'` (default: barcode, in_tissue, array_row, array_col, pxl_row,
 *   pxl_col), `'atlasx'` (AtlasXbrowser's folders before 2022-10: barcode, in_tissue, col, row, y, x, float
 *   pixels), or `'auto'` for a folder AtlasXbrowser drew (see `inferOrder`).
 */
import { SpatialFormatError } from '../io/errors.js';
import { CsvQuoteError, readCsvRows, type CsvRow } from './csv-read.js';

export type PositionsOrder = 'visium' | 'atlasx';

export interface SpotPositions {
  barcodes: string[];
  inTissue: Uint8Array;
  arrayRow: Int32Array;
  arrayCol: Int32Array;
  /** Full-resolution pixel row (y) and column (x). */
  pxlRow: Float64Array;
  pxlCol: Float64Array;
}

/** The columns of `n` spots, to be filled by a positions reader (CSV here, parquet in positions-parquet.ts). */
export function emptySpotPositions(n: number): SpotPositions {
  return {
    barcodes: new Array<string>(n),
    inTissue: new Uint8Array(n),
    arrayRow: new Int32Array(n),
    arrayCol: new Int32Array(n),
    pxlRow: new Float64Array(n),
    pxlCol: new Float64Array(n),
  };
}

export interface ParsedPositions {
  order: PositionsOrder;
  hasHeader: boolean;
  positions: SpotPositions;
}

type Field = 'arrayRow' | 'arrayCol' | 'pxlRow' | 'pxlCol';
const HEADER_NAMES: Record<string, Field> = {
  array_row: 'arrayRow',
  row: 'arrayRow',
  array_col: 'arrayCol',
  col: 'arrayCol',
  pxl_row_in_fullres: 'pxlRow',
  pxl_row: 'pxlRow',
  y: 'pxlRow',
  pxl_col_in_fullres: 'pxlCol',
  pxl_col: 'pxlCol',
  x: 'pxlCol',
};
const ORDERS: Record<PositionsOrder, Field[]> = {
  visium: ['arrayRow', 'arrayCol', 'pxlRow', 'pxlCol'],
  atlasx: ['arrayCol', 'arrayRow', 'pxlRow', 'pxlCol'],
};

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Parses positions CSV text; `file` names the file in errors. `order` applies to a file without a header; a
 * header that contradicts a named order is refused.
 */
export function parsePositions(text: string, file: string, order?: PositionsOrder | 'auto'): ParsedPositions {
  const rows = rowsOf(text, file);
  const first = rows[0]?.cells ?? [];
  const hasHeader = first[1]?.toLowerCase() === 'in_tissue';
  let fields: Field[];
  if (hasHeader) {
    if (first.length !== 6)
      throw new SpatialFormatError(file, `line 1: the header has ${first.length} columns, expected 6`);
    const named = first.slice(2).map((name) => HEADER_NAMES[name.toLowerCase()]);
    if (named.some((f) => !f) || new Set(named).size !== 4) {
      throw new SpatialFormatError(file, `line 1: unrecognised header '${first.join(',')}'`);
    }
    fields = named as Field[];
    const headerOrder = fields[0] === 'arrayCol' ? 'atlasx' : 'visium';
    if (order && order !== 'auto' && order !== headerOrder) {
      throw new SpatialFormatError(
        file,
        `line 1: the header gives the ${headerOrder} column order, but ${order} was requested`,
      );
    }
  } else {
    fields = ORDERS[order === 'auto' || order === undefined ? 'visium' : order];
  }
  const start = hasHeader ? 1 : 0;
  const n = rows.length - start;
  if (n === 0) throw new SpatialFormatError(file, 'no spots');
  const positions = emptySpotPositions(n);
  const seen = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const { cells: row, line: lineNo } = rows[start + i]!;
    const fail = (problem: string): never => {
      throw new SpatialFormatError(file, `line ${lineNo}: ${problem}`);
    };
    if (row.length !== 6) fail(`expected 6 columns, found ${row.length}`);
    const number = (column: number, name: string, integer: boolean): number => {
      const cell = row[column]!;
      if (!NUMBER.test(cell)) fail(`column ${column + 1} (${name}): '${cell}' is not a number`);
      const value = Number(cell);
      if (integer && !Number.isInteger(value)) fail(`column ${column + 1} (${name}): '${cell}' is not an integer`);
      return value;
    };
    const barcode = row[0]!;
    if (barcode === '') fail('empty barcode');
    const previous = seen.get(barcode);
    if (previous !== undefined) fail(`barcode ${barcode} already appeared on line ${previous}`);
    seen.set(barcode, lineNo);
    positions.barcodes[i] = barcode;
    const inTissue = number(1, 'in_tissue', true);
    if (inTissue !== 0 && inTissue !== 1) fail(`column 2 (in_tissue): '${row[1]}' is not 0 or 1`);
    positions.inTissue[i] = inTissue;
    fields.forEach((field, k) => {
      positions[field][i] = number(k + 2, field, field === 'arrayRow' || field === 'arrayCol');
    });
  }
  const parsed: ParsedPositions = { order: fields[0] === 'arrayCol' ? 'atlasx' : 'visium', hasHeader, positions };
  return !hasHeader && order === 'auto' && inferOrder(positions) === 'atlasx' ? asAtlasx(parsed) : parsed;
}

/** The file's rows, cells trimmed, without the blank lines at its end. */
function rowsOf(text: string, file: string): CsvRow[] {
  let rows: CsvRow[];
  try {
    rows = readCsvRows(text);
  } catch (error) {
    if (error instanceof CsvQuoteError)
      throw new SpatialFormatError(file, `line ${error.line}: a quoted field is never closed`);
    throw error;
  }
  while (rows.length > 0 && rows[rows.length - 1]!.cells.every((c) => c.trim() === '')) rows.pop();
  return rows.map(({ cells, line }) => ({ cells: cells.map((c) => c.trim()), line }));
}

/**
 * The column order of a headerless file AtlasXbrowser drew, read as Visium: the grid's columns run along the
 * image's x (its ROI is drawn on the turned, mirrored image, TL → TR), so the array column is the integer column
 * that follows the x pixel. Both orders keep the pixels last as y, x; only the two integers swap. A file whose
 * integers follow x and y equally (one spot, one row of tixels) stays Visium.
 */
export function inferOrder(visium: SpotPositions): PositionsOrder {
  const { arrayRow, arrayCol, pxlRow, pxlCol } = visium;
  const asRead = Math.abs(correlation(arrayCol, pxlCol)) + Math.abs(correlation(arrayRow, pxlRow));
  const swapped = Math.abs(correlation(arrayRow, pxlCol)) + Math.abs(correlation(arrayCol, pxlRow));
  return swapped > asRead + 1e-9 ? 'atlasx' : 'visium';
}

/** A headerless file read as Visium, re-read as the AtlasXbrowser order: the two integer columns swap. */
function asAtlasx({ positions }: ParsedPositions): ParsedPositions {
  return {
    order: 'atlasx',
    hasHeader: false,
    positions: { ...positions, arrayRow: positions.arrayCol, arrayCol: positions.arrayRow },
  };
}

/** Pearson's r; 0 when either side does not vary. */
function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  let meanA = 0;
  let meanB = 0;
  for (let i = 0; i < n; i++) {
    meanA += a[i]! / n;
    meanB += b[i]! / n;
  }
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i]! - meanA;
    const db = b[i]! - meanB;
    ab += da * db;
    aa += da * da;
    bb += db * db;
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}
