/** The single-cell-resolution readers (issue 38): Xenium, CosMx and MERSCOPE outputs, and their cell outlines. */
export * from './source.js';
export * from './outlines.js';
export * from './xenium.js';
export * from './cosmx.js';
export * from './merscope.js';
export * from './merscope-transcripts.js';
export * from './outline-index.js';
export * from './outline-tiles.js';
