import { describe, expect, it } from 'vitest';
import { decodeTixelTable, encodeTixelTable } from '@atlas/spatial/tixel-table';
import { encodeSparseValues, FeatureColumn, readSparseValues } from '@atlas/spatial/feature-values';
import { valueRange } from '@atlas/viz';
import {
  averageValues,
  categoryCodes,
  knownRange,
  maskOfCodes,
  maskOfIndices,
  meanMaker,
  naturalCategories,
} from './values';

describe('values', () => {
  it('averages several features element-wise and passes one through', () => {
    const a = Float32Array.from([1, 2, 3]);
    const b = Float32Array.from([3, 4, NaN]);
    expect(Array.from(averageValues([a, b].map(FeatureColumn.ofDense)))).toEqual([2, 3, NaN]);
    expect(averageValues([FeatureColumn.ofDense(a)])).toBe(a);
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
      return FeatureColumn.ofSparse(readSparseValues(body.buffer as ArrayBuffer, n), n);
    });
    const sparseMean = averageValues(arrived);
    const denseMean = averageValues(genes.map((g) => FeatureColumn.ofDense(g.slice())));
    expect(Number.isNaN(sparseMean[500])).toBe(true);
    for (let i = 0; i < n; i++) if (i !== 500) expect(sparseMean[i]).toBeCloseTo(denseMean[i]!, 5);
    // One dense column among them: the dense mean.
    expect(Array.from(averageValues([arrived[0]!, FeatureColumn.ofDense(genes[1]!)]))).toEqual(
      Array.from(averageValues([genes[0]!.slice(), genes[1]!].map(FeatureColumn.ofDense))),
    );
    // A sparse column's values are read where they are needed alone: its dense form equals the gene's.
    expect(Array.from(arrived[2]!.dense)).toEqual(Array.from(genes[2]!));
  });

  it('extends the last mean when one feature is added, and starts afresh for any other list', () => {
    const n = 500;
    const gene = (seed: number) =>
      Float32Array.from({ length: n }, (_, i) => ((i * seed) % 17 === 0 ? (i % 7) + seed : 0));
    const arrived = (dense: Float32Array) =>
      FeatureColumn.ofSparse(readSparseValues(encodeSparseValues(dense)!.buffer as ArrayBuffer, n), n);
    const [g0, g1, g2, g3] = [3, 5, 8, 13].map((seed) => arrived(gene(seed)));
    const mean = (columns: FeatureColumn[]) =>
      Array.from({ length: n }, (_, i) => columns.reduce((sum, c) => sum + c.dense[i]!, 0) / columns.length);
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

  it('keeps each mean’s range from its ends and the added entries, equal to a pass over the values', () => {
    // Ties on the ends, negative values, NaN, genes that take every value off an end, and genes with no entries.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const n = 400;
    const sparseGene = (density: number, values: () => number) =>
      Float32Array.from({ length: n }, () => (random() < density ? values() : 0));
    const sent = (dense: Float32Array) => {
      const body = encodeSparseValues(dense);
      return body ? FeatureColumn.ofSparse(readSparseValues(body.buffer as ArrayBuffer, n), n) : null;
    };
    const kinds = [
      () => sparseGene(0.2, () => Math.round(random() * 4)),
      () => sparseGene(0.1, () => Math.round(random() * 6) - 3),
      () => sparseGene(0.05, () => (random() < 0.1 ? NaN : random() * 10)),
      () => sparseGene(0, () => 1),
      () => sparseGene(0.24, () => 2),
    ];
    for (let round = 0; round < 40; round++) {
      const mean = meanMaker({ takeOverLast: round % 2 === 0 });
      const columns: FeatureColumn[] = [];
      while (columns.length < 8) {
        const column = sent(kinds[Math.floor(random() * kinds.length)]!());
        if (!column) continue;
        columns.push(column);
        const values = mean(columns);
        expect(knownRange(values)).toEqual(valueRange(values));
      }
    }
  });

  it('takes a sparse answer with a tixel named twice as its dense values', () => {
    const n = 6;
    const body = new ArrayBuffer(4 * 8);
    new Uint32Array(body, 0, 4).set([1, 3, 3, 5]);
    new Float32Array(body, 16, 4).set([2, 9, 4, 6]);
    const twice = FeatureColumn.ofSparse(readSparseValues(body, n), n);
    const other = FeatureColumn.ofDense(Float32Array.from([4, 4, 4, 4, 4, 4]));
    const mean = averageValues([other, twice]);
    expect(Array.from(mean)).toEqual([2, 3, 2, 4, 2, 5]);
    expect(knownRange(mean) ?? valueRange(mean)).toEqual([2, 5]);
  });

  it('writes an extended mean over the last one for a view that takes it over, and over nothing else', () => {
    const n = 300;
    const column = (seed: number) =>
      FeatureColumn.ofSparse(
        readSparseValues(
          encodeSparseValues(Float32Array.from({ length: n }, (_, i) => (i % seed === 0 ? seed + (i % 5) : 0)))!
            .buffer as ArrayBuffer,
          n,
        ),
        n,
      );
    const [g0, g1, g2, g3] = [5, 6, 7, 9].map(column);
    const first = Array.from(g0!.dense);
    const plain = (columns: FeatureColumn[]) =>
      Array.from({ length: n }, (_, i) => columns.reduce((sum, c) => sum + c.dense[i]!, 0) / columns.length);
    const near = (got: Float32Array, want: number[]) => want.forEach((v, i) => expect(got[i]).toBeCloseTo(v, 4));
    const mean = meanMaker({ takeOverLast: true });
    const two = mean([g0!, g1!]);
    expect(two.buffer).not.toBe(g0!.dense.buffer);
    const three = mean([g0!, g1!, g2!]);
    // A new array (the plots see a change) on the last mean's memory; the first gene's values untouched.
    expect(three).not.toBe(two);
    expect(three.buffer).toBe(two.buffer);
    near(three, plain([g0!, g1!, g2!]));
    expect(Array.from(g0!.dense)).toEqual(first);
    // Asked again for the same columns: the same mean; then extended again in place.
    expect(mean([g0!, g1!, g2!])).toBe(three);
    const four = mean([g0!, g1!, g2!, g3!]);
    expect(four.buffer).toBe(two.buffer);
    near(four, plain([g0!, g1!, g2!, g3!]));
    expect(knownRange(four)).toEqual(valueRange(four));
    // Another list is made afresh, in memory of its own.
    const other = mean([g1!, g3!, g2!]);
    expect(other.buffer).not.toBe(two.buffer);
    near(other, plain([g1!, g3!, g2!]));
    // A maker that does not take over never writes over a mean it gave.
    const own = meanMaker({ takeOverLast: false });
    const kept = own([g0!, g1!]);
    const keptValues = Array.from(kept);
    expect(own([g0!, g1!, g2!]).buffer).not.toBe(kept.buffer);
    expect(Array.from(kept)).toEqual(keptValues);
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
