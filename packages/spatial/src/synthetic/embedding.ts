/**
 * A UMAP-like embedding without running UMAP: cluster centres on a ring (neighbouring labels adjacent, like a
 * trajectory), each cluster an elongated gaussian cloud with its own orientation, so the clusters separate visibly.
 */
import type { Rng } from './random.js';

export function clusterEmbedding(rng: Rng, codes: Uint8Array, k: number): Float32Array {
  const radius = k === 1 ? 0 : 4 + 1.2 * k;
  const shapes = Array.from({ length: k }, (_, c) => {
    const angle = (2 * Math.PI * c) / k + (0.3 * rng.normal()) / k;
    return {
      x: radius * Math.cos(angle) + 0.5 * rng.normal(),
      y: radius * Math.sin(angle) + 0.5 * rng.normal(),
      a: 1 + 0.6 * rng.next(),
      b: 0.5 + 0.4 * rng.next(),
      theta: Math.PI * rng.next(),
    };
  });
  const out = new Float32Array(codes.length * 2);
  for (let i = 0; i < codes.length; i++) {
    const s = shapes[codes[i]!]!;
    const u = s.a * rng.normal();
    const v = s.b * rng.normal();
    out[2 * i] = s.x + u * Math.cos(s.theta) - v * Math.sin(s.theta);
    out[2 * i + 1] = s.y + u * Math.sin(s.theta) + v * Math.cos(s.theta);
  }
  return out;
}
