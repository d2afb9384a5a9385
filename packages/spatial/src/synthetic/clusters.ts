/**
 * Spatially coherent clusters: Voronoi regions of seeded centres in a coordinate space warped by low-frequency
 * sinusoids, so that region borders curve like tissue layers instead of being straight Voronoi edges.
 */
import type { Layout } from './layout.js';
import type { Rng } from './random.js';

export interface Clustering {
  /** Cluster index (0-based) per observation; label = `C${index + 1}`. */
  codes: Uint8Array;
  k: number;
}

/** Best-candidate sampling spreads the centres over the tissue so that no cluster is a sliver. */
function pickCentres(rng: Rng, points: Float64Array, n: number, k: number): number[] {
  const centres: number[] = [rng.int(n)];
  while (centres.length < k) {
    let best = -1;
    let bestDistance = -1;
    for (let t = 0; t < 12; t++) {
      const candidate = rng.int(n);
      if (centres.includes(candidate)) continue;
      let nearest = Infinity;
      for (const c of centres) {
        nearest = Math.min(
          nearest,
          (points[2 * c]! - points[2 * candidate]!) ** 2 + (points[2 * c + 1]! - points[2 * candidate + 1]!) ** 2,
        );
      }
      if (nearest > bestDistance) {
        bestDistance = nearest;
        best = candidate;
      }
    }
    // Only when k is close to n can all candidates be taken already; then the first free observation will do.
    if (best < 0) for (best = 0; centres.includes(best); best++);
    centres.push(best);
  }
  return centres;
}

export function spatialClusters(rng: Rng, layout: Layout, k: number): Clustering {
  const n = layout.position.length;
  if (k < 1 || k > 255 || k > n) throw new RangeError(`clusters must be 1..${Math.min(255, n)}, got ${k}`);
  const waves = Array.from({ length: 3 }, () => ({
    f: 3 + 4 * rng.next(),
    px: 2 * Math.PI * rng.next(),
    py: 2 * Math.PI * rng.next(),
  }));
  const amplitude = 0.06;
  // Warped unit coordinates of every observation; centres are observations, so each cluster owns at least its centre.
  const points = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const k0 = layout.position[i]!;
    const u = (k0 % layout.cols) / layout.cols;
    const v = Math.floor(k0 / layout.cols) / layout.rows;
    let du = 0;
    let dv = 0;
    for (const w of waves) {
      du += Math.sin(w.f * v + w.px);
      dv += Math.sin(w.f * u + w.py);
    }
    points[2 * i] = u + amplitude * du;
    points[2 * i + 1] = v + amplitude * dv;
  }
  const centres = pickCentres(rng, points, n, k);
  const raw = new Uint8Array(n);
  const sizes = new Array<number>(k).fill(0);
  for (let i = 0; i < n; i++) {
    let best = 0;
    let bestDistance = Infinity;
    for (let c = 0; c < k; c++) {
      const j = centres[c]!;
      const d = (points[2 * i]! - points[2 * j]!) ** 2 + (points[2 * i + 1]! - points[2 * j + 1]!) ** 2;
      if (d < bestDistance) {
        bestDistance = d;
        best = c;
      }
    }
    raw[i] = best;
    sizes[best]!++;
  }
  // Number clusters by decreasing size, as Leiden/Louvain output is, so C1 is the largest.
  const order = sizes.map((s, c) => [s, c] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const rank = new Uint8Array(k);
  order.forEach(([, c], r) => (rank[c] = r));
  const codes = raw.map((c) => rank[c]!);
  return { codes, k };
}
