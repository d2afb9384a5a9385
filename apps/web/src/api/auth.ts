import { authCalls, oidcCalls, type CallBody } from '@atlas/contracts';
import { callApi } from './client';

/**
 * One function per auth contract the shell and the login screen use. Calls made before a session exists
 * pass `token: null` so a stale session token is never sent with them.
 */
export const login = (username: string, password: string) =>
  callApi(authCalls.login, { body: { username, password }, token: null });

export const whoami = (token: string) => callApi(authCalls.whoami, { token });

export const refreshToken = (token: string) => callApi(authCalls.refreshToken, { token });

export const logIntoPublic = () => callApi(authCalls.logIntoPublic, { token: null });

export type AccountRequest = CallBody<typeof authCalls.userAccountRequest>;
export const requestAccount = (body: AccountRequest) => callApi(authCalls.userAccountRequest, { body, token: null });

export const confirmViaEmail = (username: string, code: string) =>
  callApi(authCalls.confirmUserViaEmail, { query: { username, confirmation_code: code }, token: null });

export const resendConfirmation = (username: string) =>
  callApi(authCalls.resendConfirmationViaEmail, { query: { username }, token: null });

export const forgotPasswordRequest = (username: string) =>
  callApi(authCalls.forgotPasswordRequest, { query: { username }, token: null });

export const forgotPasswordConfirmation = (username: string, code: string, password: string) =>
  callApi(authCalls.forgotPasswordConfirmation, { body: { username, code, password }, token: null });

/** Trades the hand-off cookie of an OIDC sign-in (set by its callback, HttpOnly) for the session token, once. */
export const oidcHandOff = () => callApi(oidcCalls.session, { token: null });
