import { describe, expect, it } from 'vitest';
import { indicesOfBitset } from '@atlas/contracts';
import { TixelIndexError, tixelBitset } from './tixel-set.js';

describe('tixel bitsets', () => {
  it('round-trips a selection, ascending and without repeats', () => {
    const { bits, size } = tixelBitset([9, 0, 7, 8, 7, 15], 16);
    expect(Array.from(bits)).toEqual([0b1000_0001, 0b1000_0011]);
    expect(size).toBe(5);
    expect(indicesOfBitset(bits)).toEqual([0, 7, 8, 9, 15]);
  });

  it('is as long as the highest index needs, at most the run’s count / 8 bytes', () => {
    expect(tixelBitset([2], 1_000_000).bits).toHaveLength(1);
    const all = Array.from({ length: 1_000_000 }, (_, i) => i);
    const { bits, size } = tixelBitset(all, 1_000_000);
    expect([bits.length, size]).toEqual([125_000, 1_000_000]);
    const back = indicesOfBitset(bits);
    expect(back.length === all.length && back.every((v, i) => v === all[i])).toBe(true);
  });

  it('refuses the first index that is not a tixel of the run', () => {
    for (const bad of [6, -1, 2.5, Number.NaN]) {
      expect(() => tixelBitset([0, bad, 99], 6)).toThrow(TixelIndexError);
      try {
        tixelBitset([0, bad, 99], 6);
      } catch (error) {
        expect((error as TixelIndexError).index).toBe(bad);
      }
    }
  });
});
