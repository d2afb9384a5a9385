import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW_STEPS,
} from '@atlas/contracts';

/**
 * TOTP (RFC 6238 over RFC 4226) through `otpauth` (MIT, maintained, no native code): the code arithmetic and the
 * otpauth:// URI every authenticator app reads are its; which step a code matched, replay, secrecy at rest and
 * recovery codes are ours. QR codes are drawn by `qrcode` (MIT), as an SVG document the page shows as an image.
 */
const SECRET_BYTES = 20;

export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

const totpOf = (secret: string, label = 'account') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** The otpauth:// URI (Key URI Format) naming the portal and the account, and the same as a QR code. */
export async function enrolmentOf(secret: string, username: string) {
  const uri = totpOf(secret, username).toString();
  const qr_svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qr_svg };
}

/** The 30-second step a time falls in. */
export const stepAt = (ms: number) => Math.floor(ms / 1000 / TOTP_PERIOD_SECONDS);

/**
 * The step a code is right for, within one step either side of `nowMs`; null when it is right for none. The caller
 * refuses a step not newer than the last one accepted (a replay).
 */
export function matchedStep(secret: string, code: string, nowMs: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: TOTP_WINDOW_STEPS });
  return delta === null ? null : stepAt(nowMs) + delta;
}

/** The code of a secret at a time (tests and the enrolment check use the library's own generator). */
export const codeAt = (secret: string, ms: number) => totpOf(secret).generate({ timestamp: ms });

/**
 * Secrets are kept encrypted (AES-256-GCM, key derived from the server secret by HKDF): a leaked database backup
 * does not give away anyone's codes. The box is `v1.` + base64url(iv | tag | ciphertext).
 */
function boxKey(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'atlas', 'totp secret box', 32));
}

export function sealSecret(serverSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', boxKey(serverSecret), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function openSecret(serverSecret: string, box: string): string {
  const raw = Buffer.from(box.slice('v1.'.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', boxKey(serverSecret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** No 0/o, 1/l/i: a code read off paper is typed without doubt. 31 symbols, 10 of them: about 49 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7m2p-x9qrt`; each signs in once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** Keyed hash of a recovery code, with case, spaces and dashes ignored. */
export function hashRecoveryCode(serverSecret: string, code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]/g, '');
  return createHmac('sha256', serverSecret).update(`recovery:${normal}`).digest('hex');
}
