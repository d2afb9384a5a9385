/** Save Display → FrontPage: a run's catalogue thumbnail from the explorer. */
export { registerFrontpageRoutes } from './routes.js';
