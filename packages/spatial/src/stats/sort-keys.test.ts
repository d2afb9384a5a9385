import { describe, expect, it } from 'vitest';
import { float32SortKey, sortBuffers, sortKeysWithPayload } from './sort-keys.js';

const keyOf = (v: number): number => float32SortKey(new Uint32Array(Float32Array.of(v).buffer)[0]!);

describe('sorting float32 keys', () => {
  it('maps float32 values to keys in numeric order', () => {
    const values = [-Infinity, -3e38, -2.5, -1e-40, 1e-40, 0.1, 1, 7.25, 3e38, Infinity];
    const keys = values.map(keyOf);
    for (let i = 1; i < keys.length; i++) expect(keys[i]!).toBeGreaterThan(keys[i - 1]!);
  });

  const check = (values: number[]): void => {
    const buffers = sortBuffers(values.length);
    values.forEach((v, i) => {
      buffers.keys[i] = keyOf(v);
      buffers.payload[i] = i;
    });
    const { keys, payload } = sortKeysWithPayload(buffers, values.length);
    const sorted = [...values].sort((a, b) => a - b);
    expect(Array.from(payload.subarray(0, values.length), (i) => values[i])).toEqual(sorted);
    expect(Array.from(keys.subarray(0, values.length))).toEqual(sorted.map(keyOf));
  };
  const seeded = (seed: number) => (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;

  // No zeros: the rankers drop them (−0 and +0 have different keys).
  it.each([10, 63, 64, 1000])('sorts %s spread-out positive values (bucket pass) with their payload', (n) => {
    const random = seeded(n);
    check(Array.from({ length: n }, () => Math.fround(Math.exp(4 * random()))));
  });

  it('sorts values of both signs (keys far apart: radix fallback)', () => {
    const random = seeded(3);
    check(Array.from({ length: 300 }, () => Math.fround(Math.exp(4 * random()) * Math.sign(random() + 0.8))));
  });

  it.each([64, 1000])('sorts %s values with many ties', (n) => {
    const random = seeded(n + 1);
    check(Array.from({ length: n }, () => Math.fround((Math.round(random() * 40) + 0.5) / 8)));
  });

  it('sorts values bunched in a narrow range among outliers (radix fallback)', () => {
    const random = seeded(5);
    check(Array.from({ length: 500 }, (_, i) => Math.fround(i % 50 === 0 ? 1e6 * random() : 7 + random() * 1e-4)));
  });
});
