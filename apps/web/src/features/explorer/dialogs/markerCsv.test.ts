import { describe, expect, it } from 'vitest';
import { cleanMarkerName } from '@atlas/spatial/celltype/marker-csv';
import { labelsOfResult, parseMarkerCsv, reportOfResult } from './markerCsv';

describe('marker csv (Cell Type Mapping upload)', () => {
  it('cleans punctuation, drops 1-letter entries, capitalises, merges repeated labels', async () => {
    const map = await parseMarkerCsv(
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
  it('an empty file is an empty map', async () => {
    expect(await parseMarkerCsv('label only\n\n')).toEqual({});
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

describe('reportOfResult', () => {
  it('reads the explained result: labels, reasons, skipped clusters and unknown markers', () => {
    expect(
      reportOfResult({
        cell_types: { '0': ['Neurons'], '6': ['Undefined'] },
        reasons: { '6': 'too small to test (1 spot)' },
        skipped: [{ cluster: '6', n: 1 }, { cluster: 7 }],
        unknown_markers: ['Notagene'],
      }),
    ).toEqual({
      labels: { '0': 'Neurons', '6': 'Undefined' },
      reasons: { '6': 'too small to test (1 spot)' },
      skipped: [{ cluster: '6', n: 1 }],
      unknownMarkers: ['Notagene'],
    });
  });

  it("reads the spec's bare cluster → names map without reasons", () => {
    expect(reportOfResult({ C1: ['T cells', 'NK'], C2: [] })).toEqual({
      labels: { C1: 'T cells / NK', C2: 'Undefined' },
      reasons: {},
      skipped: [],
      unknownMarkers: [],
    });
  });
});
