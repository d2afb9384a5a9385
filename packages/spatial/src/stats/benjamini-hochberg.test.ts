import { describe, expect, it } from 'vitest';
import { benjaminiHochberg } from './benjamini-hochberg.js';

describe('Benjamini–Hochberg', () => {
  it('adjusts a hand-checked example in input order', () => {
    // sorted 0.005, 0.01, 0.03, 0.04 → p·4/rank = 0.02, 0.02, 0.04, 0.04 → running minimum from the top.
    expect(Array.from(benjaminiHochberg([0.01, 0.04, 0.03, 0.005]))).toEqual([0.02, 0.04, 0.04, 0.02]);
  });

  it('gives tied p-values one adjusted value and caps at 1', () => {
    expect(Array.from(benjaminiHochberg([0.5, 0.5, 0.5]))).toEqual([0.5, 0.5, 0.5]);
    expect(Array.from(benjaminiHochberg([0.9, 0.8]))).toEqual([0.9, 0.9]);
    expect(Array.from(benjaminiHochberg([1, 1, 0]))).toEqual([1, 1, 0]);
  });

  it('handles empty input and refuses NaN', () => {
    expect(benjaminiHochberg([])).toHaveLength(0);
    expect(() => benjaminiHochberg([0.1, NaN])).toThrow(RangeError);
  });
});
