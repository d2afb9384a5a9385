/**
 * A 10x Xenium Onboard Analysis output folder (issue 38):
 * - the matrix: `cell_feature_matrix.h5` (the 10x HDF5 layout, read by readTenxH5) or the Matrix Market folder
 *   `cell_feature_matrix/`; only `Gene Expression` features enter X, the negative control probes and codewords,
 *   blank, unassigned and deprecated codewords are kept out and reported with their counts;
 * - the cells table: `cells.parquet` (preferred: XOA writes both, and the CSV is the legacy copy) or
 *   `cells.csv.gz` / `cells.csv`: `cell_id`, `x_centroid`, `y_centroid` already in microns, plus numeric columns
 *   (areas, counts) that become obs. Every matrix barcode must have a row, matched by id whatever the order;
 * - `experiment.xenium` (JSON): pixel size and run metadata (absent: a warning, the centroids need no pixel size);
 * - `cell_boundaries` and `nucleus_boundaries` (`.parquet` or `.csv[.gz]`: `cell_id`, `vertex_x`, `vertex_y` in
 *   microns) become the run's outlines.
 * Without a matrix, the counts are built from the transcripts (./xenium-transcripts.ts) and the cells placed at
 * their outline's centre, or at their transcripts' mean position when they have no outline.
 */
import { CELLS_MSG } from '@atlas/contracts/genes/cell-messages';
import type { CsrMatrix } from '../../matrix/types.js';
import { SpatialFormatError } from '../errors.js';
import { readTenxH5, type TenxMatrix } from '../tenx-h5.js';
import { readTenxMtx } from '../tenx-mtx.js';
import { outlinesFromVertices, type CellOutlines } from './outlines.js';
import { readParquetColumns } from './parquet-columns.js';
import { placeAtOutlines } from './transcript-counts.js';
import { countTranscripts, TRANSCRIPTS } from './xenium-transcripts.js';
import {
  CellFiles,
  matchCells,
  placeCells,
  reportControls,
  type CellFolder,
  type CellRun,
  type ReadCellsOptions,
} from './source.js';
import { numericColumn, numericObs, readColumns } from './wide-counts.js';

const MATRIX_H5 = 'cell_feature_matrix.h5';
const MATRIX_MTX = 'cell_feature_matrix';
const CELLS = ['cells.parquet', 'cells.csv.gz', 'cells.csv'];
const EXPERIMENT = 'experiment.xenium';
const GENE = 'Gene Expression';
/** The experiment.xenium keys kept in the run's metadata (scalars only; file paths are not). */
const EXPERIMENT_KEYS = [
  'run_name',
  'region_name',
  'preservation_method',
  'panel_name',
  'panel_organism',
  'panel_tissue_type',
  'instrument_sn',
  'analysis_sw_version',
  'pixel_size',
  'num_cells',
  'z_step_size',
];

/** A folder is a Xenium output when it holds experiment.xenium, or a cell_feature_matrix beside a cells table. */
export function isXeniumFolder(names: readonly string[]): boolean {
  const top = names.filter((n) => !n.includes('/'));
  const matrix = top.includes(MATRIX_H5) || names.some((n) => n.startsWith(`${MATRIX_MTX}/`));
  return top.includes(EXPERIMENT) || (matrix && CELLS.some((c) => top.includes(c)));
}

export async function readXenium(folder: CellFolder, options: ReadCellsOptions = {}): Promise<CellRun> {
  const has = (name: string) => folder.names.includes(name);
  const mtxNames = folder.names.filter((n) => n.startsWith(`${MATRIX_MTX}/`));
  if (!has(MATRIX_H5) && mtxNames.length === 0) {
    const transcripts = TRANSCRIPTS.find(has);
    if (transcripts) return readFromTranscripts(folder, transcripts, options);
    throw new SpatialFormatError(folder.label, CELLS_MSG.missingFile('Xenium', `${MATRIX_H5} or ${MATRIX_MTX}/`));
  }
  const cellsFile = CELLS.find(has);
  if (!cellsFile) throw new SpatialFormatError(folder.label, CELLS_MSG.missingFile('Xenium', CELLS.join(' or ')));
  const cellBounds = boundariesOf(folder, 'cell_boundaries');
  const nucleusBounds = boundariesOf(folder, 'nucleus_boundaries');
  const planned = [has(MATRIX_H5) ? MATRIX_H5 : mtxNames, cellsFile, cellBounds, nucleusBounds, EXPERIMENT].flat();
  const files = new CellFiles(
    folder,
    options.limits,
    planned.filter((n): n is string => !!n && has(n)),
  );
  const warnings: string[] = [];

  const matrixLabel = files.label(has(MATRIX_H5) ? MATRIX_H5 : MATRIX_MTX);
  const matrix = await readMatrix(files, mtxNames, options);
  const { X, genes, geneIds, controls } = genesOnly(matrix);
  reportControls(controls, 'control features', warnings);

  const table = await readCellsTable(files, cellsFile);
  const rows = matchCells(matrix.barcodes, table.ids, matrixLabel, files.label(cellsFile), warnings);
  const n = matrix.barcodes.length;
  const xy = placeCells(rows, table.x, table.y);
  const rowOf = new Map(matrix.barcodes.map((b, i) => [b, i]));
  const metadata: Record<string, string | number> = {
    platform: 'Xenium',
    coordinates: `${cellsFile} x_centroid, y_centroid (µm)`,
  };
  if (has(EXPERIMENT)) Object.assign(metadata, await readExperiment(files));
  else warnings.push(`${folder.label} has no ${EXPERIMENT}: no run metadata or pixel size`);
  const run: CellRun = {
    platform: 'Xenium',
    cellIds: matrix.barcodes,
    X,
    genes,
    geneIds,
    xy,
    obs: numericObs(table.columns, rows, ['cell_id', 'x_centroid', 'y_centroid']),
    metadata,
    controls,
    warnings,
  };
  if (cellBounds) run.outlines = await readBoundaries(files, cellBounds, rowOf, n, warnings);
  if (nucleusBounds) run.nucleusOutlines = await readBoundaries(files, nucleusBounds, rowOf, n, warnings);
  return run;
}

