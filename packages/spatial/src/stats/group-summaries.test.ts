import { describe, expect, it } from 'vitest';
import { dotSummaries, membersOfCodes, scaleRows, violins } from './group-summaries.js';

/**
 * References from ./reference/group_summaries_reference.py (scipy 1.17.1 gaussian_kde, numpy percentile, and the
 * dot plot's numbers as scanpy defines them); run: `python3 packages/spatial/src/stats/reference/group_summaries_reference.py`.
 */
const VALUES = [0, 0, 1.5, 2, 3, 0, 4, 5.5, 0.2, 7, 0.5, 0.5];
const CODES = [0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2];
const GRID = [0.0, 1.75, 3.5, 5.25, 7.0];
const REFERENCE = [
  {
    fraction: 0.3333333333333333,
    mean: 0.5,
    quartiles: [0.0, 0.0, 0.0, 0.75, 1.5],
    density: [
      0.40122419657667124, 0.19540437458866836, 0.003052332008020401, 9.190247616284675e-8, 4.900007164361831e-15,
    ],
  },
  {
    fraction: 0.75,
    mean: 2.25,
    quartiles: [0.0, 1.5, 2.5, 3.25, 4.0],
    density: [0.10630986498854225, 0.1718678334675428, 0.18439475287807572, 0.06865630985136612, 0.005944475849052341],
  },
  {
    fraction: 1.0,
    mean: 2.7399999999999998,
    quartiles: [0.2, 0.5, 0.5, 5.5, 7.0],
    density: [0.10261289192334247, 0.09849095226489211, 0.07765592848268217, 0.07165762574416612, 0.06355779653926952],
  },
];

const relative = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

describe('group summaries', () => {
  const members = membersOfCodes(CODES, 3);

  it('lists each group’s tixels, leaving codes outside the groups out', () => {
    expect(membersOfCodes([1, NaN, 0, -1, 1, 5], 2).map((m) => Array.from(m))).toEqual([[2], [0, 4]]);
  });

  it('gives the dot plot’s fraction > 0 and mean over the group, as scanpy', () => {
    dotSummaries(VALUES, members).forEach((dot, g) => {
      expect(dot.fraction).toBeCloseTo(REFERENCE[g]!.fraction, 14);
      expect(dot.mean).toBeCloseTo(REFERENCE[g]!.mean, 14);
    });
    expect(dotSummaries(VALUES, [new Int32Array(0)])).toEqual([{ count: 0, fraction: 0, mean: 0 }]);
  });

  it('gives scipy gaussian_kde densities and numpy quartiles on the shared grid', () => {
    const set = violins(VALUES, members, 5);
    expect(Array.from(set.grid)).toEqual(GRID);
    set.violins.forEach((violin, g) => {
      const q = violin.quartiles!;
      expect([q.min, q.q1, q.median, q.q3, q.max]).toEqual(REFERENCE[g]!.quartiles);
      // The far tail (1e-15) keeps fewer digits: exp of a large negative argument, in both.
      REFERENCE[g]!.density.forEach((d, i) =>
        expect(relative(violin.density[i]!, d)).toBeLessThan(d > 1e-6 ? 1e-12 : 1e-7),
      );
    });
  });

  it('bins a large group with densities within 1 % of the exact sum', () => {
    let state = 7;
    const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
    // 100,000 normal values (Box–Muller): 6.4 M value·grid products, above the exact limit.
    const big = Float64Array.from(
      { length: 100_000 },
      () => Math.sqrt(-2 * Math.log(random())) * Math.cos(2 * Math.PI * random()),
    );
    const set = violins(big, [Int32Array.from(big.keys())], 64);
    const sorted = Float64Array.from(big).sort();
    const n = sorted.length;
    const mean = sorted.reduce((s, v) => s + v, 0) / n;
    const sd = Math.sqrt(sorted.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1));
    const h = sd * n ** -0.2;
    const peak = Math.max(...set.violins[0]!.density);
    for (let g = 0; g < 64; g += 7) {
      const x = set.grid[g]!;
      let exact = 0;
      for (const v of sorted) exact += Math.exp(-0.5 * ((x - v) / h) ** 2);
      exact /= n * h * Math.sqrt(2 * Math.PI);
      if (exact > peak * 1e-3) expect(relative(set.violins[0]!.density[g]!, exact)).toBeLessThan(1e-2);
    }
  });

  it('finds numpy’s linear quartiles by selection, with ties and zeros, as a full sort does', () => {
    let state = 11;
    const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
    for (const n of [1, 2, 3, 10, 101, 5000]) {
      const values = Float64Array.from({ length: n }, () => (random() < 0.6 ? 0 : Math.round(random() * 50) / 10));
      const sorted = Float64Array.from(values).sort();
      const linear = (q: number) => {
        const position = q * (n - 1);
        const k = Math.floor(position);
        return sorted[k]! + (sorted[Math.min(k + 1, n - 1)]! - sorted[k]!) * (position - k);
      };
      const q = violins(values, [Int32Array.from(values.keys())], 8).violins[0]!.quartiles!;
      expect([q.min, q.q1, q.median, q.q3, q.max]).toEqual([
        sorted[0],
        linear(0.25),
        linear(0.5),
        linear(0.75),
        sorted[n - 1],
      ]);
    }
  });

  it('draws a flat group as a spike and an empty one as nothing', () => {
    const set = violins([0, 0, 0, 2], [Int32Array.from([0, 1, 2]), new Int32Array(0), Int32Array.from([3])], 3);
    expect(Array.from(set.violins[0]!.density)).toEqual([1, 0, 0]);
    expect(set.violins[1]!.quartiles).toBeNull();
    expect(Array.from(set.violins[2]!.density)).toEqual([0, 0, 1]);
  });

  it('scales each feature’s means to [0, 1] as standard_scale="var"', () => {
    expect(
      scaleRows([
        [1, 3, 2],
        [5, 5, 5],
      ]),
    ).toEqual([
      [0, 1, 0.5],
      [0, 0, 0],
    ]);
  });
});
