/**
 * The standard scanpy recipe for a raw count matrix that arrives without clusters or an embedding
 * (a Space Ranger folder, a DBiT count matrix): normalize_total(1e4) + log1p → highly_variable_genes(seurat,
 * top 2000) → scale(max_value=10) → PCA (30) → neighbors (15, umap connectivities) → Louvain (resolution 1)
 * → UMAP. Every random step draws from one seeded generator, so the same matrix and seed give the same output.
 */
import { toCsr } from '../matrix/ops.js';
import type { Matrix } from '../matrix/types.js';
import { highlyVariableGenes } from './hvg.js';
import { fuzzyGraph } from './graph.js';
import { exactKnn } from './knn.js';
import { clusterLabels, louvain } from './louvain.js';
import { normalizeLog1p } from './normalize.js';
import { randomizedPca, scaledBlock } from './pca.js';
import { mulberry32 } from './random.js';
import { umapEmbedding } from './umap.js';

export interface AnalyseRawOptions {
  seed?: number;
  /** Percent done, 0..100, non-decreasing; called at each stage and each UMAP epoch. */
  onProgress?: (percent: number, stage: string) => void;
  targetSum?: number;
  nTopGenes?: number;
  nComponents?: number;
  nNeighbors?: number;
  resolution?: number;
  /**
   * The matrix is already log-normalised (a file without counts): the recipe starts at the highly variable genes
   * instead of normalising and logging the values a second time.
   */
  logNormalised?: boolean;
}

export interface AnalyseRawResult {
  /** Cluster per observation, `C1` the largest. */
  clusters: string[];
  /** n × 2 UMAP coordinates, row-major. */
  umap: Float32Array;
  /** n × nComponents PCA scores, row-major. */
  pcs: Float32Array;
  nComponents: number;
  /** Highly variable gene columns, ascending. */
  hvg: Int32Array;
}

function checkInput(m: Matrix, nNeighbors: number): void {
  if (m.nRows === 0 || m.nCols === 0) throw new RangeError(`the matrix is empty (${m.nRows} × ${m.nCols})`);
  if (m.nRows <= nNeighbors) {
    throw new RangeError(`analysis needs more than ${nNeighbors} observations (the neighbour count), got ${m.nRows}`);
  }
  for (let k = 0; k < m.data.length; k++) {
    const x = m.data[k]!;
    if (!Number.isFinite(x) || x < 0)
      throw new RangeError(`counts must be finite and non-negative, found ${x} at stored value ${k}`);
  }
}

export function analyseRaw(matrix: Matrix, options: AnalyseRawOptions = {}): AnalyseRawResult {
  const { seed = 0, onProgress, targetSum = 1e4, nTopGenes = 2000, nNeighbors = 15, resolution = 1 } = options;
  checkInput(matrix, nNeighbors);
  let last = 0;
  const progress = (percent: number, stage: string) => {
    last = Math.max(last, Math.round(percent));
    onProgress?.(last, stage);
  };
  const random = mulberry32(seed);
  progress(0, 'normalise');
  const logData = options.logNormalised ? toCsr(matrix) : normalizeLog1p(matrix, targetSum);
  progress(5, 'highly variable genes');
  const hvg = highlyVariableGenes(logData, nTopGenes).indices;
  progress(10, 'scale');
  const z = scaledBlock(logData, hvg);
  const n = matrix.nRows;
  const nComponents = Math.max(1, Math.min(options.nComponents ?? 30, n - 1, hvg.length - 1));
  progress(15, 'pca');
  const { scores } = randomizedPca(z, n, hvg.length, nComponents, random);
  progress(40, 'neighbours');
  const knn = exactKnn(scores, n, nComponents, nNeighbors);
  progress(55, 'clustering');
  const clusters = clusterLabels(louvain(fuzzyGraph(knn), resolution, random));
  progress(65, 'umap');
  const umap = umapEmbedding(scores, nComponents, knn, random, (done, total) =>
    progress(65 + (35 * done) / total, 'umap'),
  );
  progress(100, 'done');
  return { clusters, umap, pcs: scores, nComponents, hvg };
}