/** A Xenium folder without a matrix: the counts from its transcripts, its outlines and metadata as usual. */
async function readFromTranscripts(folder: CellFolder, name: string, options: ReadCellsOptions): Promise<CellRun> {
  const has = (file: string) => folder.names.includes(file);
  const cellBounds = boundariesOf(folder, 'cell_boundaries');
  const nucleusBounds = boundariesOf(folder, 'nucleus_boundaries');
  const planned = [name, cellBounds, nucleusBounds, EXPERIMENT].filter((n): n is string => !!n && has(n));
  const files = new CellFiles(folder, options.limits, planned);
  const warnings: string[] = [];
  const counts = await countTranscripts(files, name);
  const label = files.label(name);
  if (!counts.cellIds.length) throw new SpatialFormatError(label, CELLS_MSG.noCells);
  reportControls(counts.controls, 'control features', warnings);
  warnings.push(CELLS_MSG.countedTranscripts(label, counts.counted, counts.cellIds.length, counts.unassigned));
  const n = counts.cellIds.length;
  const rowOf = new Map(counts.cellIds.map((id, i) => [id, i]));
  const metadata: Record<string, string | number> = {
    platform: 'Xenium',
    coordinates: `cells at their outline's centre (µm), else their transcripts' mean x_location, y_location`,
    counts: `built from ${name}: transcripts of qv ≥ 20 assigned to a cell`,
  };
  if (has(EXPERIMENT)) Object.assign(metadata, await readExperiment(files));
  const run: CellRun = {
    platform: 'Xenium',
    cellIds: counts.cellIds,
    X: counts.X,
    genes: counts.genes,
    geneIds: counts.genes,
    xy: counts.meanXy,
    obs: {},
    metadata,
    controls: counts.controls,
    warnings,
  };
  if (cellBounds) {
    run.outlines = await readBoundaries(files, cellBounds, rowOf, n, warnings);
    placeAtOutlines(run.xy, run.outlines);
  }
  if (nucleusBounds) run.nucleusOutlines = await readBoundaries(files, nucleusBounds, rowOf, n, warnings);
  return run;
}

const boundariesOf = (folder: CellFolder, kind: string) =>
  [`${kind}.parquet`, `${kind}.csv.gz`, `${kind}.csv`].find((name) => folder.names.includes(name));

async function readMatrix(files: CellFiles, mtxNames: string[], options: ReadCellsOptions): Promise<TenxMatrix> {
  if (files.folder.names.includes(MATRIX_H5)) {
    const stated = files.folder.size?.(MATRIX_H5);
    if (stated !== undefined) files.budget?.check(files.label(MATRIX_H5), stated);
    return readTenxH5(await files.folder.read(MATRIX_H5), { name: files.label(MATRIX_H5), ...options });
  }
  const mtx = new Map<string, Uint8Array>();
  for (const name of mtxNames) mtx.set(name.slice(MATRIX_MTX.length + 1), await files.folder.read(name));
  return readTenxMtx(mtx, files.label(MATRIX_MTX), options.limits);
}

