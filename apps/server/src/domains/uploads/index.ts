export { registerUploadRoutes, UPLOAD_MAX_BYTES } from './routes.js';
export { stagingBucketOf } from './staging.js';
