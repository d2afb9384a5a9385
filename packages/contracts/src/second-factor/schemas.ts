import { z } from 'zod';
import { ZPresentedPassword } from '../auth/schemas.js';

/**
 * The second factor (issue 35): TOTP codes (RFC 6238: 6 digits, 30-second steps, SHA-1, as every authenticator app
 * reads them) and single-use recovery codes. Ours: the spec has only passwords.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of the step before and after the current one are taken too: a phone's clock may be that far off. */
export const TOTP_WINDOW_STEPS = 1;
/** The issuer an authenticator app shows beside the account name. */
export const TOTP_ISSUER = 'Atlas Portal';
export const RECOVERY_CODE_COUNT = 10;
/** How long the password step's challenge stays good for the code (or enrolment) step. */
export const SECOND_FACTOR_CHALLENGE_SECONDS = 10 * 60;
/**
 * Code tries per account, counted over every address and browser: whoever tries codes already knows the password,
 * so the count is the account's. 5 per 15 minutes and 30 a day keep a guesser's odds (3 codes of a million are
 * good at a time) under 1 in 10,000 a day; a right code clears the count.
 */
export const SECOND_FACTOR_LIMIT = { max: 5, windowMs: 15 * 60_000 };
export const SECOND_FACTOR_DAILY_LIMIT = { max: 30, windowMs: 24 * 60 * 60_000 };

/** Whom the admin's policy obliges to have a second factor. */
export const SECOND_FACTOR_POLICIES = ['nobody', 'admins', 'everyone'] as const;
export const ZSecondFactorPolicy = z.enum(SECOND_FACTOR_POLICIES);
export type TSecondFactorPolicy = z.infer<typeof ZSecondFactorPolicy>;

export const ZTotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code of your authenticator app');
/** Spaces and dashes are ignored, letters in any case (`abcde-fghjk`). */
export const ZRecoveryCode = z
  .string()
  .trim()
  .min(1, 'Enter one of your recovery codes')
  .max(32, 'A recovery code is 10 letters and digits');
const ZChallenge = z.string().min(1, 'The sign-in step is missing: sign in again').max(2000);

/** What the password step answers when a code (or a first enrolment) must come before the session. */
export const ZSecondFactorStep = z.object({
  /** `code`: enter a code of the enrolled app; `enrol`: the policy requires one and none is set up yet. */
  second_factor: z.enum(['code', 'enrol']),
  challenge: z.string(),
  expires_in: z.number().int(),
});
export type TSecondFactorStep = z.infer<typeof ZSecondFactorStep>;

/** The state shown in User Settings and, per account, in the Admin Panel. */
export const ZSecondFactorState = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
  /** The admin's policy covers this account. */
  required: z.boolean(),
});
export type TSecondFactorState = z.infer<typeof ZSecondFactorState>;

/** A started enrolment: the secret to type in, the otpauth:// URI, and that URI as a QR code (an SVG document). */
export const ZEnrolment = z.object({ secret: z.string(), uri: z.string(), qr_svg: z.string() });
export type TEnrolment = z.infer<typeof ZEnrolment>;

export const ZCodeBody = z.object({ code: ZTotpCode });
export const ZChallengeBody = z.object({ challenge: ZChallenge });
/** The code step: a code of the app, or one recovery code. */
export const ZSecondFactorSignIn = z
  .object({ challenge: ZChallenge, code: ZTotpCode.optional(), recovery_code: ZRecoveryCode.optional() })
  .refine((b) => (b.code === undefined) !== (b.recovery_code === undefined), {
    message: 'Send either a code or a recovery code',
  });
/** Turning the second factor off proves the person at the keyboard: the password or a current code. */
export const ZDisableBody = z
  .object({ password: ZPresentedPassword.optional(), code: ZTotpCode.optional() })
  .refine((b) => b.password !== undefined || b.code !== undefined, {
    message: 'Enter your password or a current code',
  });

export const ZRecoveryCodes = z.object({ msg: z.string(), recovery_codes: z.array(z.string()) });
