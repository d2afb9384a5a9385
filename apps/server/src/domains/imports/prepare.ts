import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
// The messages alone: the import CLI loads this module before anything else, and the full contracts cost ~1 s.
import { GENES_MSG } from '@atlas/contracts/genes/messages';
import { IMAGE_MAX_MEGAPIXELS, IMPORT_LIMITS, type TImportLimits } from '@atlas/contracts/genes/import-limits';
import {
  hdf5Layout,
  isMtxFolder,
  isZip,
  probesToGenes,
  readAnndataZarr,
  readH5ad,
  readTenxH5,
  readTenxMtx,
  readUnsSpatial,
  readVisiumSpatial,
  isSpatialDataStore,
  columnsExtent,
  SpatialFormatError,
  SpatialLimitError,
  spotsExtent,
  writeH5ad,
  type DenseArray,
  type H5adData,
  type H5adWriteInput,
  type SpotsExtent,
  type TenxMatrix,
  type WritableColumn,
} from '@atlas/spatial/io';
import { classifyMatrixValues } from '@atlas/spatial/expression-input';
import { createImageGuard, ImageRefusedError } from '../../infra/images.js';
import { ImportError } from './errors.js';
import { keepTissueImages, pngOf, SPATIAL_IMAGES, type TissueImageCandidate } from './tissue-images.js';
import { zarrFilesOf } from './sources.js';
import { prepareSpatialData } from './spatialdata.js';
import { cellFolderOfZip, cellPlatformOf, cellRunFiles, readCellRun } from './cells.js';

/**
 * Turns an import source into the files of a run WITHOUT touching the database or storage (DESIGN §6 "Import"),
 * so a bad input fails in well under a second with the reader's message and leaves nothing behind. Accepted:
 * - a file: an AnnData `.h5ad` (any HDF5 AnnData, also named `.h5`), a 10x HDF5 matrix (v2/v3) on its own, or an
 *   AnnData-Zarr `.zarr.zip`;
 * - a folder: a 10x Matrix Market `filtered_feature_bc_matrix/` on its own; an AnnData-Zarr `.zarr` store; a SpatialData `.zarr` store (its table, placed by the labels or shapes
 *   it annotates, over its image: spatialdata.ts); a Space Ranger `outs/` (filtered_feature_bc_matrix.h5 or the
 *   Matrix Market filtered_feature_bc_matrix/, with spatial/ holding tissue_positions.csv, tissue_positions_list.csv
 *   or tissue_positions.parquet); a Visium HD `binned_outputs/square_XXXum` folder, or outs/ with binned_outputs/
 *   (the 8 µm bins are taken); a folder holding genes.h5ad;
 * - a Xenium, CosMx or MERSCOPE output folder, or a zip of one (cells.ts: cells placed in microns, outlines beside).
 * Without positions (a non-spatial AnnData, a lone matrix) the run is UMAP-only. `uns['spatial']` images and scale
 * factors become the run's spatial folder; a placeholder image (flat or near-black) or one that no scale factor
 * puts under the spots is dropped so the explorer uses the other resolution (tissue-images.ts).
 *
 * Every reader gets the import's limits (issue 33): declared shapes, chunk counts and uncompressed sizes are checked
 * before anything is inflated, so a decompression bomb is refused in milliseconds with 413; every image is decoded
 * or encoded through the guarded image path (infra/images.ts), refused from its header past the pixel limit.
 */

/** The limits an import is held to: the server's configured ones (config.ts), or the defaults for the CLI. */
export interface PrepareOptions {
  limits: TImportLimits;
  imageMaxPixels: number;
}

/** The defaults of ATLAS_IMPORT_MAX_* and ATLAS_IMAGE_MAX_MEGAPIXELS. */
export const DEFAULT_PREPARE: PrepareOptions = {
  limits: IMPORT_LIMITS,
  imageMaxPixels: IMAGE_MAX_MEGAPIXELS * 1_000_000,
};

/** A folder to import from (local or a storage prefix); files are read only when needed. */
export interface SourceFolder {
  label: string;
  /** Relative file names, '/'-separated. */
  names: string[];
  read(name: string): Promise<Uint8Array>;
  /** A file's stored size, when known without reading it (bounds what a Zarr chunk may be). */
  size?(name: string): number | undefined;
}

export type ImportSource = { kind: 'file'; name: string; bytes: Uint8Array } | { kind: 'folder'; folder: SourceFolder };

