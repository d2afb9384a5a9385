import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseJaspar } from './jaspar.js';
import { findMotif, logoColumns } from './motif.js';
import { sharedData } from '../testing.js';

const jaspar = sharedData('motifs/pfm_vertebrates.txt');
const present = fs.existsSync(jaspar);
if (!present) console.warn(`skipping a test: ${jaspar} is not here`);

describe('JASPAR motifs', () => {
  it.runIf(present)('reads all 519 motifs of JASPAR 2016 vertebrates; Arnt column 1 is A 4, C 16 of 20', () => {
    const motifs = parseJaspar(fs.readFileSync(jaspar, 'utf8'));
    expect(motifs).toHaveLength(519);
    const arnt = findMotif(motifs, 'MA0004.1');
    expect(arnt.name).toBe('Arnt');
    expect(arnt.rows.map((r) => r.length)).toEqual([6, 6, 6, 6]);
    // By hand from the file: A [4 19 0 0 0 0], C [16 0 20 0 0 0], G [0 1 0 20 0 20], T [0 0 0 0 20 0].
    expect(logoColumns(arnt)[0]).toEqual([
      ['A', 0.2],
      ['C', 0.8],
      ['G', 0],
      ['T', 0],
    ]);
    expect(logoColumns(arnt)[1]).toEqual([
      ['A', 0.95],
      ['C', 0],
      ['G', 0.05],
      ['T', 0],
    ]);
    expect(findMotif(motifs, 'Ahr::Arnt').id).toBe('MA0006.1');
  });

  it('accepts rows without brackets and names the line of a malformed row', () => {
    const ok = parseJaspar('>M1 X\nA 1 2\nC 3 4\nG 0 0\nT 0 0\n');
    expect(ok[0]!.rows).toEqual([
      [1, 2],
      [3, 4],
      [0, 0],
      [0, 0],
    ]);
    expect(() => parseJaspar('>M1 X\nA [1 2]\nG [0 0]\n')).toThrow('line 3: expected the C row of M1');
    expect(() => parseJaspar('>M1 X\nA [1 2]\nC [1]\n')).toThrow('line 3: C row of M1 has 1 positions, the A row 2');
    expect(() => parseJaspar('>M1 X\nA [1 x]\n')).toThrow('line 2: A row of M1 must hold non-negative numbers');
    expect(() => parseJaspar('>M1 X\nA [1]\nC [1]\nG [1]\n>M2\n')).toThrow(
      'line 1: motif M1 has 3 rows, expected A, C, G, T',
    );
    expect(() => parseJaspar('A [1]\n')).toThrow(`line 1: expected a '>' motif header`);
  });
});
