import { describe, expect, it } from 'vitest';
import { cellTypesFromLabels } from './cellTypes';

describe('cellTypesFromLabels', () => {
  it('maps each tixel to its cluster label, merging clusters with the same label', () => {
    const r = cellTypesFromLabels(Float32Array.from([0, 1, 2, 1, NaN]), ['C1', 'C2', 'C3'], {
      C1: 'Neurons',
      C2: 'Glia',
      C3: 'Neurons',
    });
    expect(r.names).toEqual(['Neurons', 'Glia']);
    expect(Array.from(r.codes)).toEqual([0, 1, 0, 1, NaN]);
    expect(r.counts).toEqual([2, 2]);
  });
  it('labels missing clusters Undefined', () => {
    expect(cellTypesFromLabels(Float32Array.from([0, 1]), ['C1', 'C2'], { C1: 'A' }).names).toEqual(['A', 'Undefined']);
  });
});
