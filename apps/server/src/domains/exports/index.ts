/** Exports (issue 34): a run, a selection or an annotation of it as an AnnData .h5ad or a barcodes CSV. */
export { createExports, type Exports } from './service.js';
export { registerExportRoutes } from './routes.js';
