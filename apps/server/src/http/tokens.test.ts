import { describe, expect, it } from 'vitest';
import { createTokenService, InvalidTokenError } from './tokens.js';

const SECRET = 'tokens-test-secret-tokens-test-secret-0123';

describe('token service', () => {
  it('answers a verified token from memory until its expiry, then refuses it', async () => {
    let clock = Date.UTC(2026, 0, 1);
    const tokens = createTokenService(SECRET, () => clock);
    const token = await tokens.issue({ sub: 'alice', role: 'user', groups: ['user'], sk: 'k1' }, 60);
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ sub: 'alice', role: 'user', groups: ['user'], sk: 'k1' });
    expect(await tokens.verify(token)).toBe(first);
    clock += 59_999;
    expect(await tokens.verify(token)).toBe(first);
    clock += 1;
    await expect(tokens.verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
    // Also when asked again (the entry is gone; the signature check refuses it too).
    await expect(tokens.verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('never lets a tampered token through, even after the genuine one was cached', async () => {
    const tokens = createTokenService(SECRET);
    const token = await tokens.issue({ sub: 'alice', role: 'user', groups: ['user'] });
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), groups: ['admin'] }),
    );
    await expect(tokens.verify(`${header}.${forged.toString('base64url')}.${signature}`)).rejects.toBeInstanceOf(
      InvalidTokenError,
    );
    const other = createTokenService('another-secret-another-secret-another-0123');
    await expect(other.verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});
