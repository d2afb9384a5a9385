/**
 * Sequence-logo maths for the Peak/Motif Viewer. gene.seq_logo answers per position `[[base, value] × 4]`
 * (DESIGN §6) with each position's share of its total; a logo stacks the four bases by their share of the
 * position's information content, so a column is 2 bits tall when one base is certain and empty when all four
 * are equally likely (Schneider & Stephens 1990, without the small-sample correction: the task gives no counts).
 */
import { z } from 'zod';

const BASES = ['A', 'C', 'G', 'T'] as const;
export type Base = (typeof BASES)[number];
/** One position as gene.seq_logo returns it. */
export type LogoColumn = readonly (readonly [Base, number])[];

/** log2 of the alphabet size: the most information one DNA position can carry. */
export const MAX_BITS = 2;

const ZLogoColumns = z.array(
  z
    .array(z.tuple([z.enum(BASES), z.number().nonnegative()]))
    .length(4)
    .refine(
      (column) => BASES.every((base) => column.some(([b]) => b === base)),
      'Each position needs A, C, G and T once',
    ),
);

/** The task's result as logo columns; throws on anything else so a changed task cannot draw a wrong logo. */
export function parseLogoColumns(result: unknown): LogoColumn[] {
  const parsed = ZLogoColumns.safeParse(result);
  if (!parsed.success) throw new Error(`The sequence logo result is malformed: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

/** A letter of a stacked column: its height and the height of the letters below it, in bits. */
export interface StackedLetter {
  base: Base;
  bits: number;
  below: number;
}

/** Probabilities of the bases in a column (counts are normalised too); all zero for an all-zero column. */
function probabilities(column: LogoColumn): [Base, number][] {
  const total = column.reduce((sum, [, value]) => sum + value, 0);
  return column.map(([base, value]) => [base, total > 0 ? value / total : 0]);
}

/** Information content of a column in bits: 2 − Shannon entropy, 0 for an all-zero column. */
export function informationContent(column: LogoColumn): number {
  const p = probabilities(column);
  if (p.every(([, q]) => q === 0)) return 0;
  const entropy = -p.reduce((sum, [, q]) => (q > 0 ? sum + q * Math.log2(q) : sum), 0);
  // Rounding can push a uniform column a hair below zero.
  return Math.max(0, MAX_BITS - entropy);
}

/** The visible letters of a column, bottom to top (smallest first), each as tall as its share of the information. */
export function stackColumn(column: LogoColumn): StackedLetter[] {
  const bits = informationContent(column);
  const heights = probabilities(column)
    .map(([base, q]) => ({ base, bits: q * bits }))
    .filter((letter) => letter.bits > 0)
    .sort((a, b) => a.bits - b.bits);
  let below = 0;
  return heights.map((letter) => {
    const stacked = { ...letter, below };
    below += letter.bits;
    return stacked;
  });
}

/** Per position the most probable base; 'N' where no single base is most probable (a tie or an all-zero column). */
export function consensus(columns: readonly LogoColumn[]): string {
  return columns
    .map((column) => {
      const top = Math.max(...column.map(([, value]) => value));
      const leaders = column.filter(([, value]) => value === top);
      return top > 0 && leaders.length === 1 ? leaders[0]![0] : 'N';
    })
    .join('');
}
