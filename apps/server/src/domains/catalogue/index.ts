/** The public catalogue of runs: lists, search, downloads, public links and thumbnails. */
export { registerCatalogueRoutes } from './routes.js';
