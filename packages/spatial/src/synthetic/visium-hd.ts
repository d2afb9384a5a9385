/**
 * A generated Visium HD run at full scale (8 µm bins, 500k bins × 18k genes is a typical section), written straight
 * to an h5ad without ever holding its matrix: rows are drawn one at a time by the same count sampler as
 * `generateRun` and streamed to the file (io/h5ad-row-writer.ts). The file carries what a processed HD run carries
 * — clusters, QC columns, obsm 'spatial' and 'X_umap' — so an import uses them instead of running PCA/UMAP on half
 * a million bins.
 */
import { writeH5adRows, type SparseRow } from '../io/h5ad-row-writer.js';
import type { WritableColumn } from '../io/h5ad-writer.js';
import { spatialClusters } from './clusters.js';
import { countSampler } from './counts.js';
import { clusterEmbedding } from './embedding.js';
import { seedStream } from './generate.js';
import { nearSquare, tissueLayout, type GridShape, type Layout } from './layout.js';
import { geneNames } from './names.js';

/** The 6.5 mm capture area of a Visium HD slide in 8 µm bins (10x: 812 × 812 after binning the 2 µm grid). */
export const HD_CAPTURE_BINS = 812;
/** Full-resolution pixels per 8 µm bin (a CytAssist image at ~0.27 µm per pixel). */
export const HD_BIN_PX = 29.2;

export interface VisiumHdOptions {
  seed: number;
  /** Bins under the tissue (observations). */
  bins: number;
  genes: number;
  /** Mean stored non-zeros per bin (real 8 µm bins: ~100–300 genes detected). */
  nnzPerBin: number;
  /** Clusters C1..Ck. Default 12. */
  clusters?: number;
  /** gzip level of X in the file (default 1: the file is written for a benchmark, quickly). */
  gzipLevel?: number;
}

export interface VisiumHdFile {
  nObs: number;
  nVars: number;
  nnz: number;
  grid: GridShape;
  clusters: number;
}

/** The capture area, grown when the bins would not fit in 90% of it. */
function captureArea(bins: number): GridShape {
  const full = HD_CAPTURE_BINS * HD_CAPTURE_BINS;
  return bins <= 0.9 * full ? { rows: HD_CAPTURE_BINS, cols: HD_CAPTURE_BINS } : nearSquare(Math.ceil(bins / 0.9));
}

/** Space Ranger's bin barcode: `s_008um_{row}_{col}-1`, five digits each. */
export function hdBinBarcode(row: number, col: number): string {
  return `s_008um_${String(row).padStart(5, '0')}_${String(col).padStart(5, '0')}-1`;
}

function binCentres(layout: Layout): Float64Array {
  const out = new Float64Array(2 * layout.position.length);
  layout.position.forEach((k, i) => {
    out[2 * i] = ((k % layout.cols) + 0.5) * HD_BIN_PX;
    out[2 * i + 1] = (Math.floor(k / layout.cols) + 0.5) * HD_BIN_PX;
  });
  return out;
}

export async function writeVisiumHdH5ad(options: VisiumHdOptions, target: string): Promise<VisiumHdFile> {
  const { seed, bins, genes } = options;
  if (!Number.isInteger(bins) || bins < 1) throw new RangeError(`bins must be a positive integer, got ${bins}`);
  if (!Number.isInteger(genes) || genes < 1) throw new RangeError(`genes must be a positive integer, got ${genes}`);
  if (!(options.nnzPerBin > 0 && options.nnzPerBin <= genes))
    throw new RangeError(`nnzPerBin must be in (0, ${genes}], got ${options.nnzPerBin}`);
  const grid = captureArea(bins);
  const layout = tissueLayout(seedStream(seed, 0), grid, bins);
  const { codes, k } = spatialClusters(seedStream(seed, 1), layout, Math.min(options.clusters ?? 12, bins));
  const sizeRng = seedStream(seed, 2);
  const size = new Float64Array(bins);
  let total = 0;
  for (let i = 0; i < bins; i++) total += size[i] = Math.exp(0.35 * sizeRng.normal());
  for (let i = 0; i < bins; i++) size[i] = (size[i]! * bins) / total;
  const sampler = countSampler(seedStream(seed, 3), {
    nGenes: genes,
    density: options.nnzPerBin / genes,
    codes,
    k,
    size,
  });
  const detected = new Float64Array(bins);
  const umis = new Float64Array(bins);
  function* rows(): Generator<SparseRow> {
    for (let i = 0; i < bins; i++) {
      const { genes: indices, counts } = sampler.row(i);
      detected[i] = indices.length;
      let umi = 0;
      for (let q = 0; q < counts.length; q++) umi += counts[q]!;
      umis[i] = umi;
      yield { indices, data: counts };
    }
  }
  // Categories in natural order: codes are already ranked by cluster size (C1 the largest).
  const clusters: WritableColumn = {
    kind: 'categorical',
    categories: Array.from({ length: k }, (_, c) => `C${c + 1}`),
    codes: Int32Array.from(codes),
  };
  const { nnz } = await writeH5adRows(target, {
    nCols: genes,
    rows: rows(),
    gzipLevel: options.gzipLevel ?? 1,
    parts: () => ({
      obsNames: Array.from(layout.position, (p) => hdBinBarcode(Math.floor(p / grid.cols), p % grid.cols)),
      varNames: geneNames(genes),
      obs: {
        clusters,
        n_genes_by_counts: { kind: 'numeric', values: detected },
        total_counts: { kind: 'numeric', values: umis },
      },
      obsm: {
        spatial: { nRows: bins, nCols: 2, data: binCentres(layout) },
        X_umap: { nRows: bins, nCols: 2, data: Float64Array.from(clusterEmbedding(seedStream(seed, 4), codes, k)) },
      },
    }),
  });
  return { nObs: bins, nVars: genes, nnz, grid, clusters: k };
}
