/**
 * Seeded random numbers for the synthetic generator. Our own PRNG (mulberry32) rather than Math.random so that a
 * seed gives byte-identical runs on every machine and Node version; the samplers are the textbook ones, chosen for
 * speed over the last digit of accuracy because the generator draws tens of millions of values.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  normal(): number;
  /** Gamma(shape, scale 1), Marsaglia–Tsang. */
  gamma(shape: number): number;
  poisson(lambda: number): number;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Box–Muller yields two normals per pair of uniforms; keep the second for the next call.
  let spare = NaN;
  const normal = (): number => {
    if (!Number.isNaN(spare)) {
      const value = spare;
      spare = NaN;
      return value;
    }
    const u = 1 - next();
    const r = Math.sqrt(-2 * Math.log(u));
    const theta = 2 * Math.PI * next();
    spare = r * Math.sin(theta);
    return r * Math.cos(theta);
  };
  const gamma = (shape: number): number => {
    if (shape < 1) return gamma(shape + 1) * Math.pow(1 - next(), 1 / shape);
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      let x: number;
      let v: number;
      do {
        x = normal();
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      const u = 1 - next();
      if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
    }
  };
  const poisson = (lambda: number): number => {
    if (lambda <= 0) return 0;
    // Knuth's product method costs O(λ); above 30 the rounded normal approximation is indistinguishable here.
    if (lambda > 30) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * normal()));
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = next();
    while (p > limit) {
      k++;
      p *= next();
    }
    return k;
  };
  return { next, int: (n) => Math.floor(next() * n), normal, gamma, poisson };
}
