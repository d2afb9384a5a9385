export { registerSystemRoutes } from './routes.js';
