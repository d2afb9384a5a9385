import { describe, expect, it } from 'vitest';
import { cacheLookups } from './identity.js';

describe('account lookup cache', () => {
  it('answers repeated lookups from memory for a second, then asks again', async () => {
    let calls = 0;
    let clock = 0;
    const { lookup } = cacheLookups(
      async () => {
        calls++;
        return {
          groups: ['user'],
          sessionKey: 'k',
          profile: { name: 'Alice', email: 'a@lab.org', organization: '', pi_name: '' },
        };
      },
      () => clock,
    );
    await lookup('alice');
    await lookup('alice');
    expect(calls).toBe(1);
    clock = 999;
    await lookup('alice');
    expect(calls).toBe(1);
    clock = 1000;
    await lookup('alice');
    expect(calls).toBe(2);
  });

  it('forgets everything on clear and never caches a failed lookup', async () => {
    let calls = 0;
    let fail = true;
    const cache = cacheLookups(async () => {
      calls++;
      if (fail) throw new Error('db down');
      return null;
    });
    await expect(cache.lookup('bob')).rejects.toThrow('db down');
    fail = false;
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.lookup('bob')).toBeNull();
    cache.clear();
    await cache.lookup('bob');
    expect(calls).toBe(3);
  });
});
