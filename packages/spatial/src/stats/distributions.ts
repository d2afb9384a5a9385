/**
 * Tail probabilities for the two reference distributions of differential expression: the standard normal
 * (Wilcoxon z scores) and Student's t with fractional degrees of freedom (Welch). Both are computed directly
 * in the tail, never as 1 − CDF, so that p-values such as 1e-300 keep ~1e-14 relative accuracy, as scipy's.
 */

const LN_SQRT_2PI = 0.9189385332046727; // ln √(2π)
const INV_SQRT_2PI = 0.3989422804014327; // 1 / √(2π)
const SQRT_PI = 1.7724538509055159; // √π
const EPS = 1e-16;
const TINY = 1e-300;

/**
 * Stirling's correction δ(x) = ln Γ(x) − [(x − ½) ln x − x + ln √(2π)] for x ≥ 10: the asymptotic series
 * Σ B₂ₖ / (2k(2k−1) x²ᵏ⁻¹), exact Bernoulli coefficients up to B₁₆ (the last term is < 3e-17 at x = 10).
 */
function stirlingCorrection(x: number): number {
  const r = 1 / (x * x);
  const series =
    1 / 12 -
    r *
      (1 / 360 -
        r * (1 / 1260 - r * (1 / 1680 - r * (1 / 1188 - r * (691 / 360360 - r * (1 / 156 - r * (3617 / 122400)))))));
  return series / x;
}

/** ln Γ(x) for x > 0: Stirling's series at x ≥ 10, shifted there by Γ(x) = Γ(x + k) / (x (x+1) … (x+k−1)). */
export function logGamma(x: number): number {
  if (!(x > 0)) return x === 0 ? Infinity : NaN;
  let shift = 1;
  while (x < 10) {
    shift *= x;
    x += 1;
  }
  return (x - 0.5) * Math.log(x) - x + LN_SQRT_2PI + stirlingCorrection(x) - Math.log(shift);
}

/**
 * ln B(a, b). For large arguments the three ln Γ terms are each ~a ln a and would cancel to ~1e-11 absolute
 * (Welch has a = df/2 up to tens of thousands), so, as R's lbeta (nmath/lbeta.c), the Stirling parts are
 * combined analytically and only the small corrections δ are subtracted.
 */
export function logBeta(a: number, b: number): number {
  const p = Math.min(a, b);
  const q = Math.max(a, b);
  if (!(p > 0)) return p === 0 ? Infinity : NaN;
  const ratio = p / (p + q);
  if (p >= 10) {
    const corr = stirlingCorrection(p) + stirlingCorrection(q) - stirlingCorrection(p + q);
    return -0.5 * Math.log(q) + LN_SQRT_2PI + corr + (p - 0.5) * Math.log(ratio) + q * Math.log1p(-ratio);
  }
  if (q >= 10) {
    const corr = stirlingCorrection(q) - stirlingCorrection(p + q);
    return logGamma(p) + corr + p - p * Math.log(p + q) + (q - 0.5) * Math.log1p(-ratio);
  }
  return logGamma(p) + logGamma(q) - logGamma(p + q);
}

/**
 * Continued fraction of I_x(a, b) (Numerical Recipes `betacf`, modified Lentz). It converges quickly for
 * x < (a+1)/(a+b+2), in O(√max(a, b)) terms at worst; the callers use the symmetry I_x(a,b) = 1 − I_y(b,a)
 * to stay in that region.
 */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  const maxIterations = 200 + 20 * Math.ceil(Math.sqrt(Math.max(a, b)));
  for (let m = 1; m <= maxIterations; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) return h;
  }
  throw new RangeError(`incomplete beta: no convergence for a=${a}, b=${b}, x=${x}`);
}

/**
 * I_x(a, b) given x, y = 1 − x and their logarithms, so that callers that know y or ln x more accurately than
 * 1 − x or Math.log(x) (the t distribution does) keep that accuracy.
 */
function incompleteBeta(a: number, b: number, x: number, y: number, lnX: number, lnY: number): number {
  if (x <= 0) return 0;
  if (y <= 0) return 1;
  const front = Math.exp(a * lnX + b * lnY - logBeta(a, b));
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(a, b, x)) / a;
  return 1 - (front * betaContinuedFraction(b, a, y)) / b;
}

/** Regularised incomplete beta function I_x(a, b), a, b > 0, 0 ≤ x ≤ 1. */
export function regularizedIncompleteBeta(x: number, a: number, b: number): number {
  if (Number.isNaN(x) || !(a > 0) || !(b > 0) || x < 0 || x > 1) return NaN;
  return incompleteBeta(a, b, x, 1 - x, Math.log(x), Math.log1p(-x));
}

/**
 * Coefficients g_k of g(s) = √(s / (1 − e^{−s})) = Σ g_k s^k (radius 2π; |g_k|·(2π)^k < 1.6 for k < 40), from
 * 1/h = (1 − e^{−s})/s = Σ (−1)^m s^m/(m+1)! by series division, then g² = h by series square root.
 */
const SQRT_H_COEFFICIENTS: Float64Array = (() => {
  const n = 40;
  const e = new Float64Array(n);
  let factorial = 1;
  for (let m = 0; m < n; m++) {
    factorial *= m + 1;
    e[m] = (m % 2 ? -1 : 1) / factorial;
  }
  const h = new Float64Array(n);
  const g = new Float64Array(n);
  h[0] = 1;
  g[0] = 1;
  for (let k = 1; k < n; k++) {
    let hk = 0;
    for (let m = 1; m <= k; m++) hk -= e[m]! * h[k - m]!;
    h[k] = hk;
    let gk = hk;
    for (let j = 1; j < k; j++) gk -= g[j]! * g[k - j]!;
    g[k] = gk / 2;
  }
  return g;
})();

