export { generateRun, type Assay, type FeatureMatrix, type GenerateOptions, type SyntheticRun } from './generate.js';
export { writeSyntheticH5ad, formatMotifsCsv, type SyntheticMatrixKind } from './h5ad.js';
export type { Pfm } from './atac.js';
export { dbitBarcode, type GridShape } from './layout.js';
export { syntheticSpatialFolder, type SyntheticSpatialFolder } from './spatial-folder.js';
export { renderTissueImage, type RgbImage, type TissueImageOptions } from './tissue-image.js';
export {
  DEMO_GENOMES,
  demoBedGraph,
  demoClusterSignal,
  demoNetwork,
  demoReference,
  type DemoGene,
  type DemoNetwork,
  type DemoReference,
} from './tracks.js';
export { demoFragments, demoPeaks } from './peaks.js';
export {
  HD_BIN_PX,
  HD_CAPTURE_BINS,
  hdBinBarcode,
  writeVisiumHdH5ad,
  type VisiumHdFile,
  type VisiumHdOptions,
} from './visium-hd.js';
