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

/** The table's thresholds; null: no limit. */
export interface DeFilter {
  maxPAdj: number | null;
  minAbsLog2fc: number | null;
}
export const NO_DE_FILTER: DeFilter = { maxPAdj: null, minAbsLog2fc: null };

/**
 * The rows that pass the thresholds. A row without the value a threshold needs (a file's ranking without p-values)
 * does not pass it; a source without that column at all ignores it.
 */
export function filterRows(columns: DeColumns, rows: readonly number[], filter: DeFilter): number[] {
  const pAdj = filter.maxPAdj === null ? null : columns.p_adj;
  const fold = filter.minAbsLog2fc === null ? null : columns.log2fc;
  if (!pAdj && !fold) return [...rows];
  return rows.filter((i) => {
    const p = pAdj?.[i] ?? null;
    const f = fold?.[i] ?? null;
    if (pAdj && (p === null || p > filter.maxPAdj!)) return false;
    return !fold || (f !== null && Math.abs(f) >= filter.minAbsLog2fc!);
  });
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
 * |log2FC| from this up only comes from scanpy's 1e-9 pseudo-count (a feature seen on one side only: about ±30); no
 * measured change is a million-fold.
 */
const ONE_SIDED_FOLD = 20;

/**
 * The volcano's half-width of x: the largest measured |log2FC| (at least 1). One-sided features would squash every
 * other dot into the middle; they are drawn at the edge instead.
 */
export function volcanoHalfWidth(xs: ArrayLike<number>): number {
  let widest = 1;
  for (let i = 0; i < xs.length; i++) {
    const magnitude = Math.abs(xs[i]!);
    if (magnitude < ONE_SIDED_FOLD && magnitude > widest) widest = magnitude;
  }
  return widest;
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
