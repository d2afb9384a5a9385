import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { createMemoryLimitStore } from './memory.js';
import type { LimitStore } from './port.js';

export type { Allowance, Limiter, LimitStore } from './port.js';
export { createMemoryLimitStore } from './memory.js';

/** Redis when REDIS_URL is set (shared by every API process), otherwise this process's memory. */
export async function createLimitStore(config: Config, log: Logger): Promise<LimitStore> {
  if (!config.redisUrl) return createMemoryLimitStore();
  const { createRedisLimitStore } = await import('./redis.js');
  return createRedisLimitStore({ redisUrl: config.redisUrl, prefix: config.queuePrefix, log });
}
