/**
 * Counts events per key in a sliding window, in memory (per process: good enough to slow down guessing;
 * a cluster of API processes multiplies the allowance by its size). The clock is injectable for tests.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: { max: number; windowMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** True when the key has used up its allowance in the current window. */
  isLimited(key: string): boolean {
    return this.recent(key).length >= this.limit.max;
  }

  hit(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.sweep();
  }

  /** Takes a hit unless the key is already limited; returns whether the event may go ahead. */
  tryHit(key: string): boolean {
    if (this.isLimited(key)) return false;
    this.hit(key);
    return true;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.limit.windowMs;
    return (this.hits.get(key) ?? []).filter((t) => t > since);
  }

  /** Forgets keys with no hit in the window, so a flood of distinct keys cannot grow memory for ever. */
  private sweep(): void {
    for (const key of [...this.hits.keys()]) if (this.recent(key).length === 0) this.hits.delete(key);
  }
}
