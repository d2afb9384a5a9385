/**
 * The sparse count matrix, built row by row straight into CSR arrays (never dense).
 *
 * Genes fall into a few expression tiers (log-normal weights); within a row every non-marker gene of a tier has the
 * same detection probability, so the detected genes of a tier are found by geometric skipping: the cost is
 * proportional to the non-zeros, not to rows × genes. Marker genes (a disjoint set per cluster) are few and are
 * drawn one by one: likely and high in their own cluster, background elsewhere.
 */
import type { CsrMatrix } from '../matrix/types.js';
import { REAL_GENE_COUNT } from './names.js';
import type { Rng } from './random.js';

export interface CountOptions {
  nGenes: number;
  /** Target fraction of non-zero entries. */
  density: number;
  /** Cluster index per observation. */
  codes: Uint8Array;
  k: number;
  /** Library-size factor per observation, mean ~1. */
  size: Float64Array;
}

export interface Counts {
  X: CsrMatrix;
  /** Marker gene indices per cluster. */
  markers: number[][];
}

const TIERS = 8;
/** Mean extra counts on top of the 1 that makes an entry non-zero, at tier weight 1 and size 1. */
const BASE_LAMBDA = 0.6;
const MARKER_LAMBDA = 5;
/** Least detection probability of a marker gene in its own cluster. */
const MARKER_P = 0.6;

