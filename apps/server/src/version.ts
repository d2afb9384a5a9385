import { createRequire } from 'node:module';

const pkg = createRequire(import.meta.url)('../../../package.json') as { version: string };
export const APP_NAME = 'Atlas Portal';
export const APP_VERSION = pkg.version;
