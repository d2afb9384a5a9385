import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { RateLimiterRedis as RedisWindow } from 'rate-limiter-flexible';
import type { Allowance, Limiter, LimitStore } from './port.js';

/**
 * Scale-out driver: counts in Redis through `rate-limiter-flexible` (fixed windows, one atomic INCR + PEXPIRE
 * script per event), so every API process behind the proxy draws on one allowance per key. While Redis cannot be
 * reached, each process falls back to its own memory counts (the library's insurance limiter) rather than
 * refusing or waving through every sign-in.
 */
export async function createRedisLimitStore(options: {
  redisUrl: string;
  /** Namespaces the keys (config.queuePrefix, the deployment's Redis namespace). */
  prefix: string;
  log: Logger;
}): Promise<LimitStore> {
  // Loaded here, not at the top, so the embedded profile never loads them.
  const [{ RateLimiterMemory, RateLimiterRedis, RateLimiterRes }, { Redis: RedisClient }] = await Promise.all([
    import('rate-limiter-flexible'),
    import('ioredis'),
  ]);
  const client: Redis = new RedisClient(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  client.on('error', (error) => options.log.warn({ err: error }, 'redis connection error (limits)'));
  await new Promise<void>((resolve, reject) => {
    client.once('ready', () => resolve());
    client.once('error', (error) => reject(new Error(`Cannot reach Redis at REDIS_URL: ${error.message}`)));
  });

  const limiter = (name: string, allowance: Allowance): Limiter => {
    const shape = { points: allowance.max, duration: allowance.windowMs / 1000 };
    const window: RedisWindow = new RateLimiterRedis({
      ...shape,
      storeClient: client,
      keyPrefix: `${options.prefix}:limits:${name}`,
      insuranceLimiter: new RateLimiterMemory({ ...shape, keyPrefix: name }),
    });
    const used = async (key: string) => (await window.get(key))?.consumedPoints ?? 0;
    return {
      isLimited: async (key) => (await used(key)) >= allowance.max,
      hit: async (key) => {
        await window.penalty(key, 1);
      },
      tryHit: async (key) => {
        try {
          await window.consume(key, 1);
          return true;
        } catch (refusal) {
          if (refusal instanceof RateLimiterRes) return false;
          throw refusal;
        }
      },
      reset: async (key) => {
        await window.delete(key);
      },
    };
  };

  return {
    driver: 'redis',
    limiter,
    close: async () => {
      client.disconnect();
    },
  };
}
