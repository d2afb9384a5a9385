/** User-visible texts of run-data reads, imports and the gene tasks (ours: the spec leaves the wording open). */
export const GENES_MSG = {
  runNotFound: (runId: string) => `Run ${runId} was not found`,
  webFilesMissing: (runId: string) => `Run ${runId} has no web files yet: create its web object first`,
  needRunOrLink: 'Give a run_id, or the encoded link of a public run',
  featureNotFound: (name: string) => `Feature ${name} was not found`,
  featureIndex: (index: number, count: number) => `Feature index ${index} is outside 0..${count - 1}`,
  kindUnavailable: (kind: string) => `This run has no ${kind}`,
  barcodeBlockOutside: (block: number, tixels: number, size: number) =>
    `block: ${block} is past the run's ${tixels} barcodes (blocks of ${size})`,
  barcodesMissing: (runId: string) =>
    `Run ${runId} was built before barcodes were kept with its web files: create its web object again to show them`,
  topTenMissing: (runId: string, kind: string) => `Run ${runId} has no feature table of ${kind} (topTen_${kind}.json)`,
  noSpatialFolder: (runId: string) => `Run ${runId} has no spatial folder`,
  noTissueImage: (runId: string) =>
    `The spatial folder of run ${runId} has no tissue_hires_image.png or tissue_lowres_image.png`,
  tissueImageUnplaced: (runId: string, problem: string) =>
    `The tissue image of run ${runId} cannot be placed: ${problem}`,
  publicTaskNeedsLink: 'Public tasks need the encoded link of the run',
  importSourceMissing: (source: string) => `Nothing to import at ${source}`,
  importSourceUnknown: (source: string) =>
    `${source} is not an input the importer knows. Give one of: an AnnData .h5ad (any HDF5 AnnData, also .h5); ` +
    `an AnnData-Zarr .zarr folder or .zarr.zip; a SpatialData .zarr store; a 10x HDF5 matrix (.h5, v2 or v3) or Matrix Market folder (matrix.mtx, barcodes.tsv, features.tsv) alone; ` +
    `a Space Ranger outs/ folder (filtered_feature_bc_matrix.h5 or filtered_feature_bc_matrix/ with spatial/); ` +
    `a Visium HD binned_outputs/square_008um folder (spatial/tissue_positions.parquet); ` +
    `a Xenium output folder (cell_feature_matrix.h5 or cell_feature_matrix/, cells.parquet, experiment.xenium), ` +
    `a CosMx flat-file folder (*exprMat_file.csv, *metadata_file.csv) or a MERSCOPE folder ` +
    `(*cell_by_gene.csv, *cell_metadata.csv), or a zip of one of these three`,
  importNotAnnData: (file: string) =>
    `${file}: an HDF5 file that is neither an AnnData (no X or obs at its root) nor a 10x matrix (no /matrix group, no genome group). Give an .h5ad written by anndata, or a Cell Ranger / Space Ranger *_feature_bc_matrix.h5`,
  importSpatialShape: (file: string, cols: number) =>
    `${file}: obsm 'spatial' has ${cols} column(s); it needs x and y per observation`,
  importScaled: (file: string) =>
    `${file}: X holds negative values (scaled / z-scored data, e.g. after sc.pp.scale) and the file has no raw.X or counts layer. ` +
    `Provide counts or log-normalised values: save the AnnData before scaling, or keep adata.raw`,
  importUnplaced: (matrix: string, count: number, total: number, example: string) =>
    `${matrix}: ${count} of ${total} barcodes have no row in the spatial positions file (e.g. ${example}); ` +
    `give the positions of the same run (for Visium HD, the spatial/ folder of the same bin size)`,
  importImageTooLarge: (file: string, width: number, height: number, megapixels: number) =>
    `${file} is ${width} × ${height} pixels, more than the ${megapixels} megapixels this server decodes ` +
    `(ATLAS_IMAGE_MAX_MEGAPIXELS): give a smaller image`,
  importTooFew: (file: string, n: number, min: number) =>
    `${file}: ${n} observations are too few to compute clusters and a UMAP (at least ${min} are needed). ` +
    `Give an AnnData with obs clusters and obsm X_umap, or a run with more spots`,
  importSpatialDataTooFew: (
    store: string,
    table: string,
    placed: number,
    total: number,
    elements: string[],
    min: number,
  ) =>
    `${store}: ${placed} of the ${total} observations of tables/${table} have a position in ${elements.join(', ')} ` +
    `(the others have no label or shape there, e.g. a cropped store), too few for a spatial run to compute clusters and a UMAP (at least ${min} are needed). ` +
    (total >= min
      ? `Import the table alone as a UMAP-only run (${store}/tables/${table}), or give the store with its full ${elements.join(', ')}`
      : `Give the table obs clusters and obsm X_umap, or a store with more observations`),
  importNoMatrix: (folder: string) =>
    `${folder}: no matrix. A Space Ranger folder needs filtered_feature_bc_matrix.h5 or filtered_feature_bc_matrix/ (matrix.mtx, barcodes.tsv, features.tsv)`,
  noTrackReference: (runId: string, genome: string | null) =>
    genome
      ? `The tracks bucket has no reference for ${genome} (ref/${genome}/ needs chromosome sizes or a FASTA), so the tracks of run ${runId} cannot be drawn`
      : `Run ${runId} has no genome for its species, so its tracks cannot be drawn`,
  networkMissing: (runId: string, name: string) => `Run ${runId} has no network ${name}`,
  networkInvalid: (name: string, problem: string) =>
    `The network ${name} is not valid JSON of nodes and edges: ${problem}`,
} as const;
