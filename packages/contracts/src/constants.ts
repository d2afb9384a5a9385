/** Business constants of the specification (spec 01 §9, spec 03), defined once. */
export const TOKEN_LIFETIME_SECONDS = 60 * 60;
/** Clients refresh the access token this long before it expires. */
export const TOKEN_REFRESH_MARGIN_MS = 600_000;
export const LOGIN_COOKIE_NAME = 'atxLogin';
/** Lifetime of the login cookie: 1/24 day. */
export const LOGIN_COOKIE_DAYS = 1 / 24;
export const SNACKBAR_TIMEOUT_MS = 2000;
export const SNACKBAR_DEFAULT_COLOR = 'secondary';
export const STUDY_SNACKBAR_TIMEOUT_MS = 3000;
export const CONFIRM_MAX_WIDTH = 400;
export const LIST_DIALOG_PAGE_SIZE = 15;
export const STEP_NAME_MAX_CHARS = 15;
export const CATALOGUE_PAGE_SIZE = 8;
export const CATALOGUE_FILTER_PLACEHOLDERS = 3;
export const THUMBNAIL_MAX_PX = 200;
export const COPYRIGHT_YEAR = 2023;
export const TASK_POLL_INTERVAL_MS = 1000;
/** Confirmation and reset codes expire after 24 h and allow a few wrong tries. */
export const AUTH_CODE_TTL_MS = 24 * 60 * 60 * 1000;
export const AUTH_CODE_MAX_ATTEMPTS = 5;
/** Login attempts allowed per username and per IP in one window before 429. */
export const LOGIN_RATE_LIMIT = { max: 10, windowMs: 60_000 };
/** Failed sign-ins allowed from one address over all usernames in one window (guessing across accounts). */
export const LOGIN_ADDRESS_LIMIT = { max: 30, windowMs: 60_000 };
/**
 * Failed sign-ins allowed for one account from browsers it has not signed in with (no device cookie), over every
 * address: strangers guessing from many addresses get this many guesses, the owner's own browser is not held.
 */
export const LOGIN_ACCOUNT_LIMIT = { max: 20, windowMs: 15 * 60_000 };
/** How long a browser stays known to an account after signing in (its device cookie). */
export const DEVICE_COOKIE_DAYS = 365;
/** Emailed codes (password reset, confirmation resend) allowed per username in one window. */
export const CODE_REQUEST_LIMIT = { max: 3, windowMs: 15 * 60_000 };
/** Account requests (each mails a code to the address it names) allowed from one client address in one window. */
export const ACCOUNT_REQUEST_LIMIT = { max: 20, windowMs: 60 * 60_000 };
/** Tasks a public link's viewers may post from one client address in one window. */
export const PUBLIC_TASK_LIMIT = { max: 30, windowMs: 60_000 };
/** A task's args and kwargs together, as JSON: a lasso of a whole Visium HD chip fits, a stored flood does not. */
export const TASK_INPUT_MAX_BYTES = 4 * 1024 * 1024;
/** Deepest nesting of objects and arrays any request may hold (no call of ours takes more than a few levels). */
export const JSON_MAX_DEPTH = 64;

export const ENVIRONMENTS = ['production', 'test', 'development'] as const;
export type EnvironmentName = (typeof ENVIRONMENTS)[number];

/** Run id format: 'D' followed by a number padded to 5 digits. */
export function formatRunId(n: number): string {
  return `D${String(n).padStart(5, '0')}`;
}
