/** The health and version call. */
export { registerAppRoutes } from './routes.js';