/** X restricted to Gene Expression features; the others summed per feature. */
function genesOnly(matrix: TenxMatrix): Pick<CellRun, 'X' | 'genes' | 'geneIds' | 'controls'> {
  const keep = matrix.featureTypes.map((t) => t === GENE);
  if (keep.every(Boolean)) return { X: matrix.X, genes: matrix.featureNames, geneIds: matrix.featureIds, controls: [] };
  const newIndex = new Int32Array(keep.length).fill(-1);
  let nKept = 0;
  keep.forEach((k, j) => k && (newIndex[j] = nKept++));
  const totals = new Float64Array(keep.length);
  const { indptr, indices, data } = matrix.X;
  const outIndptr = new Float64Array(matrix.X.nRows + 1);
  const outIndices: number[] = [];
  const outData: number[] = [];
  for (let r = 0; r < matrix.X.nRows; r++) {
    for (let k = indptr[r]!; k < indptr[r + 1]!; k++) {
      const j = indices[k]!;
      if (newIndex[j]! >= 0) {
        outIndices.push(newIndex[j]!);
        outData.push(data[k]!);
      } else totals[j]! += data[k]!;
    }
    outIndptr[r + 1] = outIndices.length;
  }
  const X: CsrMatrix = {
    kind: 'csr',
    nRows: matrix.X.nRows,
    nCols: nKept,
    indptr: outIndptr,
    indices: Int32Array.from(outIndices),
    data: Float32Array.from(outData),
  };
  const pick = <T>(list: T[]) => list.filter((_, j) => keep[j]);
  const controls = matrix.featureNames.map((name, j) => ({ name, total: totals[j]! })).filter((_, j) => !keep[j]);
  return { X, genes: pick(matrix.featureNames), geneIds: pick(matrix.featureIds), controls };
}

interface CellsTable {
  ids: string[];
  x: Float64Array;
  y: Float64Array;
  columns: Record<string, ArrayLike<unknown>>;
}

async function readCellsTable(files: CellFiles, name: string): Promise<CellsTable> {
  const label = files.label(name);
  if (name.endsWith('.parquet')) {
    const want = { numeric: ['x_centroid', 'y_centroid'], other: ['cell_id'], restNumeric: true, rowsAreCells: true };
    const table = await readParquetColumns(await files.bytes(name), label, want, files.budget);
    const ids = table.other.cell_id!.map((v) => String(v));
    return { ids, x: table.numeric.x_centroid!, y: table.numeric.y_centroid!, columns: table.numeric };
  }
  const text = await files.text(name);
  const { columns, lines } = readColumns(text, label, ['cell_id', 'x_centroid', 'y_centroid'], true);
  files.budget?.checkShape(label, lines.length, 0);
  return {
    ids: columns.cell_id.map((id) => id.trim()),
    x: numericColumn(columns.x_centroid, lines, 'x_centroid', label),
    y: numericColumn(columns.y_centroid, lines, 'y_centroid', label),
    columns,
  };
}

async function readExperiment(files: CellFiles): Promise<Record<string, string | number>> {
  let json: unknown;
  try {
    json = JSON.parse(await files.text(EXPERIMENT));
  } catch (error) {
    throw new SpatialFormatError(files.label(EXPERIMENT), CELLS_MSG.notJson((error as Error).message));
  }
  if (typeof json !== 'object' || json === null)
    throw new SpatialFormatError(files.label(EXPERIMENT), CELLS_MSG.notJson('not an object'));
  const record = json as Record<string, unknown>;
  const out: Record<string, string | number> = {};
  for (const key of EXPERIMENT_KEYS) {
    const v = record[key];
    if (typeof v === 'string' || typeof v === 'number') out[key === 'pixel_size' ? 'pixel_size_um' : key] = v;
  }
  return out;
}

async function readBoundaries(
  files: CellFiles,
  name: string,
  rowOf: Map<string, number>,
  nCells: number,
  warnings: string[],
): Promise<CellOutlines> {
  const label = files.label(name);
  let ids: ArrayLike<unknown>;
  let x: ArrayLike<number>;
  let y: ArrayLike<number>;
  if (name.endsWith('.parquet')) {
    const t = await readParquetColumns(
      await files.bytes(name),
      label,
      { numeric: ['vertex_x', 'vertex_y'], other: ['cell_id'] },
      files.budget,
    );
    [ids, x, y] = [t.other.cell_id!, t.numeric.vertex_x!, t.numeric.vertex_y!];
  } else {
    const { columns, lines } = readColumns(await files.text(name), label, ['cell_id', 'vertex_x', 'vertex_y']);
    ids = columns.cell_id.map((id) => id.trim());
    x = numericColumn(columns.vertex_x, lines, 'vertex_x', label);
    y = numericColumn(columns.vertex_y, lines, 'vertex_y', label);
  }
  const { outlines, unplaced } = outlinesFromVertices(rowOf, nCells, ids, x, y);
  if (unplaced) warnings.push(CELLS_MSG.outlinesWithoutCell(label, unplaced));
  return outlines;
}
