import { API_TOKEN_MAX_DAYS, API_TOKEN_MAX_LIVE } from './schemas.js';

/** User-visible texts of personal API tokens (ours: the spec has no API tokens). */
export const TOKEN_MSG = {
  expired: (when: string) => `This API token expired on ${when}. Create a new one in User Settings › API Tokens.`,
  revoked: 'This API token was revoked. Create a new one in User Settings › API Tokens.',
  ended:
    "This API token ended when its account's password was changed or reset. Create a new one in User Settings › API Tokens.",
  accountInactive: 'This API token belongs to an account that is disabled or not confirmed.',
  unknown: 'This API token is not valid.',
  tooMany: `You already have ${API_TOKEN_MAX_LIVE} live API tokens, the most allowed: revoke one first.`,
  tooLong: `A token lives at most ${API_TOKEN_MAX_DAYS} days.`,
  sessionOnly:
    'An API token cannot create tokens, refresh sessions or change passwords: sign in with your password for that.',
  notFound: 'No such API token.',
  created: (name: string) => `API token '${name}' created.`,
  revokedNamed: (name: string) => `API token '${name}' revoked.`,
  revokeFailed: (name: string) => `API token '${name}' could not be revoked.`,
  copyOnce: 'Copy this token now: it is shown only once and cannot be recovered.',
  copied: 'Token copied to the clipboard.',
} as const;
