/** Layout of the multi-sample grid (pure): N equal cells, `columns` per row, filled row by row. */

/** Spatial plots per row of the multi-sample grid (spec 03 §9). */
export const SAMPLE_GRID_COLUMNS = 3;

/** A cell of the grid in CSS pixels from the grid's top-left corner. */
export interface GridCell {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Rows needed for `count` cells. */
export function gridRows(count: number, columns: number = SAMPLE_GRID_COLUMNS): number {
  return Math.ceil(Math.max(0, count) / Math.max(1, columns));
}

/**
 * The cells of `count` plots in a grid `width` px wide: each is `width / columns` wide (also in a short last row,
 * so every plot has the same size) and `rowHeight` high.
 */
export function gridCells(
  count: number,
  width: number,
  rowHeight: number,
  columns: number = SAMPLE_GRID_COLUMNS,
): GridCell[] {
  const perRow = Math.max(1, columns);
  const cellWidth = Math.max(0, width) / perRow;
  return Array.from({ length: Math.max(0, count) }, (_, i) => ({
    x: (i % perRow) * cellWidth,
    y: Math.floor(i / perRow) * rowHeight,
    width: cellWidth,
    height: rowHeight,
  }));
}
