import { describe, expect, it } from 'vitest';
import { binValues, tickLabel } from './histogram';

describe('binValues', () => {
  it('puts the maximum in the last bin and skips NaN', () => {
    const b = binValues(Float32Array.from([0, 0, 1, 2, 3, 4, NaN]), 4);
    expect(b).toEqual({ min: 0, max: 4, counts: [2, 1, 1, 2], total: 6 });
  });
  it('handles a constant and an empty series', () => {
    expect(binValues([5, 5, 5], 3).counts).toEqual([3, 0, 0]);
    expect(binValues([], 3)).toEqual({ min: 0, max: 0, counts: [0, 0, 0], total: 0 });
  });
  it('labels ticks briefly', () => {
    expect([tickLabel(3), tickLabel(0.123456), tickLabel(1234.5)]).toEqual(['3', '0.123', '1235']);
  });
});
