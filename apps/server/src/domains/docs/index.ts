/** The OpenAPI description and its page. */
export { registerDocsRoutes } from './routes.js';
