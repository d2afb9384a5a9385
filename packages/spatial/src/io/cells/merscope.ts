/**
 * A Vizgen MERSCOPE output folder (names may carry the region's prefix, so they are found by suffix):
 * - `*cell_by_gene.csv`: one row per cell (id in the first column, `cell` or unnamed), one column per gene; the
 *   `Blank-*` codewords (MERFISH's built-in false-positive controls) are kept out of X and reported;
 * - `*cell_metadata.csv`: `EntityID` (or an unnamed / R's `X` first column in older exports), `center_x`,
 *   `center_y` in microns (the slide's global frame), matched to the matrix by id whatever the row order;
 * - `*cell_boundaries.parquet` (optional): GeoParquet, one WKB (Multi)Polygon per cell and z-plane (`EntityID`,
 *   `ZIndex`, `Geometry`); the middle z-plane present is kept (a cell without it takes its nearest plane); older
 *   exports' per-FOV `cell_boundaries/feature_data_*.hdf5` likewise (./merscope-hdf5.ts).
 */
import { CELLS_MSG } from '@atlas/contracts/genes/cell-messages';
import { SpatialFormatError } from '../errors.js';
import { LEGACY_BOUNDARIES, readLegacyBoundaries } from './merscope-hdf5.js';
import { exteriorRing, outlinesFromRings, type CellOutlines } from './outlines.js';
import { readParquetColumns } from './parquet-columns.js';
import {
  CellFiles,
  findBySuffix,
  matchCells,
  placeCells,
  reportControls,
  type CellFolder,
  type CellRun,
  type ReadCellsOptions,
} from './source.js';
import { csvHeader, numericColumn, numericObs, readColumns, readWideCounts } from './wide-counts.js';

export const MERSCOPE_COUNTS = ['cell_by_gene.csv', 'cell_by_gene.csv.gz'];
const META = ['cell_metadata.csv', 'cell_metadata.csv.gz'];
const BOUNDARIES = ['cell_boundaries.parquet'];
/** MERFISH's blank codewords: its built-in false-positive controls, kept out of X. */
export const MERSCOPE_BLANK = /^Blank-/i;

export const isMerscopeFolder = (folder: CellFolder) =>
  findBySuffix(folder, MERSCOPE_COUNTS) !== undefined && findBySuffix(folder, META) !== undefined;

export async function readMerscope(folder: CellFolder, options: ReadCellsOptions = {}): Promise<CellRun> {
  const countsFile = findBySuffix(folder, MERSCOPE_COUNTS);
  const metaFile = findBySuffix(folder, META);
  if (!countsFile) throw new SpatialFormatError(folder.label, CELLS_MSG.missingFile('MERSCOPE', '*cell_by_gene.csv'));
  if (!metaFile) throw new SpatialFormatError(folder.label, CELLS_MSG.missingFile('MERSCOPE', '*cell_metadata.csv'));
  const boundsFile = findBySuffix(folder, BOUNDARIES);
  const legacyBounds = boundsFile ? [] : folder.names.filter((name) => LEGACY_BOUNDARIES.test(name));
  const files = new CellFiles(
    folder,
    options.limits,
    [countsFile, metaFile, boundsFile, ...legacyBounds].filter((n) => !!n) as string[],
  );
  const warnings: string[] = [];

  const countsLabel = files.label(countsFile);
  const counts = readWideCounts(await files.text(countsFile), countsLabel, {
    isControl: (name) => MERSCOPE_BLANK.test(name),
    budget: files.budget,
  });
  const blankTotal = reportControls(counts.controls, 'blank codewords', warnings);

  const metaLabel = files.label(metaFile);
  const metaText = await files.text(metaFile);
  const idColumn = csvHeader(metaText).includes('EntityID') ? 'EntityID' : csvHeader(metaText)[0]!;
  const meta = readColumns(metaText, metaLabel, [idColumn, 'center_x', 'center_y'], true);
  const rows = matchCells(
    counts.ids,
    meta.columns[idColumn]!.map((id) => id.trim()),
    countsLabel,
    metaLabel,
    warnings,
  );
  const cx = numericColumn(meta.columns.center_x!, meta.lines, 'center_x', metaLabel);
  const cy = numericColumn(meta.columns.center_y!, meta.lines, 'center_y', metaLabel);
  const xy = placeCells(rows, cx, cy);
  const run: CellRun = {
    platform: 'MERSCOPE',
    cellIds: counts.ids,
    X: counts.X,
    genes: counts.features,
    geneIds: counts.features,
    xy,
    obs: numericObs(meta.columns, rows, [idColumn, 'center_x', 'center_y']),
    metadata: {
      platform: 'MERSCOPE',
      coordinates: `${metaFile} center_x, center_y (µm)`,
      blank_codewords: counts.controls.map((c) => c.name).join(','),
      blank_counts: blankTotal,
    },
    controls: counts.controls,
    warnings,
  };
  const bounds = boundsFile
    ? await readBoundaries(files, boundsFile, counts.ids, warnings)
    : legacyBounds.length
      ? await readLegacyBoundaries(files, legacyBounds, counts.ids, warnings)
      : undefined;
  if (bounds) {
    run.outlines = bounds.outlines;
    run.metadata.outline_z_index = bounds.zIndex;
  }
  return run;
}

/** One ring per cell of `cellIds` from the GeoParquet boundaries, at the middle z-plane present. */
async function readBoundaries(
  files: CellFiles,
  name: string,
  cellIds: readonly string[],
  warnings: string[],
): Promise<{ outlines: CellOutlines; zIndex: number }> {
  const label = files.label(name);
  const table = await readParquetColumns(
    await files.bytes(name),
    label,
    { numeric: ['ZIndex'], other: ['EntityID', 'Geometry'], optional: ['ZIndex'] },
    files.budget,
  );
  const z = table.numeric.ZIndex ?? new Float64Array(table.rows);
  const planes = [...new Set(z)].sort((a, b) => a - b);
  const middle = planes[Math.floor((planes.length - 1) / 2)] ?? 0;
  const rowOf = new Map(cellIds.map((id, i) => [id, i]));
  const best = new Int32Array(cellIds.length).fill(-1);
  let unplaced = 0;
  table.other.EntityID!.forEach((id, r) => {
    const cell = rowOf.get(String(id));
    if (cell === undefined) return void unplaced++;
    const was = best[cell]!;
    if (was < 0 || Math.abs(z[r]! - middle) < Math.abs(z[was]! - middle)) best[cell] = r;
  });
  if (unplaced) warnings.push(CELLS_MSG.outlinesWithoutCell(label, unplaced));
  const rings = [...best].map((r) => (r < 0 ? null : exteriorRing(table.other.Geometry![r], r + 1, label)));
  return { outlines: outlinesFromRings(rings), zIndex: middle };
}
