/** Run-data reads for the explorer and the public-link task route. */
export { registerGenesRoutes } from './routes.js';
/** The parsed web files of runs (one store, one cache, shared by the routes that read them). */
export { createRunDataStore, MissingWebFileError, type RunDataStore } from './store.js';
