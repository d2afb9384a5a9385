/**
 * Test-only helpers of the package, not part of its main entry (Node-only): where the real public data sets are
 * (shared-data.ts), and stores made from them (spatialdata-fixtures.ts).
 */
export * from './shared-data.js';
export * from './spatialdata-fixtures.js';
export * from './bomb-fixtures.js';
