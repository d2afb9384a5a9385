import { TOTP_PERIOD_SECONDS } from '@atlas/contracts';
import { describe, expect, it } from 'vitest';
import {
  codeAt,
  enrolmentOf,
  hashRecoveryCode,
  matchedStep,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  sealSecret,
  stepAt,
} from './totp.js';

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
// The middle of a step, so that ±1 step lands in the neighbouring ones without touching their edges.
const NOW = 1_760_000_000_000 - (1_760_000_000_000 % STEP_MS) + STEP_MS / 2;

describe('TOTP codes', () => {
  it("match RFC 6238's SHA-1 test vectors (Appendix B)", () => {
    // The RFC's secret is the ASCII of "12345678901234567890"; its vectors have 8 digits, ours 6 (the last six).
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(codeAt(secret, 59_000)).toBe('287082');
    expect(codeAt(secret, 1_111_111_109_000)).toBe('081804');
    expect(codeAt(secret, 2_000_000_000_000)).toBe('279037');
  });

  it('take the step before and after the current one, and no further', () => {
    const secret = newTotpSecret();
    const now = stepAt(NOW);
    expect(matchedStep(secret, codeAt(secret, NOW), NOW)).toBe(now);
    expect(matchedStep(secret, codeAt(secret, NOW - STEP_MS), NOW)).toBe(now - 1);
    expect(matchedStep(secret, codeAt(secret, NOW + STEP_MS), NOW)).toBe(now + 1);
    expect(matchedStep(secret, codeAt(secret, NOW - 2 * STEP_MS), NOW)).toBeNull();
    expect(matchedStep(secret, codeAt(secret, NOW + 2 * STEP_MS), NOW)).toBeNull();
    expect(matchedStep(newTotpSecret(), codeAt(secret, NOW), NOW)).toBeNull();
  });

  it('secrets are 20 random bytes in base32, and the URI names the portal and the account', async () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const enrolment = await enrolmentOf(secret, 'kim');
    expect(enrolment.uri).toBe(
      `otpauth://totp/Atlas%20Portal:kim?issuer=Atlas%20Portal&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(enrolment.qr_svg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
  });
});

describe('secrets at rest and recovery codes', () => {
  it('a sealed secret opens only with the same server secret, and never shows in the box', () => {
    const secret = newTotpSecret();
    const box = sealSecret('server-secret', secret);
    expect(box).not.toContain(secret);
    expect(sealSecret('server-secret', secret)).not.toBe(box);
    expect(openSecret('server-secret', box)).toBe(secret);
    expect(() => openSecret('another-secret', box)).toThrow();
  });

  it('ten distinct codes of 10 unambiguous characters, hashed without regard to case, spaces or dashes', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    const hash = hashRecoveryCode('s', codes[0]!);
    expect(hashRecoveryCode('s', ` ${codes[0]!.toUpperCase().replace('-', ' ')} `)).toBe(hash);
    expect(hashRecoveryCode('other', codes[0]!)).not.toBe(hash);
  });
});
