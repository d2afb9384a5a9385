import type { FeatureKind } from './store';

/** The explorer's user-visible texts (spec 03 §8), defined once. */
export const EXPLORER_MSG = {
  mustSelectRun: 'Must select a Run ID',
  workerFailed: 'Worker failed in AtlasXplore',
  wrongFileType: 'Wrong file type must be csv',
  valueMustBeDigit: 'Value must be digit',
  mustBeHex: 'Must be of Hex Code',
  failedToLoad: 'Failed to load',
  metadataNotFound: 'Metadata has not been found',
  /** 'Expression {gene} found' / 'Motif {name} found' (eRegulons read as expression too). */
  featureFound: (kind: FeatureKind, name: string) => (kind === 'motifs' ? `Motif ${name} found` : `Expression ${name} found`),
  noMatches: 'None of those names are in this run',
} as const;

/** Display names of the feature kinds (the gene/motif/eRegulon toggle and the Top 10 titles). */
export const KIND_LABEL: Record<FeatureKind, { one: string; top: string; file: string; summation: string }> = {
  genes: { one: 'gene', top: 'Top 10 Genes', file: 'genes', summation: 'geneSummation' },
  motifs: { one: 'motif', top: 'Top 10 Motifs', file: 'motifs', summation: 'motifSummation' },
  eRegulons: { one: 'eRegulon', top: 'Top 10 Regulons', file: 'eRegulons', summation: 'eRegulonSummation' },
};
