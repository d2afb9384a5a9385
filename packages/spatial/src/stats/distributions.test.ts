import { describe, expect, it } from 'vitest';
import {
  erfc,
  logBeta,
  logGamma,
  normalCdf,
  normalSf,
  regularizedIncompleteBeta,
  studentTCdf,
  studentTSf,
  studentTTwoSided,
} from './distributions.js';

const relative = (value: number, reference: number): number => Math.abs(value - reference) / Math.abs(reference);

/**
 * Tanh-sinh quadrature on [a, b]: converges to ~1e-15 for analytic integrands and tolerates integrable end
 * singularities, so it gives an independent check of every hard-coded value below. Nodes are placed by their
 * distance from the nearer end, which keeps them exact near the ends.
 */
function tanhSinh(f: (x: number) => number, a: number, b: number, h = 1 / 128): number {
  const half = (b - a) / 2;
  let sum = 0;
  for (let k = -4 / h; k <= 4 / h; k++) {
    const t = k * h;
    const u = (Math.PI / 2) * Math.sinh(t);
    const distance = (2 * half) / (Math.exp(2 * Math.abs(u)) + 1);
    if (distance === 0) continue;
    const weight = ((Math.PI / 2) * Math.cosh(t)) / Math.cosh(u) ** 2;
    sum += weight * f(u < 0 ? a + distance : b - distance);
  }
  return half * h * sum;
}

/** P(Z > z) as ∫₀¹ φ(z/u) z/u² du (x = z/u maps [z, ∞) onto (0, 1]). */
function normalTailByQuadrature(z: number): number {
  return tanhSinh((u) => (Math.exp(-((z / u) ** 2) / 2) / Math.sqrt(2 * Math.PI)) * (z / (u * u)), 0, 1);
}

/** P(T > t) for Student's t, kernel and normalising constant both integrated (no Γ involved). */
function tTailByQuadrature(t: number, df: number): number {
  const kernel = (x: number): number => Math.exp((-(df + 1) / 2) * Math.log1p((x * x) / df));
  const beyond = (from: number): number => tanhSinh((u) => kernel(from / u) * (from / (u * u)), 0, 1);
  const half = tanhSinh(kernel, 0, 1) + beyond(1);
  return beyond(t) / (2 * half);
}

// Student t survival P(T > t): [df, t, value] from mpmath (40 digits, betainc(df/2, 1/2, 0, df/(df+t²))/2).
const T_SF: [number, number, number][] = [
  [0.7, 0.1, 0.47065469157595974],
  [2.5, 3, 0.03628804777451592],
  [10, 2, 0.03669401738537018],
  [10, 0.5, 0.31394680287148646],
  [37.3, 4.2, 7.967870919695677e-5],
  [999.9, 1.7, 0.044720959028647006],
  [5000, 6, 1.0560481416526935e-9],
  [24000.5, 8, 6.500224296917666e-16],
  [24000.5, 1.2, 0.11507559270659855],
  [3, 40, 1.7190340394579263e-5],
  [1e6, 5, 2.866998935445371e-7],
  [13.2, 25, 8.306449939465768e-13],
];

// Normal survival P(Z > z): [z, value] from mpmath erfc(z/√2)/2.
const NORMAL_SF: [number, number][] = [
  [0.5, 0.3085375387259869],
  [1.9, 0.028716559816001807],
  [2.1, 0.017864420562816553],
  [5, 2.866515718791939e-7],
  [12, 1.776482112077679e-33],
  [37, 5.725571222524577e-300],
];

describe('reference values (each re-derived here by quadrature)', () => {
  it.each(T_SF)('t.sf(t=%s | df) — the table value agrees with quadrature', (df, t, value) => {
    expect(relative(tTailByQuadrature(t, df), value)).toBeLessThan(1e-11);
  });
  it.each(NORMAL_SF)('norm.sf(%s) — the table value agrees with quadrature', (z, value) => {
    expect(relative(normalTailByQuadrature(z), value)).toBeLessThan(1e-12);
  });
});

