/**
 * The generated tixels of the WebGL test pages: the viz lab (`/viz-lab?n=`) and, in the lab build, the bench's floor
 * and peer pages given `?n=` draw the same points, so that a machine without the server (the GPU bench) compares
 * them on one data set: a square grid with spatially coherent clusters, UMAP blobs per cluster, two "genes". The
 * GPU bench (bench/gpu/frames.ts) serves the same points as a run's tixel table.
 */
import { createRng } from './random.js';

export function generateTixels(n: number, seed = 42) {
  const rng = createRng(seed);
  const rnd = rng.next;
  const gauss = rng.normal;
  const K = 12;
  const side = Math.ceil(Math.sqrt(n));
  const seeds = Array.from({ length: K }, () => [rnd() * side, rnd() * side] as const);
  const centres = Array.from({ length: K }, () => [rnd() * 30 - 15, rnd() * 30 - 15] as const);
  const spatial = new Float32Array(2 * n);
  const embedding = new Float32Array(2 * n);
  const clusters = new Float32Array(n);
  const geneA = new Float32Array(n);
  const geneB = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const x = i % side;
    const y = Math.floor(i / side);
    let best = 0;
    let bestD = Infinity;
    for (let k = 0; k < K; k++) {
      const d = (x - seeds[k]![0]) ** 2 + (y - seeds[k]![1]) ** 2;
      if (d < bestD) {
        bestD = d;
        best = k;
      }
    }
    spatial[2 * i] = x * 10;
    spatial[2 * i + 1] = y * 10;
    embedding[2 * i] = centres[best]![0] + gauss();
    embedding[2 * i + 1] = centres[best]![1] + gauss();
    clusters[i] = best;
    geneA[i] = Math.max(0, 3 * Math.sin((x / side) * Math.PI * 2) * Math.cos((y / side) * Math.PI * 3) + 0.5 * gauss());
    geneB[i] = rnd() < 0.01 ? Number.NaN : (best % 4) * 1.5 + 0.4 * gauss();
  }
  return { spatial, embedding, clusters, geneA, geneB };
}
