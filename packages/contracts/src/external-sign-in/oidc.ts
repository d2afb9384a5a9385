import { z } from 'zod';
import { defineCall } from '../call.js';

/**
 * OIDC sign-in (issue 35): the browser goes to `start`, the provider sends it back to `callback`, and the callback
 * sends it to the sign-in page with the outcome in a short-lived HttpOnly cookie that the page trades for its
 * session token (`session`): no token or code of ours ever travels in a URL.
 */
export const OIDC_PATHS = {
  start: '/api/v1/auth/oidc/start',
  callback: '/api/v1/auth/oidc/callback',
  session: '/api/v1/auth/oidc/session',
  signOut: '/api/v1/auth/oidc/sign_out',
} as const;

/** The sign-in page's query flag after the provider's round trip: the outcome waits in the hand-off cookie. */
export const OIDC_RETURN_PARAM = 'oidc';

export const OIDC_MSG = {
  notConfigured: 'Sign-in through an institution is not set up on this portal.',
  badState:
    'This sign-in could not be matched to one started in this browser (unknown or used state). Start it again from the sign-in page.',
  badNonce: 'Your institution’s answer did not belong to this sign-in (nonce mismatch). Start it again.',
  providerRefused: (detail: string) => `Your institution did not sign you in: ${detail}`,
  providerUnreachable: 'Your institution’s sign-in service could not be reached or answered wrongly. Try again later.',
  handoffMissing: 'This sign-in has expired or was already used. Start it again from the sign-in page.',
  badUsername: (name: string) =>
    `Your institution’s username “${name}” cannot be a portal username (letters, digits and _ . @ - only). Ask an admin to check the username claim.`,
} as const;

/** The button on the sign-in page, when OIDC is configured (GET /api/v1/app says so). */
export const oidcButtonLabel = (name: string) => `Sign in with ${name}`;

export const oidcCalls = {
  session: defineCall({
    method: 'POST',
    path: OIDC_PATHS.session,
    access: 'anonymous',
    summary:
      'Trades the hand-off cookie the OIDC callback set (HttpOnly, one minute, usable once) for a session token, ' +
      'or answers why the sign-in failed.',
    response: z.object({ access_token: z.string() }),
  }),
};
