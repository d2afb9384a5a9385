import type { FeatureKind } from '@atlas/contracts';

/**
 * What a run's assay allows in the explorer (spec 03 §4 "Viewer modes"), for the member explorer and the public
 * viewer alike. Assays are matched without regard to case because run records spell them freely.
 */
export interface AssayRules {
  /** Kinds the assay may offer; the run's own feature files then decide which of these it has. */
  kinds: FeatureKind[];
  /** Whether the Peak/Motif(/Network) Viewer can be opened. */
  peakViewer: boolean;
}

/**
 * wt_dbit-seq (whole-transcriptome DBiT-seq) sets the spec's flag that turns off the peak viewer and the
 * gene/motif switch, so it offers genes only. Transcriptome runs offer genes only too, and — our reading of "the
 * peak viewer is also disabled for assay runs" — have no peaks to view either. eRegulons need regulons_flag;
 * `regulonsFlag` null means the run record does not say, and the run's files decide.
 */
export function assayRules(assay: string, regulonsFlag: boolean | null): AssayRules {
  const name = assay.trim().toLowerCase();
  if (name === 'wt_dbit-seq' || name.includes('transcriptome')) return { kinds: ['genes'], peakViewer: false };
  return { kinds: regulonsFlag === false ? ['genes', 'motifs'] : ['genes', 'motifs', 'eRegulons'], peakViewer: true };
}
