/** Run-data reads for the explorer and the public-link task route. */
export { registerGenesRoutes } from './routes.js';
