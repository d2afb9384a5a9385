export * from './adaptive-threshold.js';
export * from './autofill.js';
export * from './barcodes.js';
export * from './counts.js';
export * from './otsu.js';
export * from './spatial-folder.js';
// The grid the tool draws, so the web app needs only this entry.
export { tixelAt, tixelCornerLattice, type Point, type Roi } from '../grid/tixel-grid.js';
export * from './shrink.js';
// The folder's positions, read in either column order by the reader the server uses too.
export * from '../formats/positions-csv.js';
export { SpatialFormatError } from '../io/errors.js';
