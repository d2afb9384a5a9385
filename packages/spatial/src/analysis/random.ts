/**
 * Seeded randomness for the pipeline: every random choice (PCA test matrix, Louvain node order, UMAP
 * initialisation and negative sampling) draws from mulberry32 so the same input and seed give the same output.
 */
export type Random = () => number;

/** mulberry32: a small 32-bit PRNG with uniform output in [0, 1); fast and good enough for layout and sketching. */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal draw (Box–Muller), used for the Gaussian test matrix of the randomized SVD. */
export function gaussian(random: Random): number {
  const u = 1 - random(); // (0, 1]: log(0) would be −∞
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Fisher–Yates permutation of 0..n−1. */
export function permutation(n: number, random: Random): Int32Array {
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
  }
  return order;
}
