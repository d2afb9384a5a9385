import { expect, it } from 'vitest';
import { formatNames, parseNames } from './names.js';

it('writes one line with every name followed by a comma, and reads it back', () => {
  expect(formatNames(['Actb', 'Gapdh', 'Sox10_+/+_(12r)'])).toBe('Actb,Gapdh,Sox10_+/+_(12r),');
  expect(parseNames('Actb,Gapdh,Sox10_+/+_(12r),')).toEqual(['Actb', 'Gapdh', 'Sox10_+/+_(12r)']);
  expect(parseNames('Actb,Gapdh\n')).toEqual(['Actb', 'Gapdh']);
  expect(parseNames('')).toEqual([]);
  expect(() => formatNames(['a,b'])).toThrow(/comma/);
});
