export * from './grid/tixel-grid.js';
export * from './matrix/types.js';
export * from './matrix/ops.js';
export * from './matrix/validate.js';
export * from './matrix/columns.js';
export * from './io/errors.js';
export * from './io/h5ad-reader.js';
export * from './io/h5ad-writer.js';
export * from './io/h5ad-row-writer.js';
export * from './io/tenx-h5.js';
export * from './io/visium.js';
export * from './io/tiff.js';
export * from './io/tenx-mtx.js';
export * from './io/positions-parquet.js';
export * from './io/anndata-zarr.js';
export * from './io/zip-entries.js';
export * from './io/blank-image.js';
export * from './io/image-placement.js';
export * from './io/uns-spatial.js';
export * from './io/probe-matrix.js';
export * from './io/rank-genes-groups.js';
export { analyseRaw, type AnalyseRawOptions, type AnalyseRawResult } from './analysis/analyse-raw.js';
export { normalizeLog1p } from './analysis/normalize.js';
export { mulberry32 } from './analysis/random.js';
export * from './analysis/expression-input.js';
export { highlyVariableGenes, type HvgResult } from './analysis/hvg.js';
export * from './celltype/cell-types.js';
export * from './celltype/marker-csv.js';
export { yuenTest, type YuenResult } from './celltype/yuen.js';
export * from './motifs/motif.js';
export * from './motifs/jaspar.js';
export * from './motifs/motifs-csv.js';
export * from './synthetic/index.js';
export * from './webfiles/index.js';
export {
  erfc,
  logBeta,
  logGamma,
  normalCdf,
  normalSf,
  regularizedIncompleteBeta,
  studentTCdf,
  studentTSf,
  studentTTwoSided,
} from './stats/distributions.js';
export { benjaminiHochberg } from './stats/benjamini-hochberg.js';
export * from './stats/group-stats.js';
export { deRow, deRows, topFeatures, topIndices, type DeResult, type DeRow } from './stats/result.js';
export { welchVsRest, type FoldChangeOptions } from './stats/welch.js';
export { wilcoxonVsRest, type WilcoxonOptions } from './stats/wilcoxon.js';
export {
  buildSelectionIndex,
  ROW_ENTRIES_READ,
  ROW_RANKS_READ,
  selectionRowBytes,
  selectionTileBytes,
  RowsNotLoadedError,
  selectionIndexBytes,
  selectionIndexRows,
  type SelectionIndex,
} from './stats/selection-index.js';
export {
  selectionStats,
  selectionWalkOf,
  welchForSelection,
  wilcoxonForSelection,
  type SelectionWalk,
} from './stats/selection-de.js';
export { buildSelectionTiling, tileRangesToRead, type SelectionTiling } from './stats/selection-tiles.js';
export {
  naturalCompare,
  rankClusters,
  topTen,
  type ClusterLabels,
  type ClusterRanking,
  type ClusterRankingOptions,
  type TopTen,
} from './stats/cluster-ranking.js';
export { runDeBenchmarks, syntheticCsc, type DeBenchmark, type DeBenchmarkOptions } from './stats/benchmarks.js';
export * from './render/index.js';
export * from './atlasbrowser/index.js';
export * from './tracks/bigwig.js';
export * from './tracks/bigbed.js';
export * from './tracks/bgzf.js';
export * from './tracks/tabix.js';
export type { BbiChrom } from './tracks/bbi.js';
