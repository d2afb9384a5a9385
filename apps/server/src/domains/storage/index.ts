/** The filesystem driver's signed URLs. */
export { registerStorageRoutes } from './routes.js';
