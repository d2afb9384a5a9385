import { describe, expect, it } from 'vitest';
import { float32SortKey, sortBuffers, sortKeysWithPayload } from './radix-sort.js';

const keyOf = (v: number): number => float32SortKey(new Uint32Array(Float32Array.of(v).buffer)[0]!);

describe('radix sort of float32 keys', () => {
  it('maps float32 values to keys in numeric order', () => {
    const values = [-Infinity, -3e38, -2.5, -1e-40, 1e-40, 0.1, 1, 7.25, 3e38, Infinity];
    const keys = values.map(keyOf);
    for (let i = 1; i < keys.length; i++) expect(keys[i]!).toBeGreaterThan(keys[i - 1]!);
  });

  it.each([10, 63, 64, 1000])('sorts %s values with their payload, as a comparison sort would', (n) => {
    let seed = n;
    const random = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    // Ties, no zeros (the rankers drop zeros; −0 and +0 have different keys).
    const values = Array.from({ length: n }, () => Math.fround((Math.round(random() * 40) + 0.5) / 8));
    const buffers = sortBuffers(n);
    values.forEach((v, i) => {
      buffers.keys[i] = keyOf(v);
      buffers.payload[i] = i;
    });
    const { keys, payload } = sortKeysWithPayload(buffers, n);
    const sorted = [...values].sort((a, b) => a - b);
    expect(Array.from(payload.subarray(0, n), (i) => values[i])).toEqual(sorted);
    expect(Array.from(keys.subarray(0, n))).toEqual(sorted.map(keyOf));
  });
});
