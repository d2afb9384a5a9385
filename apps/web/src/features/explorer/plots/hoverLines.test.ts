import { describe, expect, it } from 'vitest';
import type { RunData } from '../data/runData';
import { formatValue, hoverLines } from './hoverLines';

/** Three tixels, two clusters, cell types on the run. */
function runData(withCellTypes: boolean): RunData {
  return {
    runId: 'D1',
    n: 3,
    spatial: new Float32Array(6),
    hasSpatial: true,
    umap: new Float32Array(6),
    clusterCodes: Float32Array.of(0, 1, 1),
    clusterNames: ['C1', 'C2'],
    clusterCounts: [1, 2],
    cellTypes: withCellTypes ? { codes: Float32Array.of(1, 0, 0), names: ['B cell', 'T cell'], counts: [2, 1] } : null,
  };
}

describe('hoverLines', () => {
  it('names the tixel by barcode, its cluster and cell type, and the shown value', () => {
    const lines = hoverLines({
      index: 0,
      data: runData(true),
      colouring: { view: 'expression', values: Float32Array.of(1.23456, 0, NaN), categories: null },
      barcode: 'AAAC-1',
      featureTitle: 'Gfap',
    });
    expect(lines).toEqual([
      { label: 'Barcode', value: 'AAAC-1' },
      { label: 'Cluster', value: 'C1' },
      { label: 'Cell type', value: 'T cell' },
      { label: 'Gfap', value: '1.235' },
    ]);
  });

  it('says a missing value, numbers tixels without barcodes, and names the shown category', () => {
    const data = runData(false);
    const noValue = hoverLines({
      index: 2,
      data,
      colouring: { view: 'expression', values: Float32Array.of(0, 0, NaN), categories: null },
      barcode: undefined,
      featureTitle: 'Average of 2',
    });
    expect(noValue).toEqual([
      { label: 'Barcode', value: 'tixel 3 of 3' },
      { label: 'Cluster', value: 'C2' },
      { label: 'Average of 2', value: 'no value' },
    ]);
    const annotated = hoverLines({
      index: 1,
      data,
      colouring: {
        view: 'annotation',
        values: Float32Array.of(0, 1, 0),
        categories: { codes: Float32Array.of(0, 1, 0), names: ['Not annotated', 'Cortex'], counts: [2, 1] },
      },
      barcode: 'b',
      featureTitle: '',
    });
    expect(annotated.at(-1)).toEqual({ label: 'Annotation', value: 'Cortex' });
  });

  it('says the barcode is coming while its block loads', () => {
    const colouring = { view: 'cluster' as const, values: null, categories: null };
    const lines = hoverLines({ index: 0, data: runData(false), colouring, barcode: 'loading', featureTitle: '' });
    expect(lines[0]).toEqual({ label: 'Barcode', value: '…' });
  });

  it('formats values to 4 significant digits without noise', () => {
    expect([0, 1.5, 12.3456, 0.00031415, 123456].map(formatValue)).toEqual([
      '0',
      '1.5',
      '12.35',
      '0.0003142',
      '123500',
    ]);
  });
});
