import { z } from 'zod';
import { isValidPassword, PASSWORD_MIN_LENGTH } from '../password.js';
import { MSG } from '../messages.js';
import { SIGN_IN_METHODS } from '../external-sign-in/index.js';

export const ZUsername = z
  .string()
  .trim()
  .min(1, 'Username is required')
  .max(64, 'Username is at most 64 characters')
  .regex(/^[A-Za-z0-9_.@-]+$/, 'Username may contain letters, digits and _ . @ - only');

/** A password that satisfies the rules of spec 01 §5. */
export const ZNewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256)
  .refine(isValidPassword, MSG.passwordNotValid);

/** A password being presented (login, old password): only non-empty. */
export const ZPresentedPassword = z.string().min(1, 'Password is required').max(256);

export const ZEmail = z.string().trim().min(1, MSG.emailMissing).email(MSG.emailInvalid);
export const ZGroupName = z
  .string()
  .trim()
  .min(1, 'Group name is required')
  .max(64)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Group name may contain letters, digits and _ . - only');

export const USER_STATUSES = ['UNCONFIRMED', 'CONFIRMED'] as const;
export const ZUserStatus = z.enum(USER_STATUSES);

export const ZProfile = z.object({
  name: z.string(),
  email: z.string(),
  organization: z.string(),
  pi_name: z.string(),
});

/** A managed user as the admin screens see it (spec 01 §3). */
export const ZManagedUser = z.object({
  username: z.string(),
  name: z.string(),
  email: z.string(),
  organization: z.string(),
  piname: z.string(),
  status: ZUserStatus,
  email_verified: z.boolean(),
  disabled: z.boolean(),
  groups: z.array(z.string()),
  group_names: z.string(),
  /** Ours (issue 35): how the account signs in (its own password, an OpenID provider or a directory). */
  sign_in_method: z.enum(SIGN_IN_METHODS),
  /** Ours (issue 35): the account's second factor, and whether the admin's policy requires one of it. */
  second_factor: z.object({ enabled: z.boolean(), recovery_codes_left: z.number().int(), required: z.boolean() }),
});
export type TManagedUser = z.infer<typeof ZManagedUser>;

export const ZGroup = z.object({ group_name: z.string(), description: z.string() });
export type TGroup = z.infer<typeof ZGroup>;

export const ZMsg = z.object({ msg: z.string() });

export const FORGOT_STATES = ['Success', 'user_na', 'email_unconfirmed', 'needs_confirmation', 'Failure'] as const;
