import { describe, expect, it } from 'vitest';
import { editOfForm, emptyRunForm, formatRunDate, parseRunDate, runFormErrors, webObjectState } from './runForm';

describe('run dates (MM/DD/YYYY)', () => {
  it('round-trips a day in UTC', () => {
    expect(formatRunDate(Date.UTC(2024, 2, 5))).toBe('03/05/2024');
    expect(parseRunDate('03/05/2024')).toBe(Date.UTC(2024, 2, 5));
  });
  it('refuses days that do not exist and other shapes', () => {
    expect(parseRunDate('02/30/2024')).toBeNull();
    expect(parseRunDate('2024-03-05')).toBeNull();
    expect(parseRunDate('13/01/2024')).toBeNull();
  });
});

describe('the run form', () => {
  const form = { ...emptyRunForm('D00001', Date.UTC(2024, 0, 2)), result_title: 'T', assay: 'ATAC-seq' };
  it('names each problem', () => {
    expect(runFormErrors(emptyRunForm('D00001'))).toMatchObject({
      result_title: expect.any(String),
      assay: expect.any(String),
    });
    expect(runFormErrors({ ...form, date: '1/2/24', pmid: 'x1', web_obj_path: 'data/D00001/h5' })).toEqual({
      date: 'Date must be MM/DD/YYYY',
      pmid: 'PMID must be digits only',
      web_obj_path: 'Web Object Path is not correct, follow the hint below.',
    });
    expect(runFormErrors(form)).toEqual({});
  });
  it('keeps the epitope only for CUT&Tag and the publication only with a PMID', () => {
    expect(editOfForm({ ...form, epitope: 'H3K27me3' })).toMatchObject({
      epitope: null,
      publication: null,
      date: Date.UTC(2024, 0, 2),
    });
    expect(editOfForm({ ...form, assay: 'CUT&Tag', epitope: 'H3K27me3', pmid: '12', authors: ['A'] })).toMatchObject({
      epitope: 'H3K27me3',
      publication: { pmid: '12', authors: ['A'] },
    });
  });
  it('tells the three web object states apart', () => {
    expect(webObjectState(null)).toBe('not-created');
    expect(webObjectState({ web_obj_path: 'data/D1/h5/', web_object_available: false })).toBe('available');
    expect(webObjectState({ web_obj_path: 'data/D1/h5/', web_object_available: true })).toBe('uploaded');
  });
});
