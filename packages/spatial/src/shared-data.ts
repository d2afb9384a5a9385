/**
 * Where tests and benchmarks find the real public data sets (DESIGN §10): `../shared/data` beside the checkout,
 * read-only, never needed by the product. Node-only; reached through `@atlas/spatial/testing`.
 */
import fs from 'node:fs';
import path from 'node:path';

export const SHARED_DATA = path.resolve(import.meta.dirname, '../../../../shared/data');

/** A path inside the shared data folder. */
export const sharedData = (...parts: string[]): string => path.join(SHARED_DATA, ...parts);

/** Whether a shared data file or folder is there: tests of real data run only then, and say so when skipped. */
export const hasSharedData = (...parts: string[]): boolean => fs.existsSync(sharedData(...parts));
