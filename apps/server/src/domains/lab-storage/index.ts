/** The storage calls of spec 02 §7.2, each key checked against its run. */
export { registerLabStorageRoutes } from './routes.js';