describe('Student t', () => {
  it.each(T_SF)('df=%s, t=%s: within 1e-13 of the 40-digit value', (df, t, value) => {
    expect(relative(studentTSf(t, df), value)).toBeLessThan(1e-13);
    expect(relative(studentTTwoSided(-t, df), 2 * value)).toBeLessThan(1e-13);
  });

  it('matches the known scipy figure t.sf(2, 10) (scipy 1.17: 0.03669401738537018; exact …70182809)', () => {
    // The brief quoted 0.036694017385370196, two ulps above the exact value.
    expect(relative(studentTSf(2, 10), 0.036694017385370196)).toBeLessThan(1e-14);
  });

  it('has the closed forms of df = 1 (Cauchy) and df = 2', () => {
    for (const t of [0.01, 0.3, 1, 2.5, 17, 1e3, 1e6]) {
      expect(relative(studentTSf(t, 1), Math.atan2(1, t) / Math.PI)).toBeLessThan(1e-14);
      const s = Math.sqrt(2 + t * t);
      expect(relative(studentTSf(t, 2), 1 / (s * (s + t)))).toBeLessThan(1e-14);
    }
  });

  it('is a distribution: cdf(t) + cdf(−t) = 1, cdf(0) = ½, limits 0 and 1', () => {
    for (const df of [0.5, 3, 48.2, 4e4]) {
      for (const t of [0.2, 1.5, 9]) expect(studentTCdf(t, df) + studentTCdf(-t, df)).toBeCloseTo(1, 14);
      expect(studentTCdf(0, df)).toBe(0.5);
      expect(studentTTwoSided(Infinity, df)).toBe(0);
      expect(studentTTwoSided(0, df)).toBe(1);
    }
    expect(studentTTwoSided(3, Infinity)).toBe(2 * normalSf(3));
    expect(studentTTwoSided(NaN, 3)).toBeNaN();
    expect(studentTTwoSided(1, 0)).toBeNaN();
  });
});

describe('normal', () => {
  it.each(NORMAL_SF)('sf(%s) within 1e-14 of the 40-digit value', (z, value) => {
    expect(relative(normalSf(z), value)).toBeLessThan(1e-14);
  });

  it('matches the known scipy figure norm.sf(5) = 2.866515718791939e-07', () => {
    expect(relative(normalSf(5), 2.866515718791939e-7)).toBeLessThan(1e-15);
  });

  it('has cdf, symmetry and erfc', () => {
    expect(normalSf(0)).toBe(0.5);
    expect(normalCdf(1.3) + normalCdf(-1.3)).toBeCloseTo(1, 15);
    expect(normalSf(Infinity)).toBe(0);
    expect(normalSf(-Infinity)).toBe(1);
    // erfc(1) = 0.15729920705028513 (mpmath); erfc(x) = 2 Q(x√2).
    expect(relative(erfc(1), 0.15729920705028513)).toBeLessThan(1e-14);
    expect(relative(erfc(-1), 2 - 0.15729920705028513)).toBeLessThan(1e-15);
  });
});

describe('gamma, beta and the incomplete beta', () => {
  it('logGamma: factorials, Γ(½) = √π, small and large arguments', () => {
    let factorial = 1;
    for (let n = 1; n <= 30; n++) {
      expect(Math.abs(logGamma(n + 1) - Math.log((factorial *= n)))).toBeLessThan(1e-13);
    }
    expect(Math.abs(logGamma(0.5) - Math.log(Math.sqrt(Math.PI)))).toBeLessThan(4e-15);
    expect(Math.abs(logGamma(1e-5) - 11.512919692895826)).toBeLessThan(1e-14); // mpmath
    expect(Math.abs(logGamma(123.4) - 469.3360974421906)).toBeLessThan(1e-12); // mpmath
  });

  it('logBeta: B(3,4) = 1/60, and agrees with the Γ sum where that sum is accurate', () => {
    expect(Math.abs(logBeta(3, 4) - Math.log(1 / 60))).toBeLessThan(4e-15);
    for (const [a, b] of [
      [12.5, 0.5],
      [150, 200],
      [0.25, 7.5],
      [40, 11],
    ] as const) {
      expect(Math.abs(logBeta(a, b) - (logGamma(a) + logGamma(b) - logGamma(a + b)))).toBeLessThan(1e-12);
    }
    // Large a, where the Γ sum itself would lose ~1e-11: mpmath log(beta(24000.5, 0.5)).
    expect(Math.abs(logBeta(24000.5, 0.5) - -4.470544820073674)).toBeLessThan(1e-14);
  });

  it('I_x(a, b) with integer a, b equals the binomial tail', () => {
    const binomialTail = (x: number, a: number, b: number): number => {
      const n = a + b - 1;
      let sum = 0;
      let choose = 1;
      for (let j = 0; j <= n; j++) {
        if (j >= a) sum += choose * x ** j * (1 - x) ** (n - j);
        choose = (choose * (n - j)) / (j + 1);
      }
      return sum;
    };
    for (const [x, a, b] of [
      [0.3, 3, 4],
      [0.9, 2, 9],
      [0.05, 7, 1],
      [0.6, 12, 15],
    ] as const) {
      expect(relative(regularizedIncompleteBeta(x, a, b), binomialTail(x, a, b))).toBeLessThan(1e-13);
    }
    expect(regularizedIncompleteBeta(0, 2, 3)).toBe(0);
    expect(regularizedIncompleteBeta(1, 2, 3)).toBe(1);
    expect(regularizedIncompleteBeta(1.5, 2, 3)).toBeNaN();
  });
});
