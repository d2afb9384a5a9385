import { secondFactorCalls as c } from '@atlas/contracts';
import { callApi } from './client';

/**
 * The sign-in's second-factor steps (issue 35). They carry the password step's challenge, never a session token
 * (`token: null`), as the other calls made before a session exists.
 */
export const signInWithCode = (challenge: string, proof: { code: string } | { recovery_code: string }) =>
  callApi(c.signInWithCode, { body: { challenge, ...proof }, token: null });

export const startSignInEnrolment = (challenge: string) =>
  callApi(c.startSignInEnrolment, { body: { challenge }, token: null });

export const confirmSignInEnrolment = (challenge: string, code: string) =>
  callApi(c.confirmSignInEnrolment, { body: { challenge, code }, token: null });
