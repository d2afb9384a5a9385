/** Task posting and polling: the routes, and the service the public gene tasks post through too. */
export { registerTaskRoutes } from './routes.js';
export { createTaskService, linkDigest, type TaskService } from './service.js';
