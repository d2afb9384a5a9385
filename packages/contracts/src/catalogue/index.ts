export * from './messages.js';
export * from './schemas.js';
export * from './search.js';
export * from './admin-schemas.js';
