import type { Config } from '../../config.js';
import { createFsStore } from './fs.js';
import type { ObjectStore } from './port.js';

/** S3 when the config names one, otherwise files under the data folder. The S3 SDK is loaded only when chosen. */
export async function createObjectStore(config: Config): Promise<ObjectStore> {
  if (config.s3) {
    const { createS3Store } = await import('./s3.js');
    return createS3Store(config.s3);
  }
  return createFsStore(config);
}

export * from './port.js';
export { fsBucketFolder, SIGNED_URL_PATH, verifySignedUrl } from './fs.js';
export { readObject, withLocalCopy } from './read.js';
