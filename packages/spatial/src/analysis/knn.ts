/**
 * Exact k-nearest neighbours by brute force, Euclidean on the PCA scores. As in scanpy/UMAP, each point is its
 * own first neighbour (distance 0), so k = 15 means self + 14 others. Each pair's distance is computed once and
 * offered to both points: n²/2 · d multiply-adds, about 1.5 G for 10k points × 30 PCs (≈ 1–2 s on one core).
 * Cost grows with n²: 50k observations take ~25× longer; beyond that an approximate index (NN-descent, as umap-js
 * uses) would be the tool, which we avoid here to keep the result exact and independent of a seed.
 */
export interface Knn {
  n: number;
  k: number;
  /** n × k neighbour indices, nearest first, row-major; column 0 is the point itself. */
  indices: Int32Array;
  /** n × k Euclidean distances matching `indices`. */
  distances: Float64Array;
}

export function exactKnn(points: Float32Array, n: number, dims: number, k: number): Knn {
  if (k > n) throw new RangeError(`need at least ${k} observations for ${k} neighbours, got ${n}`);
  const indices = new Int32Array(n * k).fill(-1);
  const squared = new Float64Array(n * k).fill(Infinity);
  const insert = (row: number, j: number, d: number) => {
    const base = row * k;
    let pos = k - 1;
    if (!(d < squared[base + pos]!)) return;
    while (pos > 0 && squared[base + pos - 1]! > d) {
      squared[base + pos] = squared[base + pos - 1]!;
      indices[base + pos] = indices[base + pos - 1]!;
      pos--;
    }
    squared[base + pos] = d;
    indices[base + pos] = j;
  };
  for (let i = 0; i < n; i++) insert(i, i, -1); // self first, whatever duplicates exist
  for (let i = 0; i < n; i++) {
    const a = i * dims;
    for (let j = i + 1; j < n; j++) {
      const b = j * dims;
      let d = 0;
      for (let c = 0; c < dims; c++) {
        const diff = points[a + c]! - points[b + c]!;
        d += diff * diff;
      }
      insert(i, j, d);
      insert(j, i, d);
    }
  }
  const distances = squared.map((d) => Math.sqrt(Math.max(0, d)));
  return { n, k, indices, distances };
}
