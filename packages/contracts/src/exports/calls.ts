import { defineCall } from '../call.js';
import { ZExportRequest } from './schemas.js';

/**
 * A run, a selection or an annotation as a file (issue 34): `.h5ad` (AnnData: X CSR, obs with clusters, cell types
 * and the run's annotations as categoricals, obsm `spatial` and `X_umap`, var) or a barcodes `.csv`. The body is the
 * file itself (content-disposition names it); a refusal is JSON like every other.
 */
export const exportRun = defineCall({
  method: 'POST',
  path: '/api/v1/exports',
  access: 'any',
  summary: 'A run, a selection of it or one of its annotations as an AnnData .h5ad file, or its barcodes as CSV.',
  body: ZExportRequest,
});
