/** Task posting and polling routes, and the digest that ties a public-link task to its link. */
export { linkDigest, registerTaskRoutes } from './routes.js';
