/**
 * `generateRun`: a whole synthetic run from one seed — layout, clusters, counts, embedding, QC and (ATAC) motif and
 * eRegulon matrices. Each part draws from its own mulberry32 stream derived from the seed, so a seed reproduces the
 * run exactly and changing, say, the feature count does not move the tissue mask or the clusters.
 */
import type { CsrMatrix, DenseMatrix } from '../matrix/types.js';
import { motifDeviations, randomPfm, regulonAuc, type Pfm } from './atac.js';
import { spatialClusters } from './clusters.js';
import { sparseCounts } from './counts.js';
import { clusterEmbedding } from './embedding.js';
import { barcodes, nearSquare, tissueLayout, tixelCentres, type GridShape } from './layout.js';
import { eRegulonNames, geneNames, motifNames } from './names.js';
import { createRng, type Rng } from './random.js';

export type Assay = 'rna' | 'atac';

export interface GenerateOptions {
  seed: number;
  /** A DBiT chip (e.g. 50×50, 96×96, 100×100, 220×220); observations are its on-tissue tixels. */
  grid?: GridShape;
  /** Exact number of observations, laid out on a near-square grid; used when `grid` is absent. Default 2,500 grid. */
  tixels?: number;
  /** Genes (RNA) or gene-score features (ATAC). Default 2,000. */
  features?: number;
  /** Number of clusters C1..Ck, 1–255. Default 8. */
  clusters?: number;
  assay: Assay;
  /** Fraction of non-zero entries in X. Default 0.1. */
  density?: number;
  /** ATAC: number of motifs (default 100) and eRegulons (default 20). */
  motifs?: number;
  regulons?: number;
  /** Give each cluster a cell type name. */
  cellTypes?: boolean;
}

export interface FeatureMatrix {
  names: string[];
  matrix: DenseMatrix;
}

export interface SyntheticRun {
  assay: Assay;
  grid: GridShape;
  /** On-tissue flag per grid position, row-major. */
  mask: Uint8Array;
  /** Row-major grid position of each observation. */
  gridPosition: Uint32Array;
  /** DBiT-like 16-nt barcodes. */
  obsNames: string[];
  /** Pixel centre (x, y) per observation, interleaved. */
  spatial: Float64Array;
  umap: Float32Array;
  clusters: string[];
  /** RNA: [genes detected, UMI count]; ATAC: [TSS enrichment, log10 unique fragments]. */
  qc: [Float32Array, Float32Array];
  qcNames: [string, string];
  cellTypes?: string[];
  X: CsrMatrix;
  varNames: string[];
  /** Marker gene indices per cluster (index c is cluster C{c+1}). */
  markers: number[][];
  motifs?: FeatureMatrix & { pfms: Pfm[] };
  regulons?: FeatureMatrix;
}

const CELL_TYPES = [
  'Excitatory neurons',
  'Inhibitory neurons',
  'Astrocytes',
  'Oligodendrocytes',
  'Microglia',
  'Endothelial cells',
  'Fibroblasts',
  'Epithelial cells',
  'T cells',
  'B cells',
  'Macrophages',
  'Smooth muscle cells',
];

/** A child stream per part, seeded from the run seed and the part's number. */
export function seedStream(seed: number, part: number): Rng {
  return createRng(Math.imul(seed ^ 0x5bd1e995, 0x01000193) ^ Math.imul(part + 1, 0x9e3779b1));
}

function shapeFor(rng: Rng, options: GenerateOptions): { shape: GridShape; onTissue: number } {
  const fraction = 0.6 + 0.2 * rng.next();
  if (options.grid) {
    const { rows, cols } = options.grid;
    if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1 || rows * cols > 4_000_000) {
      throw new RangeError(`grid must be positive integers with at most 4,000,000 tixels, got ${rows}×${cols}`);
    }
    return { shape: { rows, cols }, onTissue: Math.max(1, Math.round(fraction * rows * cols)) };
  }
  const n = options.tixels ?? Math.round(fraction * 2500);
  if (!Number.isInteger(n) || n < 1 || n > 2_000_000) throw new RangeError(`tixels must be 1..2,000,000, got ${n}`);
  return { shape: nearSquare(Math.ceil(n / fraction)), onTissue: n };
}