export interface PreparedImport {
  /** What the input was, for messages: 'AnnData (h5ad)', 'Space Ranger folder', … */
  format: string;
  nObs: number;
  nVars: number;
  spatial: boolean;
  /** Keys relative to `data/{run}/` → bytes, e.g. `h5/obj/genes.h5ad`, `spatial/scalefactors_json.json`. */
  files: Map<string, Uint8Array>;
  warnings: string[];
}

export const MATRIX_FILE = 'filtered_feature_bc_matrix.h5';
const MTX_FOLDER = 'filtered_feature_bc_matrix';
const GENES = 'h5/obj/genes.h5ad';
/** Visium HD bin sizes in order of preference: 8 µm is what 10x recommends for analysis. */
const HD_BINS = ['square_008um', 'square_016um', 'square_002um'];
/**
 * Without a UMAP in the file, webfile.create_files computes clusters and UMAP (analyseRaw), which needs more
 * observations than its 15 neighbours; refused here so the task cannot fail after the inputs are stored.
 */
const ANALYSIS_MIN_OBS = 16;

export async function prepareImport(
  source: ImportSource,
  options: PrepareOptions = DEFAULT_PREPARE,
): Promise<PreparedImport> {
  try {
    if (source.kind === 'file') return await prepareFile(source.name, source.bytes, options);
    return await prepareFolder(source.folder, options);
  } catch (error) {
    if (error instanceof SpatialLimitError) throw new ImportError(error.message, 413);
    if (error instanceof SpatialFormatError) throw new ImportError(error.message);
    throw error;
  }
}

/** An image the guarded path refused, as the import's error. */
function imageRefusal(label: string, error: unknown, o: PrepareOptions): unknown {
  if (!(error instanceof ImageRefusedError) || error.reason !== 'too-large') return error;
  const { width, height } = error.header!;
  return new ImportError(GENES_MSG.importImageTooLarge(label, width, height, o.imageMaxPixels / 1e6), 413);
}

async function prepareFile(name: string, bytes: Uint8Array, o: PrepareOptions): Promise<PreparedImport> {
  if (isZip(bytes)) {
    const cells = cellFolderOfZip(bytes, name, o.limits);
    if (cells) return prepareCells(cells, cellPlatformOf(cells)!, o);
    return prepareZarr(await readAnndataZarr(bytes, name, o.limits), name, 'AnnData-Zarr (.zarr.zip)');
  }
  const layout = await hdf5Layout(bytes, name);
  if (layout === 'tenx') {
    const matrix = await readTenxH5(bytes, { name, limits: o.limits });
    const files = new Map([[`h5/obj/${name}`, bytes]]);
    return prepareMatrix(matrix, name, null, files, ['no spatial positions: the run will have a UMAP only']);
  }
  if (layout !== 'anndata') throw new ImportError(GENES_MSG.importNotAnnData(name));
  return prepareH5ad(name, bytes, o);
}

async function prepareH5ad(name: string, bytes: Uint8Array, o: PrepareOptions): Promise<PreparedImport> {
  const data = await readH5ad(bytes, { name, obsm: ['spatial', 'X_umap', 'umap'], limits: o.limits });
  checkAnnData(data, name, data.layers?.counts !== undefined);
  const files = new Map([[GENES, bytes]]);
  const warnings = [...data.warnings];
  const spatial = data.obsm.spatial !== undefined;
  if (spatial) {
    const uns = await readUnsSpatial(bytes, name, o.limits);
    const spots = spotsExtent(data.obsm.spatial!.data, data.obsm.spatial!.nCols);
    if (uns) await addUnsSpatial(uns, spots, files, warnings, o);
  } else warnings.push('no obsm spatial: the run will have a UMAP only');
  return { format: 'AnnData (h5ad)', nObs: data.nObs, nVars: data.nVars, spatial, files, warnings };
}

/** The checks create_files relies on, made before anything is stored. */
function checkAnnData(data: H5adData, name: string, hasCounts: boolean): void {
  const spatial = data.obsm.spatial;
  if (spatial && spatial.nCols < 2) throw new ImportError(GENES_MSG.importSpatialShape(name, spatial.nCols));
  if (data.nObs === 0) throw new SpatialFormatError(name, 'no observations (X has 0 rows)');
  if (!data.raw && !hasCounts && classifyMatrixValues(data.X).kind === 'scaled')
    throw new ImportError(GENES_MSG.importScaled(name));
  if (!data.obsm.X_umap && !data.obsm.umap) checkAnalysable(name, data.nObs);
}

function checkAnalysable(name: string, n: number): void {
  if (n < ANALYSIS_MIN_OBS) throw new ImportError(GENES_MSG.importTooFew(name, n, ANALYSIS_MIN_OBS));
}

