/**
 * Columns of a Parquet table (Xenium cells and boundaries, MERSCOPE GeoParquet boundaries) read with hyparquet
 * column chunk by column chunk (`onChunk`), never as one object per row: five million cells × ten vertices would be
 * fifty million objects. The row count the footer declares is checked against the budget before a page is read.
 * GeoParquet geometry (WKB, declared in the `geo` key-value metadata) arrives as GeoJSON: hyparquet decodes it
 * (its geoparquet option, on by default), so no WKB decoder of our own is needed.
 */
import { CELLS_MSG } from '@atlas/contracts/genes/cell-messages';
import { SpatialFormatError } from '../errors.js';
import type { ReadBudget } from '../read-budget.js';

export interface ParquetColumns {
  rows: number;
  /** The file's top-level column names. */
  names: string[];
  numeric: Record<string, Float64Array>;
  other: Record<string, unknown[]>;
}

export async function readParquetColumns(
  bytes: Uint8Array,
  file: string,
  want: {
    numeric: readonly string[];
    other?: readonly string[];
    optional?: readonly string[];
    /** Every other column of the file too, as numbers (a cells table's areas and counts, for obs). */
    restNumeric?: boolean;
    /** The rows are cells: their count is checked against the observation limit. */
    rowsAreCells?: boolean;
  },
  budget?: ReadBudget,
): Promise<ParquetColumns> {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  // Loaded on first use, like the Zarr reader: most imports have no parquet.
  const { parquetMetadata, parquetRead } = await import('hyparquet');
  let metadata: ReturnType<typeof parquetMetadata>;
  try {
    metadata = parquetMetadata(buffer);
  } catch (error) {
    throw new SpatialFormatError(file, CELLS_MSG.notParquet((error as Error).message));
  }
  const names = metadata.schema.slice(1).map((s) => s.name);
  const named = [...want.numeric, ...(want.other ?? [])];
  const missing = named.filter((c) => !names.includes(c) && !want.optional?.includes(c));
  if (missing.length) throw new SpatialFormatError(file, CELLS_MSG.missingColumns(missing));
  const rest = want.restNumeric ? names.filter((c) => !named.includes(c)) : [];
  const numericNames = [...want.numeric, ...rest].filter((c) => names.includes(c));
  const columns = [...numericNames, ...(want.other ?? []).filter((c) => names.includes(c))];
  const rows = Number(metadata.num_rows);
  if (want.rowsAreCells) budget?.checkShape(file, rows, 0);
  budget?.charge(file, rows * columns.length * 8);
  const numeric = Object.fromEntries(numericNames.map((c) => [c, new Float64Array(rows)]));
  const other = Object.fromEntries(
    (want.other ?? []).filter((c) => names.includes(c)).map((c) => [c, new Array<unknown>(rows)]),
  );
  try {
    await parquetRead({
      file: buffer,
      metadata,
      columns,
      onChunk: ({ columnName, columnData, rowStart }) => {
        const target = numeric[columnName] ?? other[columnName];
        if (!target) return;
        const isNumeric = columnName in numeric;
        for (let i = 0; i < columnData.length && rowStart + i < rows; i++) {
          const v = columnData[i];
          target[rowStart + i] = isNumeric ? (v === null || v === undefined ? NaN : Number(v)) : v;
        }
      },
    });
  } catch (error) {
    throw new SpatialFormatError(file, CELLS_MSG.notParquet((error as Error).message));
  }
  return { rows, names, numeric, other };
}
