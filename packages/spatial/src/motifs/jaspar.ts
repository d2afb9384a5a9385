/**
 * JASPAR count-matrix format: `>MA0004.1<tab>Arnt` then four rows `A  [ 4 19 0 … ]` (brackets optional, as in
 * the older "raw" JASPAR files). Rows must come as A, C, G, T with equal lengths; errors name the line.
 */
import { BASES, MotifFormatError, type Motif } from './motif.js';

export function parseJaspar(text: string): Motif[] {
  const motifs: Motif[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let current: { id: string; name: string; rows: number[][]; line: number } | undefined;
  const finish = () => {
    if (!current) return;
    if (current.rows.length !== 4) {
      throw new MotifFormatError(
        `line ${current.line}: motif ${current.id} has ${current.rows.length} rows, expected A, C, G, T`,
      );
    }
    motifs.push({ id: current.id, name: current.name, rows: current.rows as Motif['rows'] });
  };
  lines.forEach((raw, index) => {
    const lineNo = index + 1;
    const line = raw.trim();
    if (line === '') return;
    if (line.startsWith('>')) {
      finish();
      const [id = '', ...name] = line.slice(1).trim().split(/\s+/);
      if (id === '') throw new MotifFormatError(`line ${lineNo}: a motif header needs an id after '>'`);
      current = { id, name: name.join(' ') || id, rows: [], line: lineNo };
      return;
    }
    if (!current)
      throw new MotifFormatError(`line ${lineNo}: expected a '>' motif header, found "${line.slice(0, 40)}"`);
    const match = /^([ACGT])\s*\[?([^\]]*)\]?$/i.exec(line);
    const expected = BASES[current.rows.length];
    if (!match || expected === undefined || match[1]!.toUpperCase() !== expected) {
      throw new MotifFormatError(
        `line ${lineNo}: expected the ${expected ?? 'next motif header'} row of ${current.id}`,
      );
    }
    const values = match[2]!.trim().split(/\s+/).map(Number);
    if (values.some((v) => !Number.isFinite(v) || v < 0)) {
      throw new MotifFormatError(`line ${lineNo}: ${expected} row of ${current.id} must hold non-negative numbers`);
    }
    if (current.rows.length > 0 && values.length !== current.rows[0]!.length) {
      throw new MotifFormatError(
        `line ${lineNo}: ${expected} row of ${current.id} has ${values.length} positions, the A row ${current.rows[0]!.length}`,
      );
    }
    current.rows.push(values);
  });
  finish();
  return motifs;
}