async function addUnsSpatial(
  uns: NonNullable<Awaited<ReturnType<typeof readUnsSpatial>>>,
  spots: SpotsExtent,
  files: Map<string, Uint8Array>,
  warnings: string[],
  o: PrepareOptions,
): Promise<void> {
  if (uns.otherLibraries.length)
    warnings.push(`uns/spatial has several libraries; the images of ${uns.library} are used`);
  const candidates = (['hires', 'lowres'] as const).flatMap((resolution): TissueImageCandidate[] => {
    const pixels = uns.images[resolution];
    if (!pixels) return [];
    const label = `uns/spatial/${uns.library}/images/${resolution}`;
    const png = () => pngOf(pixels, o.imageMaxPixels).catch((e: unknown) => Promise.reject(imageRefusal(label, e, o)));
    return [{ resolution, label, pixels, png }];
  });
  for (const [name, png] of await keepTissueImages(candidates, uns.scalefactors, spots, warnings))
    files.set(`spatial/${name}`, png);
  if (Object.keys(uns.scalefactors).length)
    files.set('spatial/scalefactors_json.json', new TextEncoder().encode(JSON.stringify(uns.scalefactors)));
}

async function prepareFolder(folder: SourceFolder, o: PrepareOptions): Promise<PreparedImport> {
  const has = (name: string) => folder.names.includes(name);
  if (has('zarr.json') || has('.zgroup')) {
    if (isSpatialDataStore(folder.names)) {
      const sdata = await prepareSpatialData(folder, ANALYSIS_MIN_OBS, o);
      return prepareZarr(sdata.data, folder.label, 'SpatialData (.zarr folder)', sdata.files, sdata.warnings);
    }
    const zarr = await readAnndataZarr(zarrFilesOf(folder), folder.label, o.limits);
    return prepareZarr(zarr, folder.label, 'AnnData-Zarr (.zarr folder)');
  }
  const platform = cellPlatformOf(folder);
  if (platform) return prepareCells(folder, platform, o);
  // Space Ranger ≥ 3 outs/ with Visium HD bins: take one bin size.
  const bin = HD_BINS.find((b) => folder.names.some((n) => n.startsWith(`binned_outputs/${b}/`)));
  if (bin && !has(MATRIX_FILE)) return prepareFolder(subFolder(folder, `binned_outputs/${bin}`), o);
  if (has(MATRIX_FILE) || isMtxFolder(namesUnder(folder, MTX_FOLDER))) return prepareSpaceRanger(folder, o);
  // The Matrix Market folder itself (what scanpy.read_10x_mtx takes), like a lone 10x .h5: a UMAP-only run.
  if (isMtxFolder(folder.names)) return prepareMtxFolder(folder, o);
  if (has('genes.h5ad')) return prepareH5ad('genes.h5ad', await folder.read('genes.h5ad'), o);
  const probes = folder.names.find((n) => /(^|\/)raw_probe_bc_matrix\.h5$/.test(n));
  if (probes) throw new ImportError(GENES_MSG.importNoMatrix(folder.label));
  throw new ImportError(GENES_MSG.importSourceUnknown(folder.label), 400);
}

/** A Xenium, CosMx or MERSCOPE folder (cells.ts): the cells with their centres in microns, outlines beside. */
async function prepareCells(
  folder: SourceFolder,
  platform: NonNullable<ReturnType<typeof cellPlatformOf>>,
  o: PrepareOptions,
): Promise<PreparedImport> {
  const run = await readCellRun(folder, platform, o);
  checkAnalysable(folder.label, run.cellIds.length);
  const { adata, files } = cellRunFiles(run);
  files.set(GENES, await h5adBytes(adata));
  return {
    format: `${platform} output folder`,
    nObs: run.cellIds.length,
    nVars: run.genes.length,
    spatial: true,
    files,
    warnings: run.warnings,
  };
}

function namesUnder(folder: SourceFolder, prefix: string): string[] {
  return folder.names.filter((n) => n.startsWith(`${prefix}/`)).map((n) => n.slice(prefix.length + 1));
}

/** A bare filtered_feature_bc_matrix/ folder: kept as the run's matrix folder, converted to genes.h5ad. */
async function prepareMtxFolder(folder: SourceFolder, o: PrepareOptions): Promise<PreparedImport> {
  const files = new Map<string, Uint8Array>();
  const mtx = new Map<string, Uint8Array>();
  for (const name of folder.names.filter((n) => !n.includes('/'))) {
    const bytes = await folder.read(name);
    mtx.set(name, bytes);
    files.set(`h5/obj/${MTX_FOLDER}/${name}`, bytes);
  }
  const matrix = readTenxMtx(mtx, folder.label, o.limits);
  return prepareMatrix(matrix, MTX_FOLDER, null, files, ['no spatial positions: the run will have a UMAP only']);
}

