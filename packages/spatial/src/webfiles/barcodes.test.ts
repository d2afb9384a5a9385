import { describe, expect, it } from 'vitest';
import { formatBarcodes, parseBarcodes } from './barcodes.js';

describe('barcodes.txt', () => {
  it('round-trips names with commas, quotes and spaces; no names is an empty file', () => {
    const names = ['AAACAAGTATCTCCCA-1', 'cell 2', 'a,b', '"q"'];
    expect(parseBarcodes(formatBarcodes(names))).toEqual(names);
    expect(formatBarcodes([])).toBe('');
    expect(parseBarcodes('')).toEqual([]);
  });

  it('keeps one row per name when a name holds a line break, and reads CRLF files', () => {
    expect(parseBarcodes(formatBarcodes(['x\ny', 'z']))).toEqual(['x y', 'z']);
    expect(parseBarcodes('a\r\nb\r\n')).toEqual(['a', 'b']);
  });
});
