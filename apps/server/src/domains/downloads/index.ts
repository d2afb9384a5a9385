/** Download links: every URL handed out to read a stored object, checked against its holder on each request. */
export { createDownloads, type Downloads, type Signer } from './service.js';
export { registerDownloadRoutes } from './routes.js';
export type { DownloadTarget, Holder } from './token.js';
