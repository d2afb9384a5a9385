/**
 * NanoString CosMx SMI flat files (AtoMx export; names carry the run's prefix, so they are found by suffix):
 * - `*exprMat_file.csv`: one row per cell keyed by `fov` + `cell_ID`, one column per target. Negative probes
 *   (`NegPrb*`, `Negative*`) and system controls (`SystemControl*`, `FalseCode*`) are kept out of X and reported
 *   with their totals; the row of cell_ID 0 (transcripts assigned to no cell) is left out and reported;
 * - `*metadata_file.csv`: the cells, matched to the matrix by fov + cell_ID whatever the order. Centres are
 *   `CenterX_global_px` / `CenterY_global_px` (the slide's global frame, in pixels) times the pixel size; without
 *   them, `CenterX_local_px` + the FOV's position in `*fov_positions_file.csv` (`x_global_px`, `y_global_px`);
 * - `*polygons.csv` (optional): the outline vertices, `fov`, `cellID` (or `cell_ID`), `x_global_px`, `y_global_px`.
 * The pixel size is NanoString's documented 0.12028 µm per pixel of the CosMx SMI camera (the "Data Analysis
 * User Manual" of AtoMx); an export of another instrument generation can give its own (`pixelSizeUm`).
 */
import { CELLS_MSG } from '@atlas/contracts/genes/cell-messages';
import { SpatialFormatError } from '../errors.js';
import { outlinesFromVertices } from './outlines.js';
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

/** NanoString's CosMx SMI pixel size, µm per pixel. */
export const COSMX_PIXEL_SIZE_UM = 0.12028;

const EXPR = ['exprMat_file.csv', 'exprMat_file.csv.gz'];
const META = ['metadata_file.csv', 'metadata_file.csv.gz'];
const FOVS = ['fov_positions_file.csv', 'fov_positions_file.csv.gz'];
const POLYGONS = ['polygons.csv', 'polygons.csv.gz'];
const CONTROL = /^(NegPrb|Negative|SystemControl|FalseCode)/i;

export const isCosmxFolder = (folder: CellFolder) =>
  findBySuffix(folder, EXPR) !== undefined && findBySuffix(folder, META) !== undefined;

export interface ReadCosmxOptions extends ReadCellsOptions {
  pixelSizeUm?: number;
}

