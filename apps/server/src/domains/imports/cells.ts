import { CELL_FILES } from '@atlas/contracts';
import type { TImportLimits } from '@atlas/contracts/genes/import-limits';
import {
  encodeOutlines,
  encodeOutlineTiles,
  cellFolderOfZipBytes,
  isCosmxFolder,
  isMerscopeFolder,
  isMerscopeTranscriptsFolder,
  isXeniumFolder,
  readCosmx,
  readMerscope,
  readMerscopeTranscripts,
  readXenium,
  type CellPlatform,
  type CellRun,
  type H5adWriteInput,
  type WritableColumn,
} from '@atlas/spatial/io';
import type { PrepareOptions, SourceFolder } from './prepare.js';

/**
 * Single-cell-resolution outputs as runs (issue 38): a Xenium, CosMx or MERSCOPE folder (or a zip of one) read by
 * @atlas/spatial's cell readers, which refuse an incomplete or inconsistent folder before anything is stored. The
 * run's genes.h5ad holds the cells × genes counts (controls kept out), obs the cell ids and the cells table's numeric
 * columns, obsm 'spatial' the centres in microns and uns['cells'] the platform's metadata. The outlines are side
 * files of the run, beside h5/ and spatial/ so that neither the web-file task nor the spatial folder's readers
 * meet them: `cells/cell_outline_tiles.bin` in spatial tiles (@atlas/spatial's encodeOutlineTiles: the explorer's
 * windows read only their tiles), `cells/nucleus_outlines.bin` in the compact form of encodeOutlines (not drawn), and
 * `cells/cells.json` saying what they are.
 */
export { CELL_FILES };

export function cellPlatformOf(folder: SourceFolder): CellPlatform | null {
  if (isXeniumFolder(folder.names)) return 'Xenium';
  if (isCosmxFolder(folder)) return 'CosMx';
  if (isMerscopeFolder(folder) || isMerscopeTranscriptsFolder(folder)) return 'MERSCOPE';
  return null;
}

export function readCellRun(folder: SourceFolder, platform: CellPlatform, o: PrepareOptions): Promise<CellRun> {
  const options = { limits: o.limits };
  if (platform === 'Xenium') return readXenium(folder, options);
  if (platform === 'CosMx') return readCosmx(folder, options);
  // A MERSCOPE folder without its cell_by_gene.csv: the counts are built from its transcripts and boundaries.
  return isMerscopeFolder(folder) ? readMerscope(folder, options) : readMerscopeTranscripts(folder, options);
}

/** An HDF5 name cannot hold '/': a cells table column such as `Mean.PanCK` is kept, `a/b` becomes `a_b`. */
const obsName = (name: string) => name.replaceAll('/', '_');

/** The run's genes.h5ad contents and side files. */
export function cellRunFiles(run: CellRun): { adata: H5adWriteInput; files: Map<string, Uint8Array> } {
  const n = run.cellIds.length;
  const obs: Record<string, WritableColumn> = {};
  for (const [name, values] of Object.entries(run.obs)) obs[obsName(name)] = { kind: 'numeric', values };
  const files = new Map<string, Uint8Array>();
  const outlineFiles: Record<string, string> = {};
  if (run.outlines) files.set((outlineFiles.cell = CELL_FILES.outlineTiles), encodeOutlineTiles(run.outlines));
  if (run.nucleusOutlines)
    files.set((outlineFiles.nucleus = CELL_FILES.nucleusOutlines), encodeOutlines(run.nucleusOutlines));
  const description = {
    platform: run.platform,
    cells: n,
    units: 'micrometre',
    metadata: run.metadata,
    controls: run.controls,
    outlines: outlineFiles,
    outlineFormats: {
      ATLOUTT1: 'cell outlines in spatial tiles: @atlas/spatial io/cells/outline-tiles.ts',
      ATLOUTL1: 'uint32 cells, uint32 vertices, uint32 offsets[cells + 1], float32 xy[2 × vertices]',
    },
  };
  files.set(CELL_FILES.description, new TextEncoder().encode(`${JSON.stringify(description, null, 2)}\n`));
  const adata: H5adWriteInput = {
    X: run.X,
    obsNames: run.cellIds,
    varNames: run.genes,
    var: { gene_ids: { kind: 'string', values: run.geneIds } },
    obs,
    obsm: { spatial: { nRows: n, nCols: 2, data: run.xy } },
    uns: { cells: { ...run.metadata, units: 'micrometre' } },
  };
  return { adata, files };
}

/** A zip of a platform's output folder as a folder (@atlas/spatial's cellFolderOfZipBytes), or null if it is none. */
export function cellFolderOfZip(bytes: Uint8Array, name: string, limits: TImportLimits): SourceFolder | null {
  const folder = cellFolderOfZipBytes(bytes, name, limits);
  return cellPlatformOf(folder) ? folder : null;
}
