import { z } from 'zod';

/**
 * Personal API tokens (issue 20): long-lived credentials for lab scripts, made and revoked by their owner in User
 * Settings, listed and revocable by admins. A token acts as its owner with the owner's current groups.
 */

/** Every personal API token starts with this, so the server tells it from a session JWT without a database read. */
export const API_TOKEN_PREFIX = 'atlas_pat_';
/** Live (not expired, revoked or ended) tokens one account may hold at once. */
export const API_TOKEN_MAX_LIVE = 20;
/** The longest a token may live, in days. */
export const API_TOKEN_MAX_DAYS = 365;
/** Lifetime when none is asked for. */
export const API_TOKEN_DEFAULT_DAYS = 30;
/** Name of tokens made through the original `auth/api_token` call, which names none. */
export const API_TOKEN_DEFAULT_NAME = 'Script token';
export const API_TOKEN_NAME_MAX = 100;
/** Characters of the secret kept in clear (its end) so that owners can tell their tokens apart. */
export const API_TOKEN_HINT_CHARS = 4;

/**
 * - active: usable;
 * - expired: past its expiry;
 * - revoked: revoked by its owner or an admin;
 * - ended: the owner's password was changed or reset (every session of the account ended with it).
 */
export const API_TOKEN_STATES = ['active', 'expired', 'revoked', 'ended'] as const;
export type ApiTokenState = (typeof API_TOKEN_STATES)[number];

export const ZApiTokenName = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(API_TOKEN_NAME_MAX, `Name is at most ${API_TOKEN_NAME_MAX} characters`);

export const ZExpiryDays = z.coerce
  .number({ error: 'expiry_days must be a whole number of days' })
  .int('expiry_days must be a whole number of days')
  .min(1, 'expiry_days must be at least 1')
  .max(API_TOKEN_MAX_DAYS, `expiry_days: a token lives at most ${API_TOKEN_MAX_DAYS} days`);

/** A token as listed: never its secret. */
export const ZApiToken = z.object({
  id: z.string(),
  name: z.string(),
  /** `atlas_pat_…abcd`: the prefix and the last characters of the secret. */
  hint: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  state: z.enum(API_TOKEN_STATES),
  revoked_at: z.string().nullable(),
  revoked_by: z.string().nullable(),
});
export type TApiToken = z.infer<typeof ZApiToken>;

export const ZOwnedApiToken = ZApiToken.extend({ owner: z.string() });
export type TOwnedApiToken = z.infer<typeof ZOwnedApiToken>;

/** The answer to a creation: the only time the secret is ever shown. */
export const ZCreatedApiToken = ZApiToken.extend({ token: z.string() });
export type TCreatedApiToken = z.infer<typeof ZCreatedApiToken>;
