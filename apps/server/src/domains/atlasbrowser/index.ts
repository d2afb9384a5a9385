export { registerAtlasBrowserRoutes, spatialFolderKey } from './routes.js';
