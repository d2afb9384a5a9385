/**
 * The imports domain's second public entry: the input check alone — reading and converting an input without the
 * database, storage or HTTP modules — for the import CLI, which loads it first so a bad input fails at once.
 * Everything else goes through index.ts.
 */
export { ImportError } from './errors.js';
export { prepareImport, type ImportSource, type PreparedImport } from './prepare.js';
export { sourceFromPath } from './sources.js';
