/** Lab metadata (wafers, chips, DBiT runs, QC): routes, and the service the seed and storage calls use. */
export { registerLabRoutes } from './routes.js';
export { auditTarget, createLabService } from './service.js';
export { KEY_OF, labStore, type LabTable } from './store.js';
