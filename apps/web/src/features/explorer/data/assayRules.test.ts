import { describe, expect, it } from 'vitest';
import { assayRules } from './assayRules';

describe('assay rules', () => {
  it('wt_dbit-seq, in any case, offers genes only and no peak viewer', () => {
    expect(assayRules('wt_dbit-seq', true)).toEqual({ kinds: ['genes'], peakViewer: false });
    expect(assayRules(' WT_DBiT-seq ', null)).toEqual({ kinds: ['genes'], peakViewer: false });
  });

  it('Transcriptome offers genes only, even with regulons', () => {
    expect(assayRules('Transcriptome', true)).toEqual({ kinds: ['genes'], peakViewer: false });
    expect(assayRules('transcriptome', null).kinds).toEqual(['genes']);
  });

  it('other assays offer motifs, and eRegulons unless the run says it has no regulons', () => {
    expect(assayRules('ATAC-seq', null)).toEqual({ kinds: ['genes', 'motifs', 'eRegulons'], peakViewer: true });
    expect(assayRules('CUT&Tag', true).kinds).toEqual(['genes', 'motifs', 'eRegulons']);
    expect(assayRules('CUT&Tag', false).kinds).toEqual(['genes', 'motifs']);
    expect(assayRules('dbit-seq', null).peakViewer).toBe(true);
  });
});