function chooseMarkers(rng: Rng, nGenes: number, k: number): number[][] {
  const perCluster = nGenes >= k ? Math.min(25, Math.max(1, Math.floor(nGenes / (4 * k)))) : 0;
  // Shuffle the real-looking names first, then the rest, and deal them out: markers read like biology.
  const real = Math.min(nGenes, REAL_GENE_COUNT);
  const pool = Array.from({ length: nGenes }, (_, i) => i);
  const shuffle = (from: number, to: number): void => {
    for (let i = to - 1; i > from; i--) {
      const j = from + rng.int(i - from + 1);
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
  };
  shuffle(0, real);
  shuffle(real, nGenes);
  return Array.from({ length: k }, (_, c) => pool.slice(c * perCluster, (c + 1) * perCluster).sort((a, b) => a - b));
}

/** Growable CSR buffers: the exact non-zero count is known only at the end. */
class CsrBuilder {
  indices: Int32Array;
  data: Float32Array;
  nnz = 0;
  constructor(capacity: number) {
    this.indices = new Int32Array(capacity);
    this.data = new Float32Array(capacity);
  }
  reserve(extra: number): void {
    if (this.nnz + extra <= this.indices.length) return;
    const capacity = Math.max(this.nnz + extra, Math.ceil(this.indices.length * 1.5));
    const indices = new Int32Array(capacity);
    indices.set(this.indices.subarray(0, this.nnz));
    const data = new Float32Array(capacity);
    data.set(this.data.subarray(0, this.nnz));
    this.indices = indices;
    this.data = data;
  }
}

/** One row's non-zeros: ascending gene indices and their counts (views into the sampler's reused buffers). */
export interface CountRow {
  genes: Int32Array;
  counts: Float32Array;
}

export interface CountSampler {
  /** Marker gene indices per cluster. */
  markers: number[][];
  /** Draws row i's counts; rows must be drawn in order 0, 1, … for the seed to reproduce the run. */
  row(i: number): CountRow;
}

/**
 * Draws count rows one at a time, so a writer can stream a run far larger than memory (Visium HD: 500k bins ×
 * 18k genes) through the same sampler that builds the in-memory matrix of smaller runs.
 */
export function countSampler(rng: Rng, options: CountOptions): CountSampler {
  const { nGenes, density, codes, k, size } = options;
  const markers = chooseMarkers(rng, nGenes, k);
  const markerOwner = new Int16Array(nGenes).fill(-1);
  markers.forEach((genes, c) => genes.forEach((g) => (markerOwner[g] = c)));
  const markerList = Int32Array.from(markers.flat()).sort();

  // Tier weights: quantiles of a log-normal (σ = 0.9), scaled so the mean over genes is 1.
  const tierOf = new Uint8Array(nGenes).map(() => rng.int(TIERS));
  const weights = Array.from({ length: TIERS }, (_, t) =>
    Math.exp(0.9 * Math.SQRT2 * inverseErf((2 * (t + 0.5)) / TIERS - 1)),
  );
  const tiers: number[][] = Array.from({ length: TIERS }, () => []);
  for (let g = 0; g < nGenes; g++) if (markerOwner[g] === -1) tiers[tierOf[g]!]!.push(g);
  const meanWeight =
    tiers.reduce((s, genes, t) => s + genes.length * weights[t]!, 0) / Math.max(1, nGenes - markerList.length);
  const tierGenes = tiers.map((genes) => Int32Array.from(genes));
  const tierWeight = weights.map((w) => w / meanWeight);
  // Markers are detected more often than the target density; the other genes make up the difference.
  const perCluster = markers[0]?.length ?? 0;
  const nonMarkers = nGenes - markerList.length;
  const markerExpected = perCluster * (MARKER_P + (k - 1) * 0.5 * density);
  const tierDensity = nonMarkers > 0 ? Math.max(0.2 * density, (density * nGenes - markerExpected) / nonMarkers) : 0;

  const scratch = new Float32Array(nGenes);
  const touched = new Int32Array(nGenes);
  const counts = new Float32Array(nGenes);
  const row = (i: number): CountRow => {
    const s = size[i]!;
    const own = codes[i]!;
    let m = 0;
    for (let t = 0; t < TIERS; t++) {
      const genes = tierGenes[t]!;
      const p = Math.min(1, tierDensity * s * tierWeight[t]!);
      if (p <= 0) continue;
      const lambda = BASE_LAMBDA * s * tierWeight[t]!;
      const logq = p < 1 ? Math.log(1 - p) : 0;
      for (let j = p < 1 ? Math.floor(Math.log(1 - rng.next()) / logq) : 0; j < genes.length;) {
        const g = genes[j]!;
        scratch[g] = 1 + rng.poisson(lambda);
        touched[m++] = g;
        j += p < 1 ? 1 + Math.floor(Math.log(1 - rng.next()) / logq) : 1;
      }
    }
    for (let q = 0; q < markerList.length; q++) {
      const g = markerList[q]!;
      const mine = markerOwner[g] === own;
      const p = mine ? Math.min(1, Math.max(MARKER_P, 6 * density * s)) : Math.min(1, density * s * 0.5);
      if (rng.next() >= p) continue;
      scratch[g] = 1 + rng.poisson(mine ? MARKER_LAMBDA * s : BASE_LAMBDA * s);
      touched[m++] = g;
    }
    const genes = touched.subarray(0, m).sort();
    for (let q = 0; q < m; q++) {
      counts[q] = scratch[genes[q]!]!;
      scratch[genes[q]!] = 0;
    }
    return { genes, counts: counts.subarray(0, m) };
  };
  return { markers, row };
}

export function sparseCounts(rng: Rng, options: CountOptions): Counts {
  const { nGenes, density, codes } = options;
  const n = codes.length;
  const sampler = countSampler(rng, options);
  const indptr = new Float64Array(n + 1);
  const out = new CsrBuilder(Math.ceil(n * nGenes * density * 1.05) + 16);
  for (let i = 0; i < n; i++) {
    const { genes, counts } = sampler.row(i);
    out.reserve(genes.length);
    out.indices.set(genes, out.nnz);
    out.data.set(counts, out.nnz);
    out.nnz += genes.length;
    indptr[i + 1] = out.nnz;
  }
  const X: CsrMatrix = {
    kind: 'csr',
    nRows: n,
    nCols: nGenes,
    indptr,
    // Trim to the exact size so the caller does not carry the spare capacity around.
    indices: out.indices.slice(0, out.nnz),
    data: out.data.slice(0, out.nnz),
  };
  return { X, markers: sampler.markers };
}

/** Inverse error function (Giles 2010 single-precision approximation), enough for tier quantiles. */
function inverseErf(x: number): number {
  let w = -Math.log((1 - x) * (1 + x));
  let p: number;
  if (w < 5) {
    w -= 2.5;
    p = 2.81022636e-8;
    for (const c of [
      3.43273939e-7, -3.5233877e-6, -4.39150654e-6, 0.00021858087, -0.00125372503, -0.00417768164, 0.246640727,
      1.50140941,
    ])
      p = c + p * w;
  } else {
    w = Math.sqrt(w) - 3;
    p = -0.000200214257;
    for (const c of [
      0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773, -0.0076224613, 0.00943887047, 1.00167406,
      2.83297682,
    ])
      p = c + p * w;
  }
  return p * x;
}
