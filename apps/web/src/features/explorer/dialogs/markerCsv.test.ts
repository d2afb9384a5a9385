import { describe, expect, it } from 'vitest';
import { cleanMarkerName, labelsOfResult, parseMarkerCsv } from './markerCsv';

describe('marker csv (Cell Type Mapping upload)', () => {
  it('cleans punctuation, drops 1-letter entries, capitalises, merges repeated labels', () => {
    const map = parseMarkerCsv(
      '\uFEFFNeurons, snap25 ,"Rbfox3*",x\r\nAstrocytes,gfap,Aqp4;\n\nNeurons,Snap25,Syt1\n,orphan\nEmpty, ,a\n',
    );
    expect(map).toEqual({ Neurons: ['Snap25', 'Rbfox3', 'Syt1'], Astrocytes: ['Gfap', 'Aqp4'] });
  });
  it('keeps gene-symbol characters', () => {
    expect(['HLA-DRA', 'mt-Co1', 'AC009.1', 'cd3e!'].map(cleanMarkerName)).toEqual([
      'HLA-DRA',
      'Mt-Co1',
      'AC009.1',
      'Cd3e',
    ]);
  });
  it('an empty file is an empty map', () => {
    expect(parseMarkerCsv('label only\n\n')).toEqual({});
  });
  it('joins several labels of one cluster and marks unassigned clusters', () => {
    expect(labelsOfResult({ C1: ['Neurons'], C2: ['A', 'B'], C3: [] })).toEqual({
      C1: 'Neurons',
      C2: 'A / B',
      C3: 'Undefined',
    });
    expect(labelsOfResult(null)).toEqual({});
  });
});
