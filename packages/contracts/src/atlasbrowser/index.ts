export * from './messages.js';
export * from './schemas.js';
export type * from './lab-timings.js';
