/**
 * The format readers and the h5ad writer alone (`@atlas/spatial/io`), for callers that must start fast — the
 * import CLI checks its input before anything else loads — without the analysis, rendering and statistics code.
 */
export * from './errors.js';
export * from './h5ad-reader.js';
export * from './h5ad-writer.js';
export * from './tenx-h5.js';
export * from './tenx-mtx.js';
export * from './visium.js';
export * from './positions-parquet.js';
export * from './anndata-zarr.js';
export * from './zip-entries.js';
export * from './blank-image.js';
export * from './image-placement.js';
export * from './uns-spatial.js';
export * from './probe-matrix.js';
export * from './h5ad-row-writer.js';
export * from './spatialdata.js';
export * from './cells/index.js';
