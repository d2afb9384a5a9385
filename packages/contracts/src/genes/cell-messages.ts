/**
 * The refusals and notes of the single-cell-resolution readers (issue 38: Xenium, CosMx, MERSCOPE). Each refusal
 * names what is wrong and what to give instead; the readers prefix it with the file. A small module of its own,
 * like import-limits.ts: the import CLI loads the readers before anything else.
 */
const count = (n: number) => n.toLocaleString('en-US');

export const CELLS_MSG = {
  missingFile: (platform: string, wanted: string) => `not a complete ${platform} output: no ${wanted} in the folder`,
  missingColumns: (columns: readonly string[]) => `missing column(s) ${columns.join(', ')}`,
  notNumber: (line: number, column: string, value: string) => `line ${line}: ${column} '${value}' is not a number`,
  badCount: (line: number, column: string, value: string) =>
    `line ${line}: count ${column} '${value}' is not a non-negative number`,
  wrongWidth: (line: number, found: number, expected: number) =>
    `line ${line} has ${found} cells, the header ${expected}`,
  duplicateCell: (id: string) => `cell ${id} appears twice`,
  noCells: 'no cells',
  unplacedCells: (table: string, n: number, total: number, example: string) =>
    `${count(n)} of its ${count(total)} cells have no row in ${table} (e.g. cell ${example}); ` +
    `give the files of one and the same run`,
  unmatchedTableCells: (table: string, n: number) =>
    `${count(n)} cells of ${table} are not in the count matrix and are left out`,
  controlsKeptOut: (kind: string, names: readonly string[], total: number) =>
    `${names.length} ${kind} (${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''}) kept out of the ` +
    `matrix: ${count(total)} counts`,
  unassignedKeptOut: (total: number) => `cell_ID 0 (transcripts assigned to no cell, ${count(total)} counts) left out`,
  outlinesWithoutCell: (file: string, n: number) =>
    `${file}: ${count(n)} outlines belong to no cell of the matrix and are left out`,
  noFovPosition: (fov: string, line: number) => `no position for fov ${fov} (line ${line} of the metadata)`,
  notJson: (problem: string) => `not valid JSON (${problem})`,
  badGeometry: (row: number, type: string) => `row ${row}: geometry is a ${type}, not a Polygon or MultiPolygon`,
  notParquet: (problem: string) => `not a readable parquet file (${problem})`,
  countsFromTranscripts: (file: string, assigned: number, total: number, cells: number) =>
    `cell × gene counts built from ${file}: ${count(assigned)} of its ${count(total)} transcripts fall within one ` +
    `of ${count(cells)} cell boundaries (the others are not counted)`,
  cellsWithoutTranscripts: (n: number) => `${count(n)} cell boundaries hold no transcript and are left out`,
  countedTranscripts: (file: string, counted: number, cells: number, unassigned: number) =>
    `cell × gene counts built from ${file}: ${count(counted)} transcripts of qv ≥ 20 in ${count(cells)} cells ` +
    `(${count(unassigned)} assigned to no cell are not counted)`,
} as const;
