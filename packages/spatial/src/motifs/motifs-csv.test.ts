import { describe, expect, it } from 'vitest';
import { findMotif, logoColumns } from './motif.js';
import { parseMotifsCsv } from './motifs-csv.js';

const csv = [
  'motif,0,1,2',
  'GATA1_1,0.5,0,1',
  'GATA1_1,0.5,0,0',
  'GATA1_1,0,1,0',
  'GATA1_1,0,0,0',
  'SOX2_7,1,3,',
  'SOX2_7,1,0,',
  'SOX2_7,1,0,',
  'SOX2_7,1,1,',
].join('\n');

describe('motifs.csv', () => {
  it('reads four rows per motif and drops positions a shorter motif leaves empty', () => {
    const motifs = parseMotifsCsv(csv);
    expect(motifs.map((m) => m.id)).toEqual(['GATA1_1', 'SOX2_7']);
    expect(logoColumns(motifs[0]!)).toEqual([
      [
        ['A', 0.5],
        ['C', 0.5],
        ['G', 0],
        ['T', 0],
      ],
      [
        ['A', 0],
        ['C', 0],
        ['G', 1],
        ['T', 0],
      ],
      [
        ['A', 1],
        ['C', 0],
        ['G', 0],
        ['T', 0],
      ],
    ]);
    expect(logoColumns(motifs[1]!)).toEqual([
      [
        ['A', 0.25],
        ['C', 0.25],
        ['G', 0.25],
        ['T', 0.25],
      ],
      [
        ['A', 0.75],
        ['C', 0],
        ['G', 0],
        ['T', 0.25],
      ],
    ]);
  });

  it('finds a motif by its feature name, whose first "-" stands for "_", else "Motif not found"', () => {
    const motifs = parseMotifsCsv(csv);
    expect(findMotif(motifs, 'SOX2-7').id).toBe('SOX2_7');
    expect(() => findMotif(motifs, 'KLF4-1')).toThrow('Motif not found');
  });

  it('checks an optional base column and names the line of malformed input', () => {
    const withBase = 'base,motif,0\nA,M,1\nC,M,1\nG,M,1\nT,M,1\n';
    expect(parseMotifsCsv(withBase)[0]!.rows).toEqual([[1], [1], [1], [1]]);
    expect(() => parseMotifsCsv('base,motif,0\nA,M,1\nG,M,1\nC,M,1\nT,M,1\n')).toThrow(
      'line 3: expected base C for M, found "G"',
    );
    expect(() => parseMotifsCsv('name,0\nM,1\n')).toThrow('line 1: motifs.csv needs a "motif" column');
    expect(parseMotifsCsv('"motif","0"\r\n"M",1\r\n"M",1\r\n"M",1\r\n"M",1\r\n')[0]!.id).toBe('M');
    expect(() => parseMotifsCsv('motif,0\nM,1\n"M,1\n')).toThrow('line 3: a quoted field is never closed');
    expect(() => parseMotifsCsv('motif,0\nM,1\nM,1\nM,1\nN,1\n')).toThrow(
      'line 5: expected row T of M, found motif "N"',
    );
    expect(() => parseMotifsCsv('motif,0\nM,1\nM,1\nM,1\n')).toThrow('line 2: motif M has 3 rows, expected A, C, G, T');
    expect(() => parseMotifsCsv('motif,0\nM,1\nM,-1\nM,1\nM,1\n')).toThrow(
      'line 3: "-1" in M is not a non-negative number',
    );
  });
});
