import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { AUTH_CODE_MAX_ATTEMPTS } from '@atlas/contracts';

/** The emailed one-time codes: 6 digits, stored only as a keyed hash, expiring, with a limit on wrong tries. */
export type CodePurpose = 'confirm_email' | 'reset_password';

export interface StoredCode {
  code_hash: string;
  attempts: number;
  expires_at: Date;
}

export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'attempt_limit' | 'missing';

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * HMAC with the server secret rather than a plain hash: a code has only a million values, so a plain hash
 * in a leaked backup would give it away at once.
 */
export function hashCode(secret: string, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${code.trim()}`).digest('hex');
}

/** Judges a presented code. The attempt limit is checked first, so a correct code cannot be found by more guessing. */
export function checkCode(stored: StoredCode | undefined, presentedHash: string, now: Date): CodeCheck {
  if (!stored) return 'missing';
  if (stored.attempts >= AUTH_CODE_MAX_ATTEMPTS) return 'attempt_limit';
  if (stored.expires_at.getTime() <= now.getTime()) return 'expired';
  const a = Buffer.from(stored.code_hash, 'hex');
  const b = Buffer.from(presentedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b) ? 'ok' : 'wrong';
}