/**
 * I_x(a, ½) for large a with s₀ = −ln x ≤ 1, i.e. the Welch regime of many observations and moderate t, where
 * the continued fraction loses digits to cancellation (1e-11 at df = 1e6). With x = e^{−s}:
 * I = (1/B(a,½)) ∫_{s₀}^∞ e^{−as} s^{−½} g(s) ds = (1/B) Σ g_k Γ(k+½, a s₀)/a^{k+½}, an expansion in 1/a whose
 * truncation error is O(e^{−(2π−s₀)a}) (the idea of DiDonato & Morris' BGRAT, TOMS 708). Γ(½, X) = √π erfc(√X)
 * and the upward recurrence Γ(k+3/2, X) = (k+½) Γ(k+½, X) + X^{k+½} e^{−X} adds positive terms only.
 */
function incompleteBetaHalfLargeA(a: number, s0: number): number {
  const X = a * s0;
  const expX = Math.exp(-X);
  let gammaK = (2 * SQRT_PI * normalSf(Math.sqrt(2 * X))) / Math.sqrt(a); // Γ(½, X) / a^½
  let power = Math.sqrt(s0) * expX; // s₀^{k+½} e^{−X}
  let sum = gammaK;
  let bound = 1;
  for (let k = 0; k + 1 < SQRT_H_COEFFICIENTS.length; k++) {
    gammaK = ((k + 0.5) * gammaK + power) / a; // Γ(k+3/2, X) / a^{k+3/2}
    power *= s0;
    sum += SQRT_H_COEFFICIENTS[k + 1]! * gammaK;
    bound /= 2 * Math.PI;
    if (2 * gammaK * bound < EPS * sum) break;
  }
  return Math.exp(-logBeta(a, 0.5)) * sum;
}

/**
 * Two-sided p-value P(|T| ≥ |t|) of Student's t with df > 0 (fractional, as Welch–Satterthwaite gives):
 * I_{df/(df+t²)}(df/2, ½), which is scipy's 2·t.sf(|t|, df). ln x is taken as −log1p(t²/df) because x is
 * close to 1 whenever df is large, where Math.log(x) would lose digits that a·ln x (a = df/2) magnifies.
 */
export function studentTTwoSided(t: number, df: number): number {
  if (Number.isNaN(t) || !(df > 0)) return NaN;
  const t2 = t * t;
  if (t2 === 0) return 1;
  if (t2 === Infinity) return 0;
  if (df === Infinity) return 2 * normalSf(Math.abs(t));
  const a = df / 2;
  const s0 = Math.log1p(t2 / df);
  if (a >= 25 && s0 <= 1) return incompleteBetaHalfLargeA(a, s0);
  const y = t2 / (df + t2);
  return incompleteBeta(a, 0.5, df / (df + t2), y, -s0, Math.log(y));
}

/** Survival function P(T > t) of Student's t with df degrees of freedom. */
export function studentTSf(t: number, df: number): number {
  const twoSided = studentTTwoSided(t, df);
  return t >= 0 ? twoSided / 2 : 1 - twoSided / 2;
}

/** Cumulative distribution P(T ≤ t) of Student's t with df degrees of freedom. */
export function studentTCdf(t: number, df: number): number {
  return studentTSf(-t, df);
}

/**
 * e^{−z²/2} without the rounding of z·z, which for z ≈ 37 (p ≈ 1e-300) would cost 1e-13 relative: z is
 * split as h + (z − h) with h on a 1/16 grid, so h² is exact and only the small remainder is rounded (the
 * device of Cody's CALERF).
 */
function gaussianExp(z: number): number {
  const h = Math.trunc(z * 16) / 16;
  return Math.exp((-h * h) / 2) * Math.exp((-(z - h) * (z + h)) / 2);
}

/**
 * Standard normal survival function Q(z) = P(Z > z) = norm.sf(z). For 0 ≤ z < 2, ½ − φ(z)·Σ z²ⁿ⁺¹/(2n+1)!!
 * (positive terms, no cancellation inside the sum); for z ≥ 2, φ(z) times the even contraction of Laplace's
 * continued fraction for the Mills ratio, z/(z² + 1 − 1·2/(z² + 5 − 3·4/(z² + 9 − …))), ≤ 50 terms.
 */
export function normalSf(z: number): number {
  if (Number.isNaN(z)) return NaN;
  if (z < 0) return 1 - normalSf(-z);
  if (z === Infinity) return 0;
  if (z < 2) {
    let term = z;
    let sum = z;
    for (let n = 1; term > sum * EPS; n++) {
      term *= (z * z) / (2 * n + 1);
      sum += term;
    }
    return 0.5 - INV_SQRT_2PI * gaussianExp(z) * sum;
  }
  const z2 = z * z;
  let f = z2 + 1;
  let c = f;
  let d = 0;
  for (let k = 1; k < 200; k++) {
    const a = -(2 * k - 1) * (2 * k);
    const b = z2 + 1 + 4 * k;
    d = b + a * d;
    if (d === 0) d = TINY;
    c = b + a / c;
    if (c === 0) c = TINY;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return (INV_SQRT_2PI * gaussianExp(z) * z) / f;
}

/** Standard normal CDF Φ(z). */
export function normalCdf(z: number): number {
  return normalSf(-z);
}

/** Complementary error function, erfc(x) = 2·Q(x√2); relative error grows as ~x²·1e-16 from rounding x√2. */
export function erfc(x: number): number {
  return 2 * normalSf(x * Math.SQRT2);
}
