export { registerUploadRoutes, UPLOAD_MAX_BYTES } from './routes.js';
export { createStaging, stagingBucketOf } from './staging.js';
