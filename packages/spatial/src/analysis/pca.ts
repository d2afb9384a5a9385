/**
 * PCA of the highly variable genes as scanpy does it by default: `pp.scale(max_value=10)` (centre each gene,
 * divide by its standard deviation with ddof = 1, genes with zero variance divided by 1, clip to ±10) and then
 * the top components of the scaled matrix. Only the n × HVG block is densified (float32, 80 MB for 10k × 2k);
 * the decomposition is a seeded randomized SVD (Halko, Martinsson & Tropp 2011, Alg. 4.4: Gaussian sketch,
 * q power iterations with re-orthonormalisation) whose other work arrays are n × l and l × HVG, l = k + 10.
 * Signs follow sklearn's `svd_flip` (largest |score| of each component positive) so output is reproducible.
 */
import type { CsrMatrix } from '../matrix/types.js';
import { orthonormalizeColumns, symmetricEigen } from './linalg.js';
import { gaussian, type Random } from './random.js';

export interface PcaResult {
  /** n × k scores (X_pca), row-major. */
  scores: Float32Array;
  nComponents: number;
  /** Variance explained by each component (singular value² / (n − 1)). */
  variance: Float64Array;
}

const MAX_VALUE = 10;
const OVERSAMPLE = 10;
const POWER_ITERATIONS = 3;

/** Scaled dense block of the selected genes, row-major n × genes.length. */
export function scaledBlock(m: CsrMatrix, genes: Int32Array): Float32Array {
  const n = m.nRows;
  const h = genes.length;
  const position = new Int32Array(m.nCols).fill(-1);
  genes.forEach((gene, p) => (position[gene] = p));
  const sum = new Float64Array(h);
  const sumSq = new Float64Array(h);
  for (let k = 0; k < m.indices.length; k++) {
    const p = position[m.indices[k]!]!;
    if (p < 0) continue;
    const x = m.data[k]!;
    sum[p]! += x;
    sumSq[p]! += x * x;
  }
  const mean = sum.map((s) => s / n);
  const sd = sumSq.map((s, p) => {
    const variance = n > 1 ? (s - n * mean[p]! ** 2) / (n - 1) : 0;
    return variance > 1e-24 ? Math.sqrt(variance) : 1;
  });
  const clip = (z: number) => Math.max(-MAX_VALUE, Math.min(MAX_VALUE, z));
  const out = new Float32Array(n * h);
  for (let i = 0; i < n; i++) {
    const base = i * h;
    for (let p = 0; p < h; p++) out[base + p] = clip(-mean[p]! / sd[p]!);
    for (let k = m.indptr[i]!, end = m.indptr[i + 1]!; k < end; k++) {
      const p = position[m.indices[k]!]!;
      if (p >= 0) out[base + p] = clip((m.data[k]! - mean[p]!) / sd[p]!);
    }
  }
  return out;
}

/*
 * The two products below take four observations per sweep over the genes, so each row of the small operand is
 * loaded once per four rows of Z instead of once per row: ≈ 2.7× faster than the plain loop on V8 (memory-bound).
 */

/** Y (n × l) = Z (n × h) · W (h × l). */
function multiply(z: Float32Array, n: number, h: number, w: Float64Array, l: number): Float64Array {
  const y = new Float64Array(n * l);
  let i = 0;
  for (; i + 3 < n; i += 4) {
    const y0 = i * l,
      y1 = y0 + l,
      y2 = y1 + l,
      y3 = y2 + l;
    const z0 = i * h,
      z1 = z0 + h,
      z2 = z1 + h,
      z3 = z2 + h;
    for (let p = 0; p < h; p++) {
      const a0 = z[z0 + p]!,
        a1 = z[z1 + p]!,
        a2 = z[z2 + p]!,
        a3 = z[z3 + p]!;
      for (let c = 0, wb = p * l; c < l; c++) {
        const wv = w[wb + c]!;
        y[y0 + c]! += a0 * wv;
        y[y1 + c]! += a1 * wv;
        y[y2 + c]! += a2 * wv;
        y[y3 + c]! += a3 * wv;
      }
    }
  }
  for (; i < n; i++) {
    for (let p = 0; p < h; p++) {
      const a = z[i * h + p]!;
      for (let c = 0; c < l; c++) y[i * l + c]! += a * w[p * l + c]!;
    }
  }
  return y;
}

