import { z } from 'zod';
import { defineCall } from '../call.js';
import { ZMsg, ZUsername } from '../auth/schemas.js';
import {
  ZChallengeBody,
  ZCodeBody,
  ZDisableBody,
  ZEnrolment,
  ZRecoveryCodes,
  ZSecondFactorPolicy,
  ZSecondFactorSignIn,
  ZSecondFactorState,
} from './schemas.js';

/**
 * Second-factor calls (issue 35), under /api/v1/auth/ with the other account calls (a change there clears the
 * identity cache of the process). Managing one's own needs a password session (`sessionOnly`): a personal API token
 * neither needs nor changes the second factor. The sign-in steps are anonymous and carry the password step's
 * challenge instead, which is signed with a key of its own and is never a session.
 */
export const secondFactorState = defineCall({
  method: 'GET',
  path: '/api/v1/auth/second_factor',
  access: 'any',
  summary: "The signed-in user's second factor: on or off, recovery codes left, and whether the policy requires it.",
  response: ZSecondFactorState,
});

export const startEnrolment = defineCall({
  method: 'POST',
  path: '/api/v1/auth/second_factor/enrolment',
  access: 'any',
  sessionOnly: true,
  summary: 'Starts setting up TOTP: a new secret, its otpauth:// URI and QR code. Nothing changes until confirmed.',
  response: ZEnrolment,
});

export const confirmEnrolment = defineCall({
  method: 'POST',
  path: '/api/v1/auth/second_factor/enrolment/confirm',
  access: 'any',
  sessionOnly: true,
  summary: 'Turns TOTP on with a current code of the new secret; answers 10 single-use recovery codes, shown once.',
  body: ZCodeBody,
  response: ZRecoveryCodes,
});

export const disableSecondFactor = defineCall({
  method: 'POST',
  path: '/api/v1/auth/second_factor/disable',
  access: 'any',
  sessionOnly: true,
  summary: 'Turns TOTP off (with the password or a current code); refused while the policy requires it.',
  body: ZDisableBody,
  response: ZMsg,
});

export const signInWithCode = defineCall({
  method: 'POST',
  path: '/api/v1/auth/login/second_factor',
  access: 'anonymous',
  summary:
    "The sign-in's code step: the password step's challenge and a TOTP code or a recovery code give the session.",
  body: ZSecondFactorSignIn,
  response: z.object({ access_token: z.string(), msg: z.string().nullable() }),
});

export const startSignInEnrolment = defineCall({
  method: 'POST',
  path: '/api/v1/auth/login/enrolment',
  access: 'anonymous',
  summary: 'Sign-in of an account the policy requires a second factor of and that has none: starts its set-up.',
  body: ZChallengeBody,
  response: ZEnrolment,
});

export const confirmSignInEnrolment = defineCall({
  method: 'POST',
  path: '/api/v1/auth/login/enrolment/confirm',
  access: 'anonymous',
  summary: 'Finishes the set-up started at sign-in with a current code: the session and the recovery codes.',
  body: ZChallengeBody.extend(ZCodeBody.shape),
  response: ZRecoveryCodes.extend({ access_token: z.string() }),
});

export const resetSecondFactor = defineCall({
  method: 'PUT',
  path: '/api/v1/auth/second_factor/reset',
  access: 'admin',
  summary: "Removes a user's second factor (a lost phone); audited. A policy that covers them asks for a new one.",
  body: z.object({ username: ZUsername }),
  response: ZMsg,
});

export const secondFactorPolicy = defineCall({
  method: 'GET',
  path: '/api/v1/auth/second_factor/policy',
  access: 'admin',
  summary: 'Whom the portal requires a second factor of: nobody, admins or everyone.',
  response: z.object({ require: ZSecondFactorPolicy }),
});

export const setSecondFactorPolicy = defineCall({
  method: 'PUT',
  path: '/api/v1/auth/second_factor/policy',
  access: 'admin',
  summary: 'Sets whom the portal requires a second factor of; those without one set it up at their next sign-in.',
  body: z.object({ require: ZSecondFactorPolicy }),
  response: ZMsg,
});
