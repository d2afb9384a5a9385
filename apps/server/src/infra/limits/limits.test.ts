import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLimitStore } from './memory.js';
import type { LimitStore } from './port.js';
import { createRedisLimitStore } from './redis.js';

/** One contract, every driver this run can reach: memory always, Redis when REDIS_URL points at one. */
const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.log('[limits.test] Redis driver NOT tested in this run: set REDIS_URL to include it.');

const log = pino({ level: 'silent' });
const opened: LimitStore[] = [];
afterAll(async () => Promise.all(opened.map((store) => store.close())));

async function redisStore(prefix: string): Promise<LimitStore> {
  const store = await createRedisLimitStore({ redisUrl: REDIS_URL!, prefix, log });
  opened.push(store);
  return store;
}

const drivers: [string, () => Promise<LimitStore>][] = [['memory', async () => createMemoryLimitStore()]];
if (REDIS_URL) drivers.push(['redis', () => redisStore(`atlas-test-${randomBytes(6).toString('hex')}`)]);

describe.each(drivers)('limit store: %s', (_driver, open) => {
  it('limits a key after max events, per key and per allowance name', async () => {
    const store = await open();
    const logins = store.limiter('login', { max: 3, windowMs: 60_000 });
    const mails = store.limiter('mail', { max: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) {
      expect(await logins.isLimited('a')).toBe(false);
      await logins.hit('a');
    }
    expect(await logins.isLimited('a')).toBe(true);
    expect(await logins.isLimited('b')).toBe(false);
    expect(await mails.isLimited('a')).toBe(false);
  });

  it('tryHit lets the allowance through and no more, also when asked at once', async () => {
    const limiter = (await open()).limiter('burst', { max: 5, windowMs: 60_000 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => limiter.tryHit('k')));
    expect(answers.filter(Boolean)).toHaveLength(5);
  });

  it('reset forgets a key; a window ends', async () => {
    const limiter = (await open()).limiter('short', { max: 1, windowMs: 1_000 });
    await limiter.hit('a');
    await limiter.hit('b');
    await limiter.reset('a');
    expect([await limiter.isLimited('a'), await limiter.isLimited('b')]).toEqual([false, true]);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await limiter.isLimited('b')).toBe(false);
  });
});

describe.skipIf(!REDIS_URL)('limit store: redis, seen from two processes', () => {
  it('two stores on one prefix (two API processes) draw on one allowance; another prefix is apart', async () => {
    const prefix = `atlas-test-${randomBytes(6).toString('hex')}`;
    const [first, second, other] = await Promise.all([
      redisStore(prefix),
      redisStore(prefix),
      redisStore(`${prefix}-other`),
    ]);
    const allowance = { max: 4, windowMs: 60_000 };
    const answers: boolean[] = [];
    for (let i = 0; i < 6; i++) answers.push(await (i % 2 ? first : second).limiter('x', allowance).tryHit('k'));
    expect(answers).toEqual([true, true, true, true, false, false]);
    expect(await other.limiter('x', allowance).isLimited('k')).toBe(false);
  });
});
