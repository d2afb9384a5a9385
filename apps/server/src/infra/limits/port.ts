/** An allowance: at most `max` events per key within `windowMs`. */
export interface Allowance {
  max: number;
  windowMs: number;
}

/**
 * Counts events per key against one allowance. Async because, with several API processes, the counts live in
 * Redis: a client that reaches another process behind the proxy finds the same count there.
 */
export interface Limiter {
  /** True when the key has used up its allowance in the current window. */
  isLimited(key: string): Promise<boolean>;
  /** Counts one event. */
  hit(key: string): Promise<void>;
  /** Counts one event unless the key is already limited; whether the event may go ahead. */
  tryHit(key: string): Promise<boolean>;
  /** Forgets the key's events. */
  reset(key: string): Promise<void>;
}

/** Where every limiter of this process keeps its counts: memory (one process) or Redis (shared by all). */
export interface LimitStore {
  readonly driver: 'memory' | 'redis';
  /** The limiter for one named allowance; the name namespaces its keys in the store. */
  limiter(name: string, allowance: Allowance): Limiter;
  close(): Promise<void>;
}
