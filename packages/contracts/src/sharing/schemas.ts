import { z } from 'zod';
import { ZRunId } from '../catalogue/schemas.js';

/**
 * Sharing runs outside their group (issue 35): reviewer links (an access code in the link, a PIN given apart) and
 * the expiry of a run's public link. Reviewers see only their link's runs, read-only.
 */

/** A reviewer link lives this many days when none is asked for (Broad's Single Cell Portal: two months). */
export const REVIEWER_LINK_DEFAULT_DAYS = 60;
/** The longest a reviewer link, or a public link's expiry, may be set ahead. */
export const REVIEWER_LINK_MAX_DAYS = 365;
/** Runs one reviewer link may open (a paper's set of runs, not the catalogue). */
export const REVIEWER_LINK_MAX_RUNS = 100;
/** Characters of the access code (base32, 100 bits) and digits of the PIN. */
export const REVIEWER_CODE_CHARS = 20;
export const REVIEWER_PIN_DIGITS = 8;
/** Wrong code/PIN pairs allowed per address in one window before 429 (the sign-in throttle's pattern). */
export const REVIEWER_SIGN_IN_LIMIT = { max: 10, windowMs: 15 * 60_000 };
/** A reviewer session lasts this long at most (and never past its link's expiry). */
export const REVIEWER_SESSION_SECONDS = 8 * 60 * 60;
/** The web page a reviewer enters the code and PIN on; the link carries `?code=`. */
export const REVIEWER_PAGE_PATH = '/review';

export const ZReviewerCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z2-7]{20}$/, 'An access code is 20 letters and digits.');
export const ZReviewerPin = z
  .string()
  .trim()
  .regex(/^[0-9]{8}$/, 'A PIN is 8 digits.');
export const ZLinkDays = z
  .number()
  .int()
  .min(1, 'A link lives at least one day.')
  .max(REVIEWER_LINK_MAX_DAYS, `A link lives at most ${REVIEWER_LINK_MAX_DAYS} days.`);

export const ZReviewerLinkState = z.enum(['live', 'expired', 'revoked']);
export type ReviewerLinkState = z.infer<typeof ZReviewerLinkState>;

export const ZReviewerLink = z.object({
  id: z.uuid(),
  label: z.string(),
  run_ids: z.array(ZRunId),
  allow_downloads: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  rotated_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  state: ZReviewerLinkState,
});
export type TReviewerLink = z.infer<typeof ZReviewerLink>;

/** A link as made or rotated: the code and PIN, shown only this once. */
export const ZReviewerSecrets = ZReviewerLink.extend({ code: z.string(), pin: z.string(), path: z.string() });
export type TReviewerSecrets = z.infer<typeof ZReviewerSecrets>;

export const ZNewReviewerLink = z.object({
  run_ids: z.array(ZRunId).min(1, 'Choose at least one run.').max(REVIEWER_LINK_MAX_RUNS),
  label: z.string().trim().max(200).default(''),
  days: ZLinkDays.default(REVIEWER_LINK_DEFAULT_DAYS),
  allow_downloads: z.boolean().default(false),
});

/** What a reviewer session holds: its runs and what it may do. */
export const ZReviewerSession = z.object({
  access_token: z.string(),
  run_ids: z.array(ZRunId),
  label: z.string(),
  allow_downloads: z.boolean(),
  expires_at: z.string(),
});
export type TReviewerSession = z.infer<typeof ZReviewerSession>;

/** A run's public link: live while the run is public and before `expires_at` (null: until revoked). */
export const ZPublicLinkState = z.object({
  run_id: ZRunId,
  public: z.boolean(),
  expires_at: z.string().nullable(),
});
export type TPublicLinkState = z.infer<typeof ZPublicLinkState>;

/** Which runs have live links (the catalogue's chip for admins and lab staff). */
export const ZLiveLinks = z.array(
  z.object({
    run_id: ZRunId,
    public_until: z.string().nullable(),
    public: z.boolean(),
    reviewer_links: z.number().int(),
  }),
);
export type TLiveLinks = z.infer<typeof ZLiveLinks>;
