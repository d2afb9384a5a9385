/** Accounts, groups and sessions: what other domains and the task workers may use. */
export { registerAuthRoutes } from './routes.js';
export { createAccountStore, type AccountStore } from './store.js';
export { hashPassword } from './passwords.js';
export { registerApiTokenRoutes } from './api-tokens/routes.js';
export { createApiTokenService, isApiToken, type ApiTokenService } from './api-tokens/service.js';
export {
  generatePassword,
  OperatorError,
  passwordBox,
  resetPasswordAsOperator,
  SHELL_SAFE_SYMBOLS,
  type OperatorReset,
} from './operator.js';
export { createReviewerLinks, type ReviewerLinks } from './reviewer-links/service.js';
export { registerReviewerLinkRoutes } from './reviewer-links/routes.js';
export { createShareNotices, type ShareNotices } from './share-notices.js';
