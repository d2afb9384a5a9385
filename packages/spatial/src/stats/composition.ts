/**
 * Region composition: which groups (clusters, cell types) a selection of tixels holds against the rest of the
 * run, each group tested for enrichment with Fisher's exact test (two-sided, scipy's semantics) and the p-values
 * adjusted across groups with Benjamini–Hochberg. Counting walks the selection only; the rest comes from the
 * groups' totals, which the caller usually has already (the tixel table carries them).
 */
import { benjaminiHochberg } from './benjamini-hochberg.js';
import { fisherExact } from './fisher.js';

export interface CompositionRow {
  /** The group's position in `names`. */
  index: number;
  name: string;
  countIn: number;
  /** Of the selection's labelled tixels. */
  fractionIn: number;
  countRest: number;
  fractionRest: number;
  oddsRatio: number;
  p: number;
  pAdjusted: number;
}

export interface Composition {
  /** Labelled tixels in the selection and in the rest (tixels without a group count in neither). */
  totalIn: number;
  totalRest: number;
  rows: CompositionRow[];
}

/** Per-group totals of a code column: codes outside [0, groups) (NaN, −1 for unlabelled) are not counted. */
export function groupTotals(codes: ArrayLike<number>, groups: number): number[] {
  const totals = new Array<number>(groups).fill(0);
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    if (code >= 0 && code < groups) totals[code | 0]!++;
  }
  return totals;
}

/**
 * The composition of `selection` (tixel indices; repeats count once) over the groups of `codes` named `names`.
 * `totals` are the groups' sizes in the whole run (computed from `codes` when absent).
 */
export function composition(
  codes: ArrayLike<number>,
  names: readonly string[],
  selection: ArrayLike<number>,
  totals: readonly number[] = groupTotals(codes, names.length),
): Composition {
  if (totals.length !== names.length) throw new RangeError('composition: one total per group is needed');
  const groups = names.length;
  const countIn = new Array<number>(groups).fill(0);
  const seen = new Uint8Array(codes.length);
  for (let k = 0; k < selection.length; k++) {
    const i = selection[k]!;
    if (!Number.isInteger(i) || i < 0 || i >= codes.length) {
      throw new RangeError(`composition: ${i} is not a tixel index in [0, ${codes.length})`);
    }
    if (seen[i]) continue;
    seen[i] = 1;
    const code = codes[i]!;
    if (code >= 0 && code < groups) countIn[code | 0]!++;
  }
  const totalIn = countIn.reduce((s, v) => s + v, 0);
  const totalRest = totals.reduce((s, v) => s + v, 0) - totalIn;
  const tests = countIn.map((a, g) => {
    const c = totals[g]! - a;
    if (c < 0) throw new RangeError(`composition: group ${names[g]} has more selected tixels than its total`);
    return fisherExact({ a, b: totalIn - a, c, d: totalRest - c });
  });
  const adjusted = benjaminiHochberg(tests.map((t) => t.p));
  const fraction = (count: number, total: number) => (total > 0 ? count / total : 0);
  const rows = names.map((name, g) => ({
    index: g,
    name,
    countIn: countIn[g]!,
    fractionIn: fraction(countIn[g]!, totalIn),
    countRest: totals[g]! - countIn[g]!,
    fractionRest: fraction(totals[g]! - countIn[g]!, totalRest),
    oddsRatio: tests[g]!.oddsRatio,
    p: tests[g]!.p,
    pAdjusted: adjusted[g]!,
  }));
  return { totalIn, totalRest, rows };
}
