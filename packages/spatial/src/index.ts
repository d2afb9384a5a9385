export * from './grid/tixel-grid.js';
export * from './matrix/types.js';
