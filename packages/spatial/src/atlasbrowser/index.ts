export * from './adaptive-threshold.js';
export * from './autofill.js';
export * from './barcodes.js';
export * from './counts.js';
export * from './spatial-folder.js';
