import { describe, expect, it } from 'vitest';
import { MAX_LASSO_VERTICES, readLassos, thinPolygon, writeLassos } from './lassoQuery';

describe('lasso polygons in the address', () => {
  it('round-trips each run’s polygon at 0.01', () => {
    const text = writeLassos({
      A1: new Float32Array([0.123, 1, 5, 1.5, 5, 9.999]),
      B2: new Float32Array([1, 2, 3, 4, 5, 6]),
    });
    expect(text).toBe('A1:0.12,1,5,1.5,5,10;B2:1,2,3,4,5,6');
    const back = readLassos(text, ['A1', 'B2']);
    expect(Array.from(back.A1!)).toEqual([0.12, 1, 5, 1.5, 5, 10].map(Math.fround));
    expect(Array.from(back.B2!)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('writes nothing for no polygon', () => {
    expect(writeLassos({})).toBeNull();
    expect(writeLassos({ A1: new Float32Array([1, 2, 3, 4]) })).toBeNull();
  });

  it('drops other runs, short polygons and bad numbers', () => {
    expect(readLassos('X9:1,2,3,4,5,6', ['A1'])).toEqual({});
    expect(readLassos('A1:1,2,3,4', ['A1'])).toEqual({});
    expect(readLassos('A1:1,2,3,x,5,6', ['A1'])).toEqual({});
    expect(readLassos('A1:1,2,3,,5,6', ['A1'])).toEqual({});
    expect(readLassos('A1:1,2,3,4,5', ['A1'])).toEqual({});
    expect(readLassos(':1,2;garbage;;', ['A1'])).toEqual({});
    expect(Object.keys(readLassos('A1:1,2,3,4,5,6;Q:1', ['A1']))).toEqual(['A1']);
  });

  it('thins a long freehand lasso to at most the kept vertex count', () => {
    const n = 1000;
    const long = new Float32Array(2 * n).map((_, i) => i);
    const thin = thinPolygon(long);
    expect(thin.length / 2).toBeLessThanOrEqual(MAX_LASSO_VERTICES);
    expect(thin.length / 2).toBeGreaterThan(MAX_LASSO_VERTICES / 2);
    expect(Array.from(thin.slice(0, 2))).toEqual([0, 1]);
    expect(readLassos(writeLassos({ A1: long }), ['A1']).A1!.length).toBe(thin.length);
  });
});
