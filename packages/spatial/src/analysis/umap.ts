/**
 * 2-D UMAP of the PCA scores with umap-js, seeded through its `random` option (used for the random initial
 * layout and for negative sampling) and fed our exact kNN through `setPrecomputedKNN`, so it neither repeats
 * the neighbour search nor depends on its randomized NN-descent. Epochs run one at a time to report progress.
 */
import { UMAP } from 'umap-js';
import type { Knn } from './knn.js';
import type { Random } from './random.js';

export function umapEmbedding(
  points: Float32Array,
  dims: number,
  knn: Knn,
  random: Random,
  onEpoch?: (done: number, total: number) => void,
): Float32Array {
  const { n, k } = knn;
  const rows = (values: ArrayLike<number>) =>
    Array.from({ length: n }, (_, i) => Array.from({ length: k }, (_, j) => values[i * k + j]!));
  const umap = new UMAP({ nComponents: 2, nNeighbors: k, random });
  umap.setPrecomputedKNN(rows(knn.indices), rows(knn.distances));
  const data = Array.from({ length: n }, (_, i) => Array.from(points.subarray(i * dims, (i + 1) * dims)));
  const epochs = umap.initializeFit(data);
  for (let e = 0; e < epochs; e++) {
    umap.step();
    onEpoch?.(e + 1, epochs);
  }
  const out = new Float32Array(n * 2);
  umap.getEmbedding().forEach((p, i) => {
    out[2 * i] = p[0]!;
    out[2 * i + 1] = p[1]!;
  });
  return out;
}
