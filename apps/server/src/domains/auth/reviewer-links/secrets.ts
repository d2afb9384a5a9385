import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { REVIEWER_CODE_CHARS, REVIEWER_PIN_DIGITS } from '@atlas/contracts';

/**
 * A reviewer link's two secrets. The access code is 100 random bits in RFC 4648 base32 (no 0/1/8/9 to misread) and
 * travels in the link; the PIN is 8 digits, given apart. Both are stored only as HMACs under a key of their own
 * derived from the server secret (as the emailed codes of ../codes.ts): a PIN has only 10^8 values, so a plain hash in
 * a leaked backup would give it away. The code's HMAC is the lookup key; the PIN's is bound to its link and compared
 * in constant time. Written here rather than with a library: it is two HMACs and a random draw.
 */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function generateCode(): string {
  const bytes = randomBytes(REVIEWER_CODE_CHARS);
  return Array.from(bytes, (byte) => BASE32[byte & 31]).join('');
}

export function generatePin(): string {
  return String(randomInt(0, 10 ** REVIEWER_PIN_DIGITS)).padStart(REVIEWER_PIN_DIGITS, '0');
}

export function createSecretHasher(serverSecret: string) {
  const key = createHmac('sha256', serverSecret).update('reviewer-link').digest();
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('hex');
  return {
    code: (code: string) => mac(`code:${code.trim().toUpperCase()}`),
    /** Bound to the code's hash, so a PIN hash says nothing about another link's PIN. */
    pin: (codeHash: string, pin: string) => mac(`pin:${codeHash}:${pin.trim()}`),
  };
}

export function hashesMatch(stored: string, presented: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(presented, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
