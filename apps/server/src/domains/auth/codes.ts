import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { AUTH_CODE_MAX_ATTEMPTS } from '@atlas/contracts';

/** The emailed one-time codes: 6 digits, stored only as a keyed hash, expiring, with a limit on tries. */
export type CodePurpose = 'confirm_email' | 'reset_password';

export interface StoredCode {
  id: number;
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

/** Whether a stored code may still be tried. The limit comes first, so guessing on cannot reveal the code. */
export function codeState(stored: StoredCode | undefined, now: Date): 'usable' | Exclude<CodeCheck, 'ok' | 'wrong'> {
  if (!stored) return 'missing';
  if (stored.attempts >= AUTH_CODE_MAX_ATTEMPTS) return 'attempt_limit';
  if (stored.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'usable';
}

export function codeMatches(storedHash: string, presentedHash: string): boolean {
  const a = Buffer.from(storedHash, 'hex');
  const b = Buffer.from(presentedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
