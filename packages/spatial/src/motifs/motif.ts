/**
 * Sequence-logo data (`gene.seq_logo`, DESIGN §6): a motif is 4 rows A, C, G, T of counts or probabilities over
 * its positions; the logo needs, per position, `[[base, value] × 4]` with values normalised to sum to 1 (what
 * logojs draws as a probability matrix, whatever scale the source used).
 */
export const BASES = ['A', 'C', 'G', 'T'] as const;
export type Base = (typeof BASES)[number];
export type LogoColumn = [Base, number][];

export interface Motif {
  id: string;
  name: string;
  /** rows[b][position] for b in A, C, G, T. */
  rows: [number[], number[], number[], number[]];
}

export class MotifFormatError extends Error {
  override name = 'MotifFormatError';
}

/** Per position the four bases with their share of that position's total (0 for an all-zero position). */
export function logoColumns(motif: Motif): LogoColumn[] {
  const length = motif.rows[0].length;
  return Array.from({ length }, (_, p) => {
    const total = motif.rows.reduce((s, row) => s + row[p]!, 0);
    return BASES.map((base, b): [Base, number] => [base, total > 0 ? motif.rows[b]![p]! / total : 0]);
  });
}

/**
 * The motif for a feature name. The original looked motifs up after replacing the first `-` with `_` (motif
 * feature names carry `-` where motifs.csv has `_`), so that form is tried after the exact id and name.
 */
export function findMotif(motifs: readonly Motif[], id: string): Motif {
  const dash = id.indexOf('-');
  const candidates = dash >= 0 ? [id, `${id.slice(0, dash)}_${id.slice(dash + 1)}`] : [id];
  for (const candidate of candidates) {
    const found = motifs.find((m) => m.id === candidate || m.name === candidate);
    if (found) return found;
  }
  throw new MotifFormatError('Motif not found');
}