function subFolder(folder: SourceFolder, prefix: string): SourceFolder {
  return {
    label: `${folder.label}/${prefix}`,
    names: namesUnder(folder, prefix),
    read: (name) => folder.read(`${prefix}/${name}`),
    ...(folder.size && { size: (name: string) => folder.size!(`${prefix}/${name}`) }),
  };
}

async function prepareSpaceRanger(folder: SourceFolder, o: PrepareOptions): Promise<PreparedImport> {
  const files = new Map<string, Uint8Array>();
  let matrix: TenxMatrix;
  let matrixName: string;
  if (folder.names.includes(MATRIX_FILE)) {
    const bytes = await folder.read(MATRIX_FILE);
    matrixName = MATRIX_FILE;
    matrix = await readTenxH5(bytes, { name: `${folder.label}/${MATRIX_FILE}`, limits: o.limits });
    files.set(`h5/obj/${MATRIX_FILE}`, bytes);
  } else {
    const mtx = new Map<string, Uint8Array>();
    for (const name of namesUnder(folder, MTX_FOLDER)) {
      const bytes = await folder.read(`${MTX_FOLDER}/${name}`);
      mtx.set(name, bytes);
      files.set(`h5/obj/${MTX_FOLDER}/${name}`, bytes);
    }
    matrixName = MTX_FOLDER;
    matrix = readTenxMtx(mtx, `${folder.label}/${MTX_FOLDER}`, o.limits);
  }
  const spatialNames = namesUnder(folder, 'spatial');
  if (spatialNames.length === 0) {
    return prepareMatrix(matrix, matrixName, null, files, [
      `${folder.label} has no spatial/ folder: the run will have a UMAP only`,
    ]);
  }
  const spatialFiles = new Map<string, Uint8Array>();
  for (const name of spatialNames) spatialFiles.set(name, await folder.read(`spatial/${name}`));
  const spatial = await readVisiumSpatial(spatialFiles);
  // Barcodes first: decoding a 6000-px hires image to check it is not blank takes a second or more.
  checkPlaced(matrix, matrixName, spatial);
  const warnings: string[] = [];
  const candidates = await decodedImages(spatialFiles, o);
  for (const { resolution } of candidates) spatialFiles.delete(SPATIAL_IMAGES[resolution]);
  const spots = columnsExtent(spatial.positions.pxlCol, spatial.positions.pxlRow);
  for (const [name, png] of await keepTissueImages(candidates, spatial.scalefactors, spots, warnings))
    spatialFiles.set(name, png);
  for (const [name, bytes] of spatialFiles) files.set(`spatial/${name}`, bytes);
  return prepareMatrix(matrix, matrixName, spatial, files, warnings);
}

/** Every barcode of the matrix needs a position; answers the position row of each barcode. */
function checkPlaced(
  matrix: TenxMatrix,
  matrixName: string,
  spatial: Awaited<ReturnType<typeof readVisiumSpatial>>,
): Map<string, number> {
  const row = new Map(spatial.positions.barcodes.map((b, i) => [b, i]));
  const unplaced = matrix.barcodes.filter((b) => !row.has(b));
  if (unplaced.length)
    throw new ImportError(GENES_MSG.importUnplaced(matrixName, unplaced.length, matrix.barcodes.length, unplaced[0]!));
  return row;
}

/**
 * The folder's tissue images, decoded through the guarded image path (a 6000-px hires takes a second): one over
 * the pixel limit refuses the import (413) from its header; an unreadable one is left to the explorer.
 */
async function decodedImages(
  spatialFiles: Map<string, Uint8Array>,
  o: PrepareOptions,
): Promise<TissueImageCandidate[]> {
  const guard = createImageGuard({ maxPixels: o.imageMaxPixels });
  const candidates: TissueImageCandidate[] = [];
  for (const resolution of ['hires', 'lowres'] as const) {
    const name = SPATIAL_IMAGES[resolution];
    const bytes = spatialFiles.get(name);
    if (!bytes) continue;
    const decoded = await guard
      .decode(bytes, (image) => image.raw().toBuffer({ resolveWithObject: true }))
      .catch((error: unknown) => {
        const refused = imageRefusal(`spatial/${name}`, error, o);
        if (refused instanceof ImportError) throw refused;
        return null;
      });
    if (!decoded) continue;
    const { data, info } = decoded;
    const pixels = { width: info.width, height: info.height, channels: info.channels, pixels: data };
    candidates.push({ resolution, label: `spatial/${name}`, pixels, png: async () => bytes });
  }
  return candidates;
}