export function generateRun(options: GenerateOptions): SyntheticRun {
  const { seed, assay } = options;
  const nFeatures = options.features ?? 2000;
  const density = options.density ?? 0.1;
  if (!Number.isInteger(nFeatures) || nFeatures < 1)
    throw new RangeError(`features must be a positive integer, got ${nFeatures}`);
  if (!(density > 0 && density <= 1)) throw new RangeError(`density must be in (0, 1], got ${density}`);

  const layoutRng = seedStream(seed, 0);
  const { shape, onTissue } = shapeFor(layoutRng, options);
  const layout = tissueLayout(layoutRng, shape, onTissue);
  const n = layout.position.length;
  const { codes, k } = spatialClusters(seedStream(seed, 1), layout, Math.min(options.clusters ?? 8, n));

  // Library size: log-normal per tixel; RNA-like data is deeper in the middle of the tissue than at its edge.
  const sizeRng = seedStream(seed, 2);
  const size = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) total += size[i] = Math.exp(0.35 * sizeRng.normal());
  for (let i = 0; i < n; i++) size[i] = (size[i]! * n) / total;

  const { X, markers } = sparseCounts(seedStream(seed, 3), { nGenes: nFeatures, density, codes, k, size });
  const umap = clusterEmbedding(seedStream(seed, 4), codes, k);
  const qcRng = seedStream(seed, 5);
  const qc: [Float32Array, Float32Array] = [new Float32Array(n), new Float32Array(n)];
  for (let i = 0; i < n; i++) {
    let umi = 0;
    for (let q = X.indptr[i]!; q < X.indptr[i + 1]!; q++) umi += X.data[q]!;
    if (assay === 'rna') {
      qc[0][i] = X.indptr[i + 1]! - X.indptr[i]!;
      qc[1][i] = umi;
    } else {
      // Fragments scale with the gene-score depth (a tixel has ~20 fragments per unit); TSS enrichment ~ N(12, 3).
      qc[0][i] = Math.max(1, 12 + 3 * qcRng.normal());
      qc[1][i] = Math.log10(1 + 20 * umi);
    }
  }

  const run: SyntheticRun = {
    assay,
    grid: shape,
    mask: layout.mask,
    gridPosition: layout.position,
    obsNames: barcodes(layout),
    spatial: tixelCentres(layout),
    umap,
    clusters: Array.from(codes, (c) => `C${c + 1}`),
    qc,
    qcNames: assay === 'rna' ? ['n_genes', 'n_counts'] : ['TSSEnrichment', 'log10_nFrags'],
    X,
    varNames: geneNames(nFeatures),
    markers,
  };
  if (options.cellTypes) {
    const typeOf = Array.from({ length: k }, (_, c) => CELL_TYPES[c % CELL_TYPES.length]!);
    run.cellTypes = Array.from(codes, (c) => typeOf[c]!);
  }
  if (assay === 'atac') {
    const motifRng = seedStream(seed, 6);
    const nMotifs = options.motifs ?? 100;
    const names = motifNames(nMotifs);
    run.motifs = {
      names,
      matrix: motifDeviations(motifRng, codes, k, nMotifs),
      pfms: names.map((name) => randomPfm(motifRng, name)),
    };
    const regulonRng = seedStream(seed, 7);
    const nRegulons = options.regulons ?? 20;
    const sizes = Array.from({ length: nRegulons }, () => 20 + regulonRng.int(400));
    run.regulons = { names: eRegulonNames(sizes), matrix: regulonAuc(regulonRng, codes, k, nRegulons) };
  }
  return run;
}
