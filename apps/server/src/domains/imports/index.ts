/** The importer: an AnnData, a 10x matrix or a Space Ranger folder becomes a run (CLI and admin route), and the Job rows of tasks. */
export { registerImportRoutes } from './routes.js';
export { ImportError } from './errors.js';
export { prepareImport, type ImportSource, type PreparedImport } from './prepare.js';
export { importRun, storeImport } from './service.js';
export { sourceFromPath } from './sources.js';
export { createJobStore } from './jobs.js';
