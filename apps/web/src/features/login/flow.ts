import {
  isEmail,
  isValidPassword,
  MSG,
  type authCalls,
  type CallResponse,
  type TSecondFactorStep,
} from '@atlas/contracts';
import type { AccountRequest } from '../../api/auth';
import { ApiError } from '../../api/client';

/** The login screen's states (spec 01 §4) and the rules that pick the next one. */
export type Screen =
  | { kind: 'signIn' }
  | { kind: 'register' }
  /** `fromForgot`: the user came here from Forgot Password, so a confirmed code continues to the reset. */
  | { kind: 'confirm'; username: string; fromForgot: boolean }
  | { kind: 'forgot' }
  | { kind: 'reset'; username: string }
  /** Issue 35: after a right password, the code step (or the set-up a policy requires) before any session. */
  | { kind: 'secondFactor'; username: string; step: TSecondFactorStep };

export type Notice = 'confirmed' | 'neverVerified' | 'verifyFirst';

type ForgotResponse = CallResponse<typeof authCalls.forgotPasswordRequest>;

export type ForgotOutcome =
  { kind: 'reset' } | { kind: 'confirm' } | { kind: 'neverVerified' } | { kind: 'error'; message: string };

/** Spec 01 §4 "Forgot password outcomes". */
export function forgotOutcome(response: ForgotResponse): ForgotOutcome {
  switch (response.state) {
    case 'Success':
      return response.CodeDeliveryDetails?.DeliveryMedium === 'SMS'
        ? { kind: 'error', message: MSG.contactSupport }
        : { kind: 'reset' };
    case 'user_na':
      return { kind: 'error', message: MSG.usernameMissing };
    case 'email_unconfirmed':
      return { kind: 'neverVerified' };
    case 'needs_confirmation':
      return { kind: 'confirm' };
    case 'Failure':
      if (response.msg.includes(MSG.attemptLimitExceeded)) return { kind: 'error', message: MSG.mustWait };
      return { kind: 'error', message: response.msg || MSG.resetCodeError };
  }
}

/** Spec 01 §8: a refused login reads 'Invalid username or password'; other failures show the server's text. */
export function signInError(error: unknown): string {
  if (error instanceof ApiError) return error.status === 401 ? MSG.invalidLogin : error.message;
  return error instanceof Error ? error.message : String(error);
}

/** A failed call's text as the server wrote it (the code steps' answers say what to do). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A registration refused because the name is taken (the server answers 409 or `username_exists`). */
export function isUsernameTaken(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** A code the server rejected, as opposed to a failure to reach it (which gets the generic message). */
export function isRejectedCode(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export type RegistrationFields = AccountRequest & { confirm: string };

/** Spec 01 §5: every field filled, a proper email, a valid password and a matching confirmation. */
export function registrationValid(f: RegistrationFields): boolean {
  const filled = [f.name, f.email, f.pi_name, f.organization, f.username].every((value) => value.trim() !== '');
  return filled && isEmail(f.email.trim()) && isValidPassword(f.password) && f.password === f.confirm;
}

/** Spec 01 §5: Reset Confirm needs a code and a valid, matching password. */
export function resetValid(code: string, password: string, confirm: string): boolean {
  return code.trim() !== '' && isValidPassword(password) && password === confirm;
}
