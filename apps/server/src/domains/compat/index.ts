/**
 * Drop-in for the incumbent portal's clients (issue 20): its calls on paths of their own (routes.ts) and, on
 * native paths, request and answer adapters (adapters.ts). Everything is served by the native routes.
 */
export { registerCompatRoutes } from './routes.js';
export { installCompatAdapters, ADAPTED_ROUTES } from './adapters.js';
