import type { Allowance, LimitStore } from './port.js';
import { RateLimiter } from './sliding-window.js';

/** The embedded default: sliding windows in this process's memory (a single process needs nothing shared). */
export function createMemoryLimitStore(now: () => number = Date.now): LimitStore {
  return {
    driver: 'memory',
    limiter(_name: string, allowance: Allowance) {
      const window = new RateLimiter(allowance, now);
      return {
        isLimited: async (key) => window.isLimited(key),
        hit: async (key) => window.hit(key),
        tryHit: async (key) => window.tryHit(key),
        reset: async (key) => window.reset(key),
      };
    },
    close: async () => {},
  };
}
