/** Shared annotations (issue 16): named tixel sets of a run, seen by who may see the run, changed by its group. */
export { registerAnnotationRoutes } from './routes.js';
export type { Annotations } from './service.js';
