import { describe, expect, it } from 'vitest';
import { CsvQuoteError } from '../formats/csv-read.js';
import { cleanMarkerName, parseMarkerCsv, resolveMarkers } from './marker-csv.js';

describe('marker csv', () => {
  it('cleans punctuation, drops entries of length ≤ 1, capitalises, merges repeated labels', () => {
    const csv = '\uFEFFT cells, cd3e ,"Cd8a;",x\r\nB cells,Ms4a1!,HLA-DRA\n\n  ,Gfap\nT cells,CD3E,Cd4\nEmpty,?,y\n';
    expect([...parseMarkerCsv(csv)]).toEqual([
      ['T cells', ['Cd3e', 'Cd8a', 'CD3E', 'Cd4']],
      ['B cells', ['Ms4a1', 'HLA-DRA']],
    ]);
    expect(cleanMarkerName(' mt-Co1. ')).toBe('Mt-Co1.');
    expect(cleanMarkerName('"a,b"')).toBe('Ab');
  });

  it('reads quoted labels with commas and line breaks, and names the line of a quote never closed', () => {
    expect([...parseMarkerCsv('"T cells, naive",Cd3e\n"B\ncells",Cd19\n')]).toEqual([
      ['T cells, naive', ['Cd3e']],
      ['B\ncells', ['Cd19']],
    ]);
    expect(() => parseMarkerCsv('T cells,Cd3e\nB cells,"Cd19\n')).toThrow(new CsvQuoteError(2));
  });

  it('matches exactly, then case-insensitively, and reports unknown markers', () => {
    const markers = new Map([
      ['T cells', ['Cd3e', 'CD3E', 'Nope']],
      ['B cells', ['Ms4a1']],
    ]);
    const { features, unknown } = resolveMarkers(markers, ['CD3E', 'MS4A1', 'Cd3e']);
    expect(features.get('T cells')).toEqual([2, 0]);
    expect(features.get('B cells')).toEqual([1]);
    expect(unknown).toEqual(['Nope']);
  });
});
