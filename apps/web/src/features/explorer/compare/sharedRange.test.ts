import { describe, expect, it } from 'vitest';
import { sharedRange } from './sharedRange';

describe('sharedRange', () => {
  it('spans every run’s finite values', () => {
    expect(sharedRange([Float32Array.of(1, 2, NaN), Float32Array.of(-0.5, 4, Infinity)])).toEqual([-0.5, 4]);
  });
  it('is [0, 1] without values and one unit wide when flat', () => {
    expect(sharedRange([])).toEqual([0, 1]);
    expect(sharedRange([Float32Array.of(3, 3)])).toEqual([3, 4]);
  });
});
