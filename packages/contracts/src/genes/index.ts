export * from './messages.js';
export * from './import-limits.js';
export * from './schemas.js';
export * from './tracks.js';
export * from './analysis-path.js';
export * from './de-table.js';
export * from './cells.js';
export * from './tixel-selection.js';
