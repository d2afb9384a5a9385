import type { TFeatureKind } from '../genes/schemas.js';

/**
 * The explorer's user-visible texts (AtlasXplore and its lower panels / tool extras; spec 03 §8 where the spec
 * gives them, ours elsewhere), defined once.
 */
export const EXPLORER_MSG = {
  // spec 03 §8
  mustSelectRun: 'Must select a Run ID',
  // ours: a run imported from a non-spatial AnnData or a lone 10x matrix
  noSpatialCoordinates: 'This run has no spatial coordinates (imported without positions): only the UMAP is shown.',
  // ours: the module of the explorer's bars and tools could not be fetched
  toolsNotLoaded: 'The explorer’s tools could not be loaded. Check your connection and reload the page.',
  // ours: a run's top-ten table that ranks nothing (every place blank)
  noRankedFeatures: (kindOne: string) => `No ${kindOne} ranks in any cluster of this run.`,
  noDepletedFeatures: (kindOne: string) => `No ${kindOne} is ranked as depleted in any cluster of this run.`,
  workerFailed: 'Worker failed in AtlasXplore',
  cellTypeFailed: 'Worker failed for CellType',
  wrongFileType: 'Wrong file type must be csv',
  valueMustBeDigit: 'Value must be digit',
  mustBeHex: 'Must be of Hex Code',
  publicLinkCopied: 'Public link copied to clipboard',
  failedToLoad: 'Failed to load',
  /** A run whose data cannot be loaded, e.g. an additional sample (the spec's spelling). */
  failedToLoadDetails: (runId: string) => `Failed to load the deatils of ${runId}`,
  metadataNotFound: 'Metadata has not been found',
  /** 'Expression {gene} found' / 'Motif {name} found' (eRegulons read as expression too). */
  featureFound: (kind: TFeatureKind, name: string) =>
    kind === 'motifs' ? `Motif ${name} found` : `Expression ${name} found`,
  // ours
  noMatches: 'None of those names are in this run',
  /** A pasted or uploaded list with names the run does not have: how many were found and which were not. */
  namesNotFound: (found: number, total: number, missing: readonly string[]) =>
    `${found} of ${total} found; not found: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ` and ${missing.length - 10} more` : ''}`,
  noTixelsSelected: 'The selection caught no tixel: draw around some points to select them',
  /** Beside a log2 fold change past LARGE_LOG2FC: one group's mean is (almost) zero. */
  foldChangeNearZero:
    '† One group’s mean is near zero, so the fold change divides by almost nothing (scanpy computes it the same way): read it as “found only in the selection” (positive) or “only in the rest” (negative).',
  noMarkers: 'The file names no marker genes: one cell type per row, `label, marker, marker, …`',
  cellTypesApplied: 'Cell types applied',
  /** Cell Type Mapping after Upload: the markers wait for Apply. */
  markersLoaded: (file: string, types: number) =>
    `${file}: ${types} cell type${types === 1 ? '' : 's'} of marker genes. Apply runs the cell typing.`,
  cellTypesSkipped: (clusters: string[]) => `Too small to test, left out: ${clusters.join(', ')}`,
  unknownMarkers: (markers: string[]) =>
    `Not in this run: ${markers.slice(0, 8).join(', ')}${markers.length > 8 ? ` and ${markers.length - 8} more` : ''}`,
  topTenUnavailable: 'The feature table of this run is not available.',
  frontPageSaved: (runId: string) => `Front page image of ${runId} saved`,
  frontPageFailed: (error: string) => `Front page image not saved: ${error}`,
  noCanvas: 'Nothing to save yet: the plots are not drawn',
  clipboardFailed: 'The link could not be copied to the clipboard',
  sampleLacksFeatures: (names: readonly string[]) => `Not in this run: ${names.join(', ')}`,
  chooseFeatures: 'Choose genes to see their histograms; until then, the tixels per cluster.',
  chooseOneMotif: 'Choose one motif to see its sequence logo',
  oneMotifAtATime: 'The sequence logo shows one motif at a time: choose a single motif',
  /** The logo's accessible name: the motif and its most probable base per position. */
  seqLogoLabel: (motif: string, consensus: string) => `Sequence logo of ${motif}: consensus ${consensus}`,
  /** gene.seq_logo still PENDING: `ahead` tasks of its queue were posted before it. */
  seqLogoQueued: (ahead: number) => `Waiting for a worker (${ahead} ${ahead === 1 ? 'task' : 'tasks'} ahead)`,
  /** gene.seq_logo started; `percent` once it reports progress. */
  seqLogoComputing: (percent: number | null) =>
    `Computing the sequence logo…${percent === null ? '' : ` ${Math.round(percent)}%`}`,
  retry: 'Try again',
} as const;

/** Display names of the feature kinds (the gene/motif/eRegulon toggle and the Top 10 titles). */
export const KIND_LABEL: Record<TFeatureKind, { one: string; top: string; file: string; summation: string }> = {
  genes: { one: 'gene', top: 'Top 10 Genes', file: 'genes', summation: 'geneSummation' },
  motifs: { one: 'motif', top: 'Top 10 Motifs', file: 'motifs', summation: 'motifSummation' },
  eRegulons: { one: 'eRegulon', top: 'Top 10 Regulons', file: 'eRegulons', summation: 'eRegulonSummation' },
};
