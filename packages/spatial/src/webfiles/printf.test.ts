import { describe, expect, it } from 'vitest';
import { printf62, writePrintf62 } from './printf.js';

describe('printf62', () => {
  // Expected strings are Python's '%6.2f' % x (correctly rounded like glibc printf).
  it.each([
    [0, '  0.00'],
    [1, '  1.00'],
    [0.005, '  0.01'],
    [0.015, '  0.01'],
    [0.125, '  0.12'],
    [0.375, '  0.38'],
    [0.625, '  0.62'],
    [2.675, '  2.67'],
    [1.005, '  1.00'],
    [999.995, '1000.00'],
    [999.994, '999.99'],
    [-0.125, ' -0.12'],
    [-0.001, ' -0.00'],
    [-0, ' -0.00'],
    [-12.345, '-12.35'],
    [-123.456, '-123.46'],
    [1234.567, '1234.57'],
    [4503599627370495.5, '4503599627370495.50'],
    [1e21, '1000000000000000000000.00'],
    [3.4028234663852886e38, '340282346638528859811704183484516925440.00'],
    [NaN, '   nan'],
    [Infinity, '   inf'],
    [-Infinity, '  -inf'],
  ])('%s → %j', (x, expected) => {
    expect(printf62(x)).toBe(expected);
  });

  it('matches float32 values as C sees them after promotion to double', () => {
    // Math.fround(0.005) = 0.004999999888…, which C prints as 0.00.
    expect(printf62(Math.fround(0.005))).toBe('  0.00');
    expect(printf62(Math.fround(0.125))).toBe('  0.12');
  });
});

describe('writePrintf62', () => {
  const written = (x: number): string | null => {
    const buffer = new Uint8Array(6);
    return writePrintf62(buffer, 0, x) ? String.fromCharCode(...buffer) : null;
  };

  it('writes the bytes printf62 prints for every value it takes', () => {
    let state = 7;
    const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const values = [0, 0.005, 0.015, 0.125, 0.375, 2.675, 1.005, 9.995, 99.995, 999.985, 999.994, 12.5, 7];
    for (let i = 0; i < 200_000; i++) {
      const v = random() * (i % 3 === 0 ? 10 : 1000);
      values.push(v, Math.fround(v), Math.round(v * 1000) / 1000, Math.round(v * 8) / 8, Math.log1p(v));
    }
    const wrong = values.filter((v) => v < 999.995 && written(v) !== printf62(v));
    expect(wrong).toEqual([]);
  });

  it('refuses what does not fit six bytes or is negative', () => {
    for (const v of [999.995, 1000, 1234.5, -0.001, -0, -1, NaN, Infinity]) expect(written(v)).toBeNull();
  });
});
