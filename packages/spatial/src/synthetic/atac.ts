/**
 * ATAC-only outputs: a chromVAR-like motif deviation matrix (dense z-scores with per-cluster shifts), position
 * frequency matrices for the motifs (for the sequence logo), and a small SCENIC+-like eRegulon AUC matrix.
 */
import type { DenseMatrix } from '../matrix/types.js';
import type { Rng } from './random.js';

/** Per-cluster mean of every feature: mostly near 0, a few features clearly up or down in each cluster. */
function clusterMeans(rng: Rng, k: number, nFeatures: number, shift: number): Float64Array {
  const means = new Float64Array(k * nFeatures);
  for (let c = 0; c < k; c++) {
    for (let f = 0; f < nFeatures; f++) {
      const u = rng.next();
      means[c * nFeatures + f] =
        u < 0.1 ? shift * (1 + rng.next()) : u < 0.15 ? -shift * (1 + rng.next()) : 0.2 * rng.normal();
    }
  }
  return means;
}

export function motifDeviations(rng: Rng, codes: Uint8Array, k: number, nMotifs: number): DenseMatrix {
  const means = clusterMeans(rng, k, nMotifs, 1.5);
  const data = new Float32Array(codes.length * nMotifs);
  for (let i = 0; i < codes.length; i++) {
    const base = codes[i]! * nMotifs;
    for (let f = 0; f < nMotifs; f++) data[i * nMotifs + f] = means[base + f]! + rng.normal();
  }
  return { kind: 'dense', nRows: codes.length, nCols: nMotifs, data };
}

export function regulonAuc(rng: Rng, codes: Uint8Array, k: number, nRegulons: number): DenseMatrix {
  const means = clusterMeans(rng, k, nRegulons, 0.08);
  const data = new Float32Array(codes.length * nRegulons);
  for (let i = 0; i < codes.length; i++) {
    const base = codes[i]! * nRegulons;
    for (let f = 0; f < nRegulons; f++)
      data[i * nRegulons + f] = Math.max(0, 0.05 + means[base + f]! + 0.02 * rng.normal());
  }
  return { kind: 'dense', nRows: codes.length, nCols: nRegulons, data };
}

/** A position frequency matrix: `rows[b][p]` is the frequency of base b (A, C, G, T) at position p; columns sum to 1. */
export interface Pfm {
  name: string;
  rows: [number[], number[], number[], number[]];
}

/** Dirichlet(0.3) columns: mostly one dominant base per position, like real TF motifs. */
export function randomPfm(rng: Rng, name: string): Pfm {
  const length = 6 + rng.int(10);
  const rows: Pfm['rows'] = [[], [], [], []];
  for (let p = 0; p < length; p++) {
    const g = [0, 1, 2, 3].map(() => rng.gamma(0.3) + 1e-6);
    const total = g.reduce((a, b) => a + b, 0);
    // Three decimals is what a motifs.csv carries; renormalising the rounded column would not sum to 1 either.
    g.forEach((v, b) => rows[b]!.push(Math.round((v / total) * 1000) / 1000));
  }
  return { name, rows };
}
