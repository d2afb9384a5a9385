/** Lab metadata (wafers, chips, DBiT runs, QC): routes, the service the seed and storage calls use, and the CSV reader. */
export { registerLabRoutes } from './routes.js';
export { auditTarget, createLabService } from './service.js';
export { KEY_OF, labStore, type LabTable } from './store.js';
export { parseCsv } from './csv.js';
