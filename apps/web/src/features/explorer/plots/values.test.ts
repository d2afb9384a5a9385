import { describe, expect, it } from 'vitest';
import { decodeTixelTable, encodeTixelTable } from '@atlas/spatial/tixel-table';
import { averageValues, categoryCodes, maskOfCodes, maskOfIndices, naturalCategories } from './values';

describe('values', () => {
  it('averages several features element-wise and passes one through', () => {
    const a = Float32Array.from([1, 2, 3]);
    const b = Float32Array.from([3, 4, NaN]);
    expect(Array.from(averageValues([a, b]))).toEqual([2, 3, NaN]);
    expect(averageValues([a])).toBe(a);
    expect(averageValues([]).length).toBe(0);
  });

  it('codes categories in natural order with counts', () => {
    const { codes, names, counts } = categoryCodes(['C10', 'C2', 'C1', 'C2']);
    expect(names).toEqual(['C1', 'C2', 'C10']);
    expect(Array.from(codes)).toEqual([2, 1, 0, 1]);
    expect(counts).toEqual([1, 2, 1]);
  });

  it('builds masks from codes and from indices', () => {
    expect(Array.from(maskOfCodes(Float32Array.from([0, 1, 2, 1]), new Set([1])))).toEqual([0, 1, 0, 1]);
    expect(Array.from(maskOfIndices([0, 3, 9], 4))).toEqual([1, 0, 0, 1]);
  });
});

describe('naturalCategories', () => {
  it('gives what categoryCodes gives for the same labels', () => {
    const labels = ['C10', 'C2', 'C1', 'C2', 'C10'];
    const names = ['C10', 'C2', 'C1'];
    const codes = Uint16Array.from(labels, (l) => names.indexOf(l));
    expect(naturalCategories({ names, codes })).toEqual(categoryCodes(labels));
  });

  it('takes names the binary table sent in natural order as they are', () => {
    const labels = ['C10', 'C2', 'C1', 'C2', 'C10'];
    const { categories, naturalOrder } = decodeTixelTable(
      encodeTixelTable('D00001', {
        clusters: labels,
        spatial: new Float64Array(10),
        umap: new Float32Array(10),
      }).slice().buffer,
    );
    expect(naturalOrder).toBe(true);
    expect(naturalCategories(categories.clusters!, true)).toEqual(categoryCodes(labels));
  });
});
