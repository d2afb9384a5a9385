/** The importer: an AnnData file or a Visium folder becomes a run (CLI and admin route), and the Job rows of tasks. */
export { registerImportRoutes } from './routes.js';
export { ImportError, importRun, sourceFromPath } from './service.js';
export { createJobStore } from './jobs.js';
