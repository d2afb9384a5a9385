export * from './adaptive-threshold.js';
export * from './autofill.js';
export * from './barcodes.js';
export * from './counts.js';
export * from './otsu.js';
export * from './spatial-folder.js';
// The grid the tool draws, so the web app needs only this entry.
export { tixelAt, tixelCornerLattice, type Point, type Roi } from '../grid/tixel-grid.js';
export * from './shrink.js';
