import { describe, expect, it } from 'vitest';
import { CsvQuoteError, readCsvRows, sniffDelimiter } from './csv-read.js';
import { csvField, csvRow } from './csv-write.js';

const cellsOf = (text: string, delimiter?: ',' | ';' | '\t') => readCsvRows(text, delimiter).map((r) => r.cells);

describe('readCsvRows', () => {
  it('reads quoted commas, doubled quotes and line breaks, and the line each row starts on', () => {
    const rows = readCsvRows('\ufeffa,b\r\n"x, y","he said ""hi""\nthere"\r\nlast,row');
    expect(rows.map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['x, y', 'he said "hi"\nthere'],
      ['last', 'row'],
    ]);
    expect(rows.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it('ends lines at CRLF, LF or a lone CR, mixed in one file, and reads quoted CRLF as LF', () => {
    const rows = readCsvRows('a,b\r\n1,2\n3,4\r5,"six\r\nlines"\r7,8');
    expect(rows.map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', 'six\nlines'],
      ['7', '8'],
    ]);
    expect(rows.map((r) => r.line)).toEqual([1, 2, 3, 4, 6]);
  });

  it('keeps blank lines as rows of one empty cell, but adds none for the last line end', () => {
    expect(cellsOf('a,b\n\n1,2\n,\n')).toEqual([['a', 'b'], [''], ['1', '2'], ['', '']]);
    expect(cellsOf('a\n\n')).toEqual([['a'], ['']]);
    expect(cellsOf('"a"\n\n')).toEqual([['a'], ['']]);
    expect(cellsOf('')).toEqual([]);
  });

  it('reads a quote inside a cell as text', () => {
    expect(cellsOf('size,name\n5" wafer,x"y')).toEqual([
      ['size', 'name'],
      ['5" wafer', 'x"y'],
    ]);
  });

  it('uses the given delimiter only', () => {
    expect(cellsOf('a;b\r1;2', ';')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(cellsOf('"one, cell"\nx,y', ',')).toEqual([['one, cell'], ['x', 'y']]);
    expect(cellsOf('a\tb,c', '\t')).toEqual([['a', 'b,c']]);
  });

  it('names the line of a quote that is never closed', () => {
    expect(() => readCsvRows('a,b\n1,"open\nstill open')).toThrow(new CsvQuoteError(2));
    expect(() => readCsvRows('a,b\n"x\ny",2\n3,4,"\n')).toThrow('A quoted field starting on line 4 is never closed.');
    expect(() => readCsvRows('a,"b\nc",d\ne\n"')).toThrow(new CsvQuoteError(4));
  });
});

describe('sniffDelimiter', () => {
  it('takes a comma, else a semicolon, else a tab, from the first line', () => {
    expect(sniffDelimiter('a,b;c\n')).toBe(',');
    expect(sniffDelimiter('a;b\tc\r\nx,y')).toBe(';');
    expect(sniffDelimiter('a\tb\n')).toBe('\t');
    expect(sniffDelimiter('a\nb,c')).toBe(',');
  });
});

describe('csvField and csvRow', () => {
  it('quote only a field holding a quote, comma or line break, doubling its quotes', () => {
    expect(csvRow(['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\r', ' spaced '])).toBe(
      'plain,"a,b","say ""hi""","two\nlines","cr\r", spaced ',
    );
    expect(csvRow([1.5, -0, Number.NaN, Number.POSITIVE_INFINITY, null, undefined, ''])).toBe('1.5,0,,,,,');
    expect(csvField('"')).toBe('""""');
  });

  it('round-trips through the reader, whatever the cells hold', () => {
    const table = [
      ['id', 'note', 'empty'],
      ['D00012', 'a "quoted", comma\nand a line', ''],
      ['"', ',', '\n'],
      ['x"y', '""', 'last'],
    ];
    const text = `${table.map(csvRow).join('\r\n')}\r\n`;
    expect(cellsOf(text)).toEqual(table);
  });
});
