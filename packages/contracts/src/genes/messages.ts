/** User-visible texts of run-data reads, imports and the gene tasks (ours: the spec leaves the wording open). */
export const GENES_MSG = {
  runNotFound: (runId: string) => `Run ${runId} was not found`,
  webFilesMissing: (runId: string) => `Run ${runId} has no web files yet: create its web object first`,
  needRunOrLink: 'Give a run_id, or the encoded link of a public run',
  featureNotFound: (name: string) => `Feature ${name} was not found`,
  featureIndex: (index: number, count: number) => `Feature index ${index} is outside 0..${count - 1}`,
  kindUnavailable: (kind: string) => `This run has no ${kind}`,
  topTenMissing: (runId: string, kind: string) => `Run ${runId} has no feature table of ${kind} (topTen_${kind}.json)`,
  noSpatialFolder: (runId: string) => `Run ${runId} has no spatial folder`,
  noTissueImage: (runId: string) =>
    `The spatial folder of run ${runId} has no tissue_hires_image.png or tissue_lowres_image.png`,
  tissueImageUnplaced: (runId: string, problem: string) =>
    `The tissue image of run ${runId} cannot be placed: ${problem}`,
  publicTaskNeedsLink: 'Public tasks need the encoded link of the run',
  importSourceMissing: (source: string) => `Nothing to import at ${source}`,
  importSourceUnknown: (source: string) =>
    `${source} is neither an .h5ad file nor a Visium folder (filtered_feature_bc_matrix.h5 and spatial/)`,
  importNoSpatial: (file: string) =>
    `${file}: spatial coordinates are required (obsm 'spatial' is missing); a Visium folder can be imported with its spatial/ folder instead`,
  importUnplaced: (count: number, example: string) =>
    `filtered_feature_bc_matrix.h5: ${count} barcodes have no row in the spatial positions file (e.g. ${example})`,
  noTrackReference: (runId: string, genome: string | null) =>
    genome
      ? `The tracks bucket has no reference for ${genome} (ref/${genome}/ needs chromosome sizes or a FASTA), so the tracks of run ${runId} cannot be drawn`
      : `Run ${runId} has no genome for its species, so its tracks cannot be drawn`,
  networkMissing: (runId: string, name: string) => `Run ${runId} has no network ${name}`,
  networkInvalid: (name: string, problem: string) =>
    `The network ${name} is not valid JSON of nodes and edges: ${problem}`,
} as const;
