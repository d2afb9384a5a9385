import { describe, expect, it } from 'vitest';
import { decodeTixelTable, encodeTixelTable } from '@atlas/spatial/tixel-table';
import { denseValues, encodeSparseValues, readSparseValues } from '@atlas/spatial/feature-values';
import { valueRange } from '@atlas/viz';
import {
  averageValues,
  categoryCodes,
  keepSparseForm,
  knownRange,
  maskOfCodes,
  maskOfIndices,
  naturalCategories,
} from './values';

describe('values', () => {
  it('averages several features element-wise and passes one through', () => {
    const a = Float32Array.from([1, 2, 3]);
    const b = Float32Array.from([3, 4, NaN]);
    expect(Array.from(averageValues([a, b]))).toEqual([2, 3, NaN]);
    expect(averageValues([a])).toBe(a);
    expect(averageValues([]).length).toBe(0);
  });

  it('averages arrays that came sparse over their non-zero entries, as the dense mean', () => {
    const n = 1000;
    const genes = [7, 11, 13].map((step) =>
      Float32Array.from({ length: n }, (_, i) => (i % step === 0 ? i / step : 0)),
    );
    genes[1]![500] = NaN;
    const arrived = genes.map((dense) => {
      const body = encodeSparseValues(dense)!;
      const sparse = readSparseValues(body.buffer as ArrayBuffer, n);
      return keepSparseForm(denseValues(sparse, n), sparse);
    });
    const sparseMean = averageValues(arrived);
    const denseMean = averageValues(genes.map((g) => g.slice()));
    expect(Number.isNaN(sparseMean[500])).toBe(true);
    for (let i = 0; i < n; i++) if (i !== 500) expect(sparseMean[i]).toBeCloseTo(denseMean[i]!, 5);
    // One dense array among them: the dense mean.
    expect(Array.from(averageValues([arrived[0]!, genes[1]!]))).toEqual(
      Array.from(averageValues([genes[0]!.slice(), genes[1]!])),
    );
  });

  it('extends the last mean when one feature is added, and starts afresh for any other list', () => {
    const n = 500;
    const gene = (seed: number) =>
      Float32Array.from({ length: n }, (_, i) => ((i * seed) % 17 === 0 ? (i % 7) + seed : 0));
    const arrived = (dense: Float32Array) => {
      const sparse = readSparseValues(encodeSparseValues(dense)!.buffer as ArrayBuffer, n);
      return keepSparseForm(denseValues(sparse, n), sparse);
    };
    const [g0, g1, g2, g3] = [3, 5, 8, 13].map((seed) => arrived(gene(seed)));
    const mean = (arrays: Float32Array[]) =>
      Array.from({ length: n }, (_, i) => arrays.reduce((sum, a) => sum + a[i]!, 0) / arrays.length);
    const near = (got: Float32Array, want: number[]) => want.forEach((v, i) => expect(got[i]).toBeCloseTo(v, 4));
    // Picked one by one: each mean extends the last, and knows its range from the pass that made it.
    near(averageValues([g0!, g1!]), mean([g0!, g1!]));
    near(averageValues([g0!, g1!, g2!]), mean([g0!, g1!, g2!]));
    const four = averageValues([g0!, g1!, g2!, g3!]);
    near(four, mean([g0!, g1!, g2!, g3!]));
    expect(knownRange(four)).toEqual(valueRange(four));
    // A feature removed, the first one changed, the order changed: not an extension of the last mean.
    near(averageValues([g0!, g2!, g3!]), mean([g0!, g2!, g3!]));
    const h0 = arrived(gene(21));
    near(averageValues([h0, g2!, g3!, g1!]), mean([h0, g2!, g3!, g1!]));
    near(averageValues([g3!, g2!, g0!]), mean([g3!, g2!, g0!]));
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
