/**
 * Test-only helpers of the package, not part of its main entry (Node-only): where the real public data sets are
 * (shared-data.ts), and stores and folders made from them (spatialdata-fixtures.ts, spaceranger-fixtures.ts).
 */
export * from './shared-data.js';
export * from './spatialdata-fixtures.js';
export * from './bomb-fixtures.js';
export * from './spaceranger-fixtures.js';
export { adjustedRandIndex } from './analysis/test-helpers.js';
