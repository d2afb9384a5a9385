export * from './grid/tixel-grid.js';
