/**
 * The weighted neighbour graph that clustering runs on, built as scanpy's `pp.neighbors(method='umap')` builds
 * its `connectivities`: UMAP's fuzzy simplicial set (McInnes et al. 2018). Each point's distances are shifted by
 * the distance to its nearest other point (ρ) and scaled by σ chosen so that Σ exp(−(d − ρ)/σ) = log2(k); the
 * directed memberships are then symmetrised by fuzzy union, w + wᵀ − w·wᵀ.
 */
import type { Knn } from './knn.js';

export interface Graph {
  n: number;
  /** CSR adjacency of a symmetric weighted graph; self-loops allowed (they appear after aggregation). */
  indptr: Int32Array;
  indices: Int32Array;
  weights: Float64Array;
}

const SMOOTH_ITERATIONS = 64;
const SMOOTH_TOLERANCE = 1e-5;
const MIN_K_DIST_SCALE = 1e-3;

/** umap-learn `smooth_knn_dist` with local_connectivity = 1 (self, column 0, is skipped as umap does). */
function smoothKnn(knn: Knn): { rho: Float64Array; sigma: Float64Array } {
  const { n, k, distances } = knn;
  const target = Math.log2(k);
  const rho = new Float64Array(n);
  const sigma = new Float64Array(n);
  let meanAll = 0;
  for (const d of distances) meanAll += d;
  meanAll /= distances.length;
  for (let i = 0; i < n; i++) {
    const row = distances.subarray(i * k, (i + 1) * k);
    let r = 0;
    for (let j = 0; j < k; j++)
      if (row[j]! > 0) {
        r = row[j]!;
        break;
      }
    let lo = 0;
    let hi = Infinity;
    let mid = 1;
    for (let it = 0; it < SMOOTH_ITERATIONS; it++) {
      let psum = 0;
      for (let j = 1; j < k; j++) psum += Math.exp(-Math.max(0, row[j]! - r) / mid);
      if (Math.abs(psum - target) < SMOOTH_TOLERANCE) break;
      if (psum > target) {
        hi = mid;
        mid = (lo + hi) / 2;
      } else {
        lo = mid;
        mid = hi === Infinity ? mid * 2 : (lo + hi) / 2;
      }
    }
    let meanRow = 0;
    for (let j = 0; j < k; j++) meanRow += row[j]!;
    meanRow /= k;
    rho[i] = r;
    sigma[i] = Math.max(mid, MIN_K_DIST_SCALE * (r > 0 ? meanRow : meanAll));
  }
  return { rho, sigma };
}

export function fuzzyGraph(knn: Knn): Graph {
  const { n, k, indices, distances } = knn;
  const { rho, sigma } = smoothKnn(knn);
  const directed = new Float64Array(n * k);
  for (let i = 0; i < n; i++) {
    for (let j = 1; j < k; j++) {
      const e = i * k + j;
      if (indices[e]! === i || indices[e]! < 0) continue;
      directed[e] = distances[e]! - rho[i]! <= 0 ? 1 : Math.exp(-(distances[e]! - rho[i]!) / sigma[i]!);
    }
  }
  const weightOf = (from: number, to: number) => {
    for (let j = 1; j < k; j++) if (indices[from * k + j] === to) return directed[from * k + j]!;
    return 0;
  };
  // Each directed edge contributes the symmetric weight to both endpoints; pairs found from both sides are merged.
  const rows: Map<number, number>[] = Array.from({ length: n }, () => new Map());
  for (let i = 0; i < n; i++) {
    for (let j = 1; j < k; j++) {
      const e = i * k + j;
      const w = directed[e]!;
      if (w === 0) continue;
      const other = indices[e]!;
      const back = weightOf(other, i);
      const sym = w + back - w * back;
      rows[i]!.set(other, sym);
      rows[other]!.set(i, sym);
    }
  }
  return fromRows(rows);
}

/** CSR from per-row maps, columns ascending so the graph (and everything seeded after it) is reproducible. */
export function fromRows(rows: Map<number, number>[]): Graph {
  const indptr = new Int32Array(rows.length + 1);
  rows.forEach((row, i) => (indptr[i + 1] = indptr[i]! + row.size));
  const indices = new Int32Array(indptr[rows.length]!);
  const weights = new Float64Array(indices.length);
  rows.forEach((row, i) => {
    const cols = [...row.keys()].sort((a, b) => a - b);
    cols.forEach((c, p) => {
      indices[indptr[i]! + p] = c;
      weights[indptr[i]! + p] = row.get(c)!;
    });
  });
  return { n: rows.length, indptr, indices, weights };
}
