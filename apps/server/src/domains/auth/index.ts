/** Accounts, groups and sessions: what other domains and the task workers may use. */
export { registerAuthRoutes } from './routes.js';
export { createAccountStore, type AccountStore } from './store.js';
export { hashPassword } from './passwords.js';
