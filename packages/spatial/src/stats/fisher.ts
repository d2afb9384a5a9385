/**
 * Fisher's exact test of a 2×2 table, two-sided, as scipy.stats.fisher_exact and R's fisher.test define it: the
 * sum of the hypergeometric probabilities of every table with the same margins that is no more probable than the
 * observed one (within a relative 1e-7, R's `relErr`, so that ties computed in floating point are counted).
 *
 * Region composition tests cluster counts of hundreds of thousands of tixels: the probabilities are handled as
 * ratios to the observed table's, walked outward from it with the hypergeometric recurrence and stopped once the
 * terms no longer change the sum, so the cost is O(√n) terms rather than O(n), and nothing underflows before the
 * final exp (the p-value is also returned as its natural log, exact where the p-value itself is below 1e-308).
 */
import { logGamma } from './distributions.js';

/** A 2×2 table [[a, b], [c, d]]: rows in / out of the selection, columns in / out of the group. */
export interface Table2x2 {
  a: number;
  b: number;
  c: number;
  d: number;
}

export interface FisherResult {
  /** Sample odds ratio a·d / (b·c): Infinity when b·c = 0 < a·d, NaN when both are 0 (scipy's convention). */
  oddsRatio: number;
  /** Two-sided p-value. */
  p: number;
  /** ln p, finite even where p underflows to 0. */
  logP: number;
}

/** R's fisher.test `relErr`: tables within this relative probability of the observed one count as as extreme. */
const RELATIVE_TIE = 1 + 1e-7;
/** A term below this fraction of the running sum no longer changes it in double precision. */
const NEGLIGIBLE = 1e-18;

const logChoose = (n: number, k: number): number => logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);

/**
 * The hypergeometric distribution of the table's top-left cell given its margins: x successes in a draw of
 * `draws` from `population` holding `successes`.
 */
class Hypergeometric {
  readonly low: number;
  readonly high: number;
  readonly mode: number;
  private readonly logDenominator: number;

  constructor(
    private readonly population: number,
    private readonly successes: number,
    private readonly draws: number,
  ) {
    this.low = Math.max(0, draws - (population - successes));
    this.high = Math.min(draws, successes);
    this.mode = Math.floor(((draws + 1) * (successes + 1)) / (population + 2));
    this.logDenominator = logChoose(population, draws);
  }

  logPmf(x: number): number {
    return (
      logChoose(this.successes, x) + logChoose(this.population - this.successes, this.draws - x) - this.logDenominator
    );
  }

  /** pmf(x + 1) / pmf(x). */
  ratioUp(x: number): number {
    const failures = this.population - this.successes;
    return ((this.successes - x) * (this.draws - x)) / ((x + 1) * (failures - this.draws + x + 1));
  }

  /**
   * Σ pmf(x) / pmf(start) for x from `start` outward (step +1 or −1), where the terms only fall: from the mode's
   * far side of a unimodal distribution. Stops when a term is negligible against the sum.
   */
  tailRatio(start: number, step: 1 | -1, startRatio: number): number {
    let term = startRatio;
    let sum = 0;
    for (let x = start; x >= this.low && x <= this.high; x += step) {
      sum += term;
      if (term < sum * NEGLIGIBLE) break;
      term *= step === 1 ? this.ratioUp(x) : 1 / this.ratioUp(x - 1);
    }
    return sum;
  }

  /**
   * The first x from the mode toward `end` (exclusive of the mode's side) whose ln pmf is ≤ `limit`: ln pmf
   * falls monotonically past the mode, so a binary search finds it; null when none is.
   */
  firstBelow(limit: number, end: number): number | null {
    const step = end > this.mode ? 1 : -1;
    if (this.logPmf(end) > limit) return null;
    let inside = this.mode; // ln pmf > limit here (the observed table is on the other side and less probable)
    let outside = end;
    while (Math.abs(outside - inside) > 1) {
      const mid = inside + step * Math.floor(Math.abs(outside - inside) / 2);
      if (this.logPmf(mid) <= limit) outside = mid;
      else inside = mid;
    }
    return outside;
  }
}

function checkCount(name: string, v: number): void {
  if (!Number.isInteger(v) || v < 0) throw new RangeError(`Fisher's exact test: ${name} = ${v} is not a count`);
}

/** Two-sided Fisher's exact test of [[a, b], [c, d]]. */
export function fisherExact({ a, b, c, d }: Table2x2): FisherResult {
  for (const [name, v] of [
    ['a', a],
    ['b', b],
    ['c', c],
    ['d', d],
  ] as const)
    checkCount(name, v);
  const oddsRatio = b * c === 0 ? (a * d === 0 ? NaN : Infinity) : (a * d) / (b * c);
  const rowIn = a + b;
  const colIn = a + c;
  const n = a + b + c + d;
  // One margin empty: a single possible table.
  if (rowIn === 0 || colIn === 0 || rowIn === n || colIn === n) return { oddsRatio, p: 1, logP: 0 };
  const h = new Hypergeometric(n, colIn, rowIn);
  const logExact = h.logPmf(a);
  const logMode = h.logPmf(h.mode);
  if (logMode - logExact <= Math.log(RELATIVE_TIE)) return { oddsRatio, p: 1, logP: 0 };
  const limit = logExact + Math.log(RELATIVE_TIE);
  // The observed side of the mode: every table from `a` outward is less probable.
  const towardEnd: 1 | -1 = a < h.mode ? -1 : 1;
  let sum = h.tailRatio(a, towardEnd, 1);
  // The other side: the tables past the first one no more probable than the observed.
  const farEnd = towardEnd === -1 ? h.high : h.low;
  const first = h.firstBelow(limit, farEnd);
  if (first !== null) sum += h.tailRatio(first, towardEnd === -1 ? 1 : -1, Math.exp(h.logPmf(first) - logExact));
  const logP = Math.min(0, logExact + Math.log(sum));
  return { oddsRatio, p: Math.exp(logP), logP };
}
