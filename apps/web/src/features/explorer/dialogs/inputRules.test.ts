import { describe, expect, it } from 'vitest';
import { checkHexColour, parseRangeValue } from './inputRules';

describe('validation', () => {
  it('range values must contain a digit', () => {
    expect(parseRangeValue('abc')).toBeNull();
    expect(parseRangeValue('')).toBeNull();
    expect(parseRangeValue('1.5')).toBe(1.5);
    expect(parseRangeValue('-2')).toBe(-2);
    expect(parseRangeValue('1a')).toBeNull();
  });

  it('hex colours must start with # and have 6 digits', () => {
    expect(checkHexColour('ff0000')).toEqual({ ok: false, error: 'Must be of Hex Code' });
    expect(checkHexColour('#ff00')).toEqual({ ok: false, error: null });
    expect(checkHexColour('#FF0000')).toEqual({ ok: true, hex: '#ff0000' });
    expect(checkHexColour('#zzzzzz').ok).toBe(false);
  });
});
