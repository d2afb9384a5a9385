/**
 * The DE results panel's table, pure: which rows a search keeps, their order under a sort, the volcano's
 * coordinates and the CSV of the whole table. Columns stay arrays (as the task sends them); rows are indices.
 */
import { DE_COLUMN_KEYS, DE_COLUMN_LABEL, type DeColumnKey, type DeColumns } from '@atlas/contracts';
import { csvRow } from '@atlas/spatial/formats/csv-write';

export type DeSortKey = 'name' | DeColumnKey;
export interface DeSort {
  key: DeSortKey;
  descending: boolean;
}

/** The columns the source holds (a file's rank_genes_groups may lack p-values, means and % expressing). */
export function presentColumns(columns: DeColumns): DeColumnKey[] {
  return DE_COLUMN_KEYS.filter((key) => columns[key] !== null);
}

/** Row indices whose name contains `query` (case-insensitive); every row for an empty query. */
export function searchRows(names: readonly string[], query: string): number[] {
  const q = query.trim().toLowerCase();
  const rows: number[] = [];
  for (let i = 0; i < names.length; i++) if (!q || names[i]!.toLowerCase().includes(q)) rows.push(i);
  return rows;
}

/**
 * `rows` ordered by a column; missing values (null: NaN, ±∞ or not in the source) last in either direction, ties
 * in feature order, so the order is the same on every machine.
 */
export function sortRows(columns: DeColumns, rows: readonly number[], sort: DeSort): number[] {
  const sign = sort.descending ? -1 : 1;
  if (sort.key === 'name') {
    const { names } = columns;
    return [...rows].sort((a, b) => sign * (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0) || a - b);
  }
  const values = columns[sort.key];
  if (!values) return [...rows];
  return [...rows].sort((a, b) => {
    const x = values[a] ?? null;
    const y = values[b] ?? null;
    if (x === null || y === null) return x === null && y === null ? a - b : x === null ? 1 : -1;
    return sign * (x - y) || a - b;
  });
}

/** Clicking a header: the same column flips its direction, another starts descending (names ascending). */
export function nextSort(current: DeSort, key: DeSortKey): DeSort {
  if (current.key === key) return { key, descending: !current.descending };
  return { key, descending: key !== 'name' };
}

/** The smallest p a float64 holds before 0: −log10 of a zero p is drawn at this height rather than infinity. */
const P_FLOOR = 1e-300;

/** Volcano coordinates: x = log2FC, y = −log10(p adj); null when either is missing. */
export function volcanoPoint(columns: DeColumns, row: number): { x: number; y: number } | null {
  const x = columns.log2fc?.[row] ?? null;
  const p = columns.p_adj?.[row] ?? columns.p?.[row] ?? null;
  if (x === null || p === null) return null;
  return { x, y: -Math.log10(Math.max(p, P_FLOOR)) };
}

/**
 * The volcano's half-width of x: the 99th percentile of |log2FC| (at least 1). A feature expressed on one side only
 * gets scanpy's ±30-ish fold change (its 1e-9 pseudo-count), which would squash every other dot into the middle; such
 * dots are drawn at the edge instead.
 */
export function volcanoHalfWidth(xs: ArrayLike<number>): number {
  if (xs.length === 0) return 1;
  const magnitudes = Float64Array.from(xs, Math.abs).sort();
  return Math.max(1, magnitudes[Math.min(magnitudes.length - 1, Math.floor(0.99 * magnitudes.length))]!);
}

/** A cell as the table shows it: means and scores to 3 decimals, % to 1, p in scientific notation. */
export function formatCell(key: DeColumnKey, value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (key === 'p' || key === 'p_adj') return value === 0 ? '0' : value.toExponential(2);
  if (key === 'pct_in' || key === 'pct_out') return value.toFixed(1);
  return value.toFixed(3);
}

/** The whole table (every row, in the given order) as CSV, with what it is on every row. */
export function deTableCsv(columns: DeColumns, order: readonly number[], label: string, what: string): string {
  const keys = presentColumns(columns);
  const lines = [csvRow([label, ...keys.map((k) => DE_COLUMN_LABEL[k]), 'comparison'])];
  for (const i of order) lines.push(csvRow([columns.names[i]!, ...keys.map((k) => columns[k]![i] ?? ''), what]));
  return `${lines.join('\n')}\n`;
}