/** A 10x matrix (with Space Ranger positions or none) as genes.h5ad: X = the matrix, obsm 'spatial' = (x, y). */
async function prepareMatrix(
  matrix: TenxMatrix,
  matrixName: string,
  spatial: Awaited<ReturnType<typeof readVisiumSpatial>> | null,
  files: Map<string, Uint8Array>,
  warnings: string[],
): Promise<PreparedImport> {
  if (matrix.probes) {
    const probes = matrix.X.nCols;
    matrix = probesToGenes(matrix);
    warnings.push(`${matrixName} is probe-level: ${probes} probes summed into ${matrix.X.nCols} genes`);
  }
  const n = matrix.barcodes.length;
  checkAnalysable(matrixName, n);
  const adata: H5adWriteInput = {
    X: matrix.X,
    obsNames: matrix.barcodes,
    varNames: matrix.featureNames,
    var: {
      gene_ids: { kind: 'string', values: matrix.featureIds },
      feature_types: { kind: 'string', values: matrix.featureTypes },
    },
  };
  if (spatial) {
    const row = checkPlaced(matrix, matrixName, spatial);
    const xy = new Float64Array(2 * n);
    const inTissue = new Float64Array(n);
    const arrayRow = new Float64Array(n);
    const arrayCol = new Float64Array(n);
    matrix.barcodes.forEach((b, i) => {
      const r = row.get(b)!;
      xy[2 * i] = spatial.positions.pxlCol[r]!;
      xy[2 * i + 1] = spatial.positions.pxlRow[r]!;
      inTissue[i] = spatial.positions.inTissue[r]!;
      arrayRow[i] = spatial.positions.arrayRow[r]!;
      arrayCol[i] = spatial.positions.arrayCol[r]!;
    });
    adata.obs = {
      in_tissue: { kind: 'numeric', values: inTissue },
      array_row: { kind: 'numeric', values: arrayRow },
      array_col: { kind: 'numeric', values: arrayCol },
    };
    adata.obsm = { spatial: { nRows: n, nCols: 2, data: xy } };
  }
  files.set(GENES, await h5adBytes(adata));
  return {
    format: spatial ? `Space Ranger matrix with ${spatial.positionsFile}` : `10x matrix (${matrix.layout})`,
    nObs: n,
    nVars: matrix.featureNames.length,
    spatial: spatial !== null,
    files,
    warnings,
  };
}

/** An AnnData read from Zarr, written as genes.h5ad (the one format the web-file task reads). */
async function prepareZarr(
  data: Awaited<ReturnType<typeof readAnndataZarr>>,
  name: string,
  format: string,
  files = new Map<string, Uint8Array>(),
  warnings = [...data.warnings],
): Promise<PreparedImport> {
  checkAnnData(data, name, data.counts !== undefined);
  const writable = (columns: H5adData['obs']): Record<string, WritableColumn> =>
    Object.fromEntries(
      Object.entries(columns).map(([key, c]) => [
        key,
        c.kind === 'bool' ? { kind: 'numeric', values: Float64Array.from(c.values) } : c,
      ]),
    );
  const obsm: Record<string, DenseArray> = {};
  for (const key of ['spatial', 'X_umap', 'umap', 'X_pca']) if (data.obsm[key]) obsm[key] = data.obsm[key];
  const raw = data.raw
    ? { X: data.raw.X, varNames: data.raw.varNames }
    : data.counts && classifyMatrixValues(data.X).kind === 'scaled'
      ? { X: data.counts, varNames: data.varNames }
      : undefined;
  if (raw && !data.raw) warnings.push('X is scaled: layers/counts is kept as raw.X');
  if (!obsm.spatial) warnings.push('no obsm spatial: the run will have a UMAP only');
  const bytes = await h5adBytes({
    X: data.X,
    obsNames: data.obsNames,
    varNames: data.varNames,
    obs: writable(data.obs),
    var: writable(data.var),
    obsm,
    ...(raw && { raw }),
  });
  files.set(GENES, bytes);
  return { format, nObs: data.nObs, nVars: data.nVars, spatial: obsm.spatial !== undefined, files, warnings };
}

async function h5adBytes(adata: H5adWriteInput): Promise<Uint8Array> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-import-'));
  try {
    const file = path.join(dir, 'genes.h5ad');
    await writeH5ad(file, adata);
    return new Uint8Array(await fs.readFile(file));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
