import { z } from 'zod';
import { defineCall } from '../call.js';
import {
  API_TOKEN_DEFAULT_DAYS,
  ZApiToken,
  ZApiTokenName,
  ZCreatedApiToken,
  ZExpiryDays,
  ZOwnedApiToken,
} from './schemas.js';

/**
 * Personal API token calls. They live under /api/v1/auth/ with the other account calls (a change there clears the
 * identity cache of the process at once). Creating a token needs a password session (`sessionOnly`): a token never
 * mints another token, so its expiry and revocation hold.
 */
const ZTokenId = z.object({ id: z.uuid('Not a token id') });

export const listApiTokens = defineCall({
  method: 'GET',
  path: '/api/v1/auth/api_tokens',
  access: 'any',
  summary: "The signed-in user's personal API tokens, newest first (never their secrets).",
  response: z.array(ZApiToken),
});

export const createApiToken = defineCall({
  method: 'POST',
  path: '/api/v1/auth/api_tokens',
  access: 'any',
  sessionOnly: true,
  summary:
    'Creates a personal API token (sent as `Authorization: Bearer atlas_pat_…`); the answer holds the secret, shown only this once.',
  body: z.object({ name: ZApiTokenName, expiry_days: ZExpiryDays.default(API_TOKEN_DEFAULT_DAYS) }),
  response: ZCreatedApiToken,
});

export const revokeApiToken = defineCall({
  method: 'DELETE',
  path: '/api/v1/auth/api_tokens/:id',
  access: 'any',
  summary: "Revokes one of the signed-in user's tokens (admins: anyone's); it stops working at once.",
  params: ZTokenId,
  response: z.object({ msg: z.string() }),
});

export const listAllApiTokens = defineCall({
  method: 'GET',
  path: '/api/v1/auth/api_tokens/all',
  access: 'admin',
  summary: "Every account's personal API tokens with their owners, newest first (admin).",
  response: z.array(ZOwnedApiToken),
});

/** The original AtlasXomics call: `auth/api_token?expiry_days=N`, GET or POST, answering `{token, expires}`. */
const ZOriginalQuery = z.object({ expiry_days: ZExpiryDays.default(API_TOKEN_DEFAULT_DAYS) });
const ZOriginalResponse = z.object({ token: z.string(), expires: z.string() });

export const originalApiTokenGet = defineCall({
  method: 'GET',
  path: '/api/v1/auth/api_token',
  access: 'any',
  sessionOnly: true,
  summary: 'AtlasXomics scripts: a personal API token for the signed-in user, default name, `{token, expires}`.',
  query: ZOriginalQuery,
  response: ZOriginalResponse,
});

export const originalApiTokenPost = defineCall({
  method: 'POST',
  path: '/api/v1/auth/api_token',
  access: 'any',
  sessionOnly: true,
  summary: 'AtlasXomics scripts: a personal API token for the signed-in user, default name, `{token, expires}`.',
  query: ZOriginalQuery,
  response: ZOriginalResponse,
});
