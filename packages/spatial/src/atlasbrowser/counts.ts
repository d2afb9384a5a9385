/**
 * The tissue positions file with counts (spec 02 §3, §5, §9): rows of 8 columns, grid row and column at
 * indices 2 and 3, the count at index 7. It is used only when it has one entry per tixel; bounds for the colour
 * scale are the 5th and 95th percentiles of the counts.
 */
import { readCsvRows } from '../formats/csv-read.js';

export class IncompatibleCountsError extends Error {}

export interface TixelCounts {
  /** Row-major channels × channels; NaN where the file has no entry. */
  values: Float64Array;
  lower: number;
  upper: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const at = (sorted.length - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

export function parseCountsFile(text: string, channels: number, incompatibleMessage: string): TixelCounts {
  const rows = readCsvRows(text).map((row) => row.cells);
  // A header line (non-numeric grid position) is skipped.
  const data = rows.filter((cells) => Number.isFinite(Number(cells[2])) && cells[2]!.trim() !== '');
  if (data.length !== channels * channels || data.some((cells) => cells.length !== 8))
    throw new IncompatibleCountsError(incompatibleMessage);
  const values = new Float64Array(channels * channels).fill(Number.NaN);
  for (const cells of data) {
    const row = Number(cells[2]);
    const col = Number(cells[3]);
    const value = Number(cells[7]);
    if (!Number.isInteger(row) || !Number.isInteger(col) || row < 0 || col < 0 || row >= channels || col >= channels)
      throw new IncompatibleCountsError(incompatibleMessage);
    values[row * channels + col] = value;
  }
  const sorted = [...values].filter(Number.isFinite).sort((a, b) => a - b);
  return { values, lower: percentile(sorted, 0.05), upper: percentile(sorted, 0.95) };
}
