import { describe, expect, it } from 'vitest';
import { float32Text, formatDataCsv, parseDataCsv, type DataCsv } from './data-csv.js';

const base: DataCsv = {
  clusters: ['C1', 'C2', 'C10'],
  spatial: Float64Array.of(5, 15, 25.5, 35, 1e-7, 123456.789),
  umap: Float32Array.of(0.1, -2.5, 3.333333, 4, -0.000123, 7),
  qc: [Float32Array.of(1000, 250, 3), Float32Array.of(3.5, 2.75, 1e-3)],
};

describe('data.csv', () => {
  it('writes 7 columns, no header, one row per tixel', () => {
    expect(formatDataCsv(base).split('\n')).toEqual([
      'C1,5,15,0.1,-2.5,1000,3.5',
      'C2,25.5,35,3.333333,4,250,2.75',
      'C10,1e-7,123456.789,-0.000123,7,3,0.001',
      '',
    ]);
  });

  it.each([
    ['7 columns', {}],
    ['8 columns: cell type at 7', { cellTypes: ['T cells', 'B cells, naive', 'Say "hi"'] }],
    [
      '9 columns: sample and condition at 7, 8',
      { sample: ['D01234', 'D01234', 'D05678'], condition: ['control', 'treated', 'treated'] },
    ],
    [
      '10 columns: cell type at 9',
      { sample: ['a', 'b', 'c'], condition: ['x', 'y', 'z'], cellTypes: ['Neuron', 'Glia', 'Undefined'] },
    ],
  ])('round-trips %s', (_, extra) => {
    const data: DataCsv = { ...base, ...extra };
    const text = formatDataCsv(data);
    expect(parseDataCsv(text)).toEqual(data);
    const width = 7 + (data.cellTypes ? 1 : 0) + (data.sample ? 2 : 0);
    expect(text.split('\n')[0]!.split(',')).toHaveLength(width);
  });

  it('puts the cell type last in the 10-column variant', () => {
    const text = formatDataCsv({
      ...base,
      sample: ['s', 's', 's'],
      condition: ['c', 'c', 'c'],
      cellTypes: ['T', 'T', 'T'],
    });
    expect(text.split('\n')[0]).toBe('C1,5,15,0.1,-2.5,1000,3.5,s,c,T');
  });

  it('writes float32 values with the fewest digits that read back exactly', () => {
    for (const v of [0.1, 1 / 3, -1e-7, 16777217, 3.4028234663852886e38, 1.17549435e-38]) {
      const f = Math.fround(v);
      expect(Math.fround(Number(float32Text(f)))).toBe(f);
    }
    expect(float32Text(Math.fround(0.1))).toBe('0.1');
  });

  it('reads quoted fields, CRLF and blank lines, and a last row without a line break, as a CSV reader does', () => {
    const text =
      '"C1",1,2,3,4,5,6,"T ""naive"", CD4+"\r\n' +
      '\n' +
      'C2,1.5,2,3,4,5,6,"two\nlines"\r\n' +
      'C"3,x"y,1,2,3,4,5,6,T"'; // quotes inside an unquoted field join what they enclose; the last one never closes
    const parsed = parseDataCsv(text);
    expect(parsed.clusters).toEqual(['C1', 'C2', 'C3,xy']);
    expect(parsed.cellTypes).toEqual(['T "naive", CD4+', 'two\nlines', 'T']);
    expect(Array.from(parsed.spatial)).toEqual([1, 2, 1.5, 2, 1, 2]);
    expect(Array.from(parsed.qc[1])).toEqual([6, 6, 6]);
    expect(parseDataCsv('')).toEqual({
      clusters: [],
      spatial: new Float64Array(0),
      umap: new Float32Array(0),
      qc: [new Float32Array(0), new Float32Array(0)],
    });
  });

  it('rejects mismatched lengths and unknown widths', () => {
    expect(() => formatDataCsv({ ...base, clusters: ['C1'] })).toThrow(/spatial has 6 values, expected 2/);
    expect(() => formatDataCsv({ ...base, sample: ['a', 'b', 'c'] })).toThrow(/both sample and condition/);
    expect(() => parseDataCsv('C1,1,2,3\n')).toThrow(/4 columns/);
    expect(() => parseDataCsv('C1,1,2,3,4,5,6\nC2,1,2,3,4,5,6,x\n')).toThrow(/row 2 has 8 columns/);
  });
});