/** W (h × l) = Zᵀ (h × n) · Q (n × l). */
function multiplyTransposed(z: Float32Array, n: number, h: number, q: Float64Array, l: number): Float64Array {
  const w = new Float64Array(h * l);
  let i = 0;
  for (; i + 3 < n; i += 4) {
    const q0 = i * l,
      q1 = q0 + l,
      q2 = q1 + l,
      q3 = q2 + l;
    const z0 = i * h,
      z1 = z0 + h,
      z2 = z1 + h,
      z3 = z2 + h;
    for (let p = 0; p < h; p++) {
      const a0 = z[z0 + p]!,
        a1 = z[z1 + p]!,
        a2 = z[z2 + p]!,
        a3 = z[z3 + p]!;
      for (let c = 0, wb = p * l; c < l; c++) {
        w[wb + c]! += a0 * q[q0 + c]! + a1 * q[q1 + c]! + a2 * q[q2 + c]! + a3 * q[q3 + c]!;
      }
    }
  }
  for (; i < n; i++) {
    for (let p = 0; p < h; p++) {
      const a = z[i * h + p]!;
      for (let c = 0; c < l; c++) w[p * l + c]! += a * q[i * l + c]!;
    }
  }
  return w;
}

/** Top-k principal component scores of the row-major n × h matrix z (already centred). */
export function randomizedPca(z: Float32Array, n: number, h: number, k: number, random: Random): PcaResult {
  const l = Math.min(k + OVERSAMPLE, n, h);
  const omega = Float64Array.from({ length: h * l }, () => gaussian(random));
  let q = multiply(z, n, h, omega, l);
  orthonormalizeColumns(q, n, l);
  for (let it = 0; it < POWER_ITERATIONS; it++) {
    const w = multiplyTransposed(z, n, h, q, l);
    orthonormalizeColumns(w, h, l);
    q = multiply(z, n, h, w, l);
    orthonormalizeColumns(q, n, l);
  }
  // B = Qᵀ Z is l × h; stored transposed (h × l) as Zᵀ Q. Its left singular vectors come from B Bᵀ (l × l).
  const bt = multiplyTransposed(z, n, h, q, l);
  const gram = new Float64Array(l * l);
  for (let p = 0; p < h; p++) {
    for (let a = 0; a < l; a++) {
      const x = bt[p * l + a]!;
      for (let b = a; b < l; b++) gram[a * l + b]! += x * bt[p * l + b]!;
    }
  }
  for (let a = 0; a < l; a++) for (let b = 0; b < a; b++) gram[a * l + b] = gram[b * l + a]!;
  const { values, vectors } = symmetricEigen(gram, l);
  // Scores = U S = Q · U_B · S, and U_B · S = eigenvectors scaled by sqrt(eigenvalue).
  const scores = new Float32Array(n * k);
  for (let c = 0; c < k; c++) {
    const s = Math.sqrt(Math.max(0, values[c]!));
    let maxAbs = 0;
    let sign = 1;
    const column = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let v = 0;
      for (let a = 0; a < l; a++) v += q[i * l + a]! * vectors[a * l + c]!;
      column[i] = v * s;
      if (Math.abs(v) > maxAbs) {
        maxAbs = Math.abs(v);
        sign = v < 0 ? -1 : 1;
      }
    }
    for (let i = 0; i < n; i++) scores[i * k + c] = sign * column[i]!;
  }
  const variance = Float64Array.from({ length: k }, (_, c) => Math.max(0, values[c]!) / Math.max(1, n - 1));
  return { scores, nComponents: k, variance };
}