export async function readCosmx(folder: CellFolder, options: ReadCosmxOptions = {}): Promise<CellRun> {
  const exprFile = findBySuffix(folder, EXPR);
  const metaFile = findBySuffix(folder, META);
  if (!exprFile) throw new SpatialFormatError(folder.label, CELLS_MSG.missingFile('CosMx', '*exprMat_file.csv'));
  if (!metaFile) throw new SpatialFormatError(folder.label, CELLS_MSG.missingFile('CosMx', '*metadata_file.csv'));
  const fovFile = findBySuffix(folder, FOVS);
  const polygonFile = findBySuffix(folder, POLYGONS);
  const planned = [exprFile, metaFile, fovFile, polygonFile].filter((n): n is string => !!n);
  const files = new CellFiles(folder, options.limits, planned);
  const pixel = options.pixelSizeUm ?? COSMX_PIXEL_SIZE_UM;
  const warnings: string[] = [];

  const exprLabel = files.label(exprFile);
  const counts = readWideCounts(await files.text(exprFile), exprLabel, {
    idColumns: ['fov', 'cell_ID'],
    isControl: (name) => CONTROL.test(name),
    skip: (id) => id.endsWith('_0'),
    budget: files.budget,
  });
  const controlTotal = reportControls(counts.controls, 'negative probes and system controls', warnings);
  if (counts.skipped.rows) warnings.push(CELLS_MSG.unassignedKeptOut(counts.skipped.total));

  const metaLabel = files.label(metaFile);
  const meta = readColumns(await files.text(metaFile), metaLabel, ['fov', 'cell_ID'], true);
  const ids = meta.columns.fov.map((fov, i) => `${fov.trim()}_${meta.columns.cell_ID[i]!.trim()}`);
  const rows = matchCells(counts.ids, ids, exprLabel, metaLabel, warnings);
  const { x, y, coordinates } = await centres(files, meta, fovFile, metaLabel);
  const n = counts.ids.length;
  const xy = placeCells(rows, x, y, pixel);
  const run: CellRun = {
    platform: 'CosMx',
    cellIds: counts.ids,
    X: counts.X,
    genes: counts.features,
    geneIds: counts.features,
    xy,
    obs: numericObs(meta.columns, rows, ['cell_ID']),
    metadata: {
      platform: 'CosMx',
      coordinates: `${metaFile} ${coordinates} × ${pixel} µm/px`,
      pixel_size_um: pixel,
      fovs: new Set(meta.columns.fov).size,
      control_probes: counts.controls.map((c) => c.name).join(','),
      control_counts: controlTotal,
      unassigned_counts: counts.skipped.total,
    },
    controls: counts.controls,
    warnings,
  };
  if (polygonFile) {
    const label = files.label(polygonFile);
    const text = await files.text(polygonFile);
    const idColumn = csvHeader(text).includes('cellID') ? 'cellID' : 'cell_ID';
    const poly = readColumns(text, label, ['fov', idColumn, 'x_global_px', 'y_global_px']);
    const vertexIds = poly.columns.fov.map((fov, i) => `${fov.trim()}_${poly.columns[idColumn]![i]!.trim()}`);
    const px = numericColumn(poly.columns.x_global_px, poly.lines, 'x_global_px', label).map((v) => v * pixel);
    const py = numericColumn(poly.columns.y_global_px, poly.lines, 'y_global_px', label).map((v) => v * pixel);
    const rowOf = new Map(counts.ids.map((id, i) => [id, i]));
    const { outlines, unplaced } = outlinesFromVertices(rowOf, n, vertexIds, px, py);
    if (unplaced) warnings.push(CELLS_MSG.outlinesWithoutCell(label, unplaced));
    run.outlines = outlines;
  }
  return run;
}

/** Global pixel centres of the metadata's rows, and which columns gave them. */
async function centres(
  files: CellFiles,
  meta: ReturnType<typeof readColumns>,
  fovFile: string | undefined,
  label: string,
): Promise<{ x: Float64Array; y: Float64Array; coordinates: string }> {
  const { columns, lines } = meta;
  const num = (name: string) => numericColumn(columns[name]!, lines, name, label);
  if (columns.CenterX_global_px && columns.CenterY_global_px)
    return {
      x: num('CenterX_global_px'),
      y: num('CenterY_global_px'),
      coordinates: 'CenterX_global_px, CenterY_global_px',
    };
  if (!columns.CenterX_local_px || !columns.CenterY_local_px)
    throw new SpatialFormatError(label, CELLS_MSG.missingColumns(['CenterX_global_px', 'CenterY_global_px']));
  if (!fovFile) throw new SpatialFormatError(label, CELLS_MSG.missingFile('CosMx', '*fov_positions_file.csv'));
  const fovLabel = files.label(fovFile);
  const fovs = readColumns(await files.text(fovFile), fovLabel, ['fov', 'x_global_px', 'y_global_px']);
  const fx = numericColumn(fovs.columns.x_global_px, fovs.lines, 'x_global_px', fovLabel);
  const fy = numericColumn(fovs.columns.y_global_px, fovs.lines, 'y_global_px', fovLabel);
  const fovRow = new Map(fovs.columns.fov.map((f, i) => [f.trim(), i]));
  const x = num('CenterX_local_px');
  const y = num('CenterY_local_px');
  columns.fov!.forEach((fov, i) => {
    const r = fovRow.get(fov.trim());
    if (r === undefined) throw new SpatialFormatError(fovLabel, CELLS_MSG.noFovPosition(fov, lines[i]!));
    x[i]! += fx[r]!;
    y[i]! += fy[r]!;
  });
  return { x, y, coordinates: `CenterX_local_px, CenterY_local_px + ${fovFile}` };
}
