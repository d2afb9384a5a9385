/**
 * Space Ranger ≥ 3 / Visium HD `tissue_positions.parquet` (e.g. `binned_outputs/square_008um/spatial/`): columns
 * `barcode`, `in_tissue`, `array_row`, `array_col`, `pxl_row_in_fullres`, `pxl_col_in_fullres`, the same as the
 * CSV form. Read with hyparquet (pure JS, snappy built in).
 */
import { SpatialFormatError } from './errors.js';
import { emptySpotPositions, type SpotPositions } from '../formats/positions-csv.js';

const COLUMNS = ['barcode', 'in_tissue', 'array_row', 'array_col', 'pxl_row_in_fullres', 'pxl_col_in_fullres'];

export async function readPositionsParquet(bytes: Uint8Array, file: string): Promise<SpotPositions> {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  let rows: Record<string, unknown>[];
  try {
    // Loaded on first use, like the Zarr reader: most imports have no parquet.
    const { parquetReadObjects } = await import('hyparquet');
    rows = await parquetReadObjects({ file: buffer, columns: COLUMNS });
  } catch (error) {
    throw new SpatialFormatError(
      file,
      `not a readable parquet file with columns ${COLUMNS.join(', ')} (${(error as Error).message})`,
    );
  }
  if (rows.length === 0) throw new SpatialFormatError(file, 'no spots');
  const missing = COLUMNS.filter((c) => !(c in rows[0]!));
  if (missing.length) throw new SpatialFormatError(file, `missing column(s) ${missing.join(', ')}`);
  const n = rows.length;
  const positions = emptySpotPositions(n);
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const fail = (problem: string): never => {
      throw new SpatialFormatError(file, `row ${i + 1}: ${problem}`);
    };
    const barcode = String(row.barcode ?? '');
    if (!barcode) fail('empty barcode');
    if (seen.has(barcode)) fail(`barcode ${barcode} appears twice`);
    seen.add(barcode);
    const num = (key: string): number => {
      const v = Number(row[key]);
      if (!Number.isFinite(v)) fail(`${key} '${String(row[key])}' is not a number`);
      return v;
    };
    positions.barcodes[i] = barcode;
    const inTissue = num('in_tissue');
    if (inTissue !== 0 && inTissue !== 1) fail(`in_tissue '${inTissue}' is not 0 or 1`);
    positions.inTissue[i] = inTissue;
    positions.arrayRow[i] = num('array_row');
    positions.arrayCol[i] = num('array_col');
    positions.pxlRow[i] = num('pxl_row_in_fullres');
    positions.pxlCol[i] = num('pxl_col_in_fullres');
  });
  return positions;
}
