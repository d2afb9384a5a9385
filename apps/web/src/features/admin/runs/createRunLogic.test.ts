import { describe, expect, it } from 'vitest';
import { canSubmitWebObject, presenceOf } from './createRunLogic';

describe('Create A Run', () => {
  const all = presenceOf(
    ['data/D1/h5/obj/genes.h5ad', 'data/D1/h5/obj/motifs.h5ad', 'data/D1/h5/obj/motifs.csv'],
    'data/D1/',
  );
  const genesOnly = presenceOf(['data/D1/h5/obj/genes.h5ad', 'data/D1/h5/obj/other.txt'], 'data/D1/');
  const ready = {
    runId: 'D00001',
    bucket: 'atx-data',
    path: 'data/D1/',
    description: 'job',
    sent: false,
    transcriptome: false,
    presence: all,
    hasWebObject: false,
    replace: false,
  };
  it('reads presence from the obj folder', () => {
    expect(genesOnly).toEqual({ 'genes.h5ad': true, 'motifs.h5ad': false, 'motifs.csv': false });
  });
  it('submits with all three inputs, or genes.h5ad for a transcriptome run', () => {
    expect(canSubmitWebObject(ready)).toBe(true);
    expect(canSubmitWebObject({ ...ready, presence: genesOnly })).toBe(false);
    expect(canSubmitWebObject({ ...ready, presence: genesOnly, transcriptome: true })).toBe(true);
    expect(canSubmitWebObject({ ...ready, presence: presenceOf([], 'data/D1/'), transcriptome: true })).toBe(false);
  });
  it('needs a run, bucket, path and description, and sends once', () => {
    expect(canSubmitWebObject({ ...ready, runId: null })).toBe(false);
    expect(canSubmitWebObject({ ...ready, bucket: '' })).toBe(false);
    expect(canSubmitWebObject({ ...ready, path: null })).toBe(false);
    expect(canSubmitWebObject({ ...ready, description: ' ' })).toBe(false);
    expect(canSubmitWebObject({ ...ready, sent: true })).toBe(false);
  });
  it('makes a web object again only once the admin agreed to replace it', () => {
    expect(canSubmitWebObject({ ...ready, hasWebObject: true })).toBe(false);
    expect(canSubmitWebObject({ ...ready, hasWebObject: true, replace: true })).toBe(true);
  });
});
