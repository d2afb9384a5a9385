import { describe, expect, it } from 'vitest';
import { RateLimiter } from './sliding-window.js';

function limiter(max = 3, windowMs = 1000) {
  const clock = { now: 0 };
  return { clock, limiter: new RateLimiter({ max, windowMs }, () => clock.now) };
}

describe('RateLimiter', () => {
  it('limits a key after max hits within the window', () => {
    const { limiter: l } = limiter();
    for (let i = 0; i < 3; i++) {
      expect(l.isLimited('a')).toBe(false);
      l.hit('a');
    }
    expect(l.isLimited('a')).toBe(true);
    expect(l.isLimited('b')).toBe(false);
  });

  it('slides: old hits fall out of the window', () => {
    const { clock, limiter: l } = limiter();
    l.hit('a');
    clock.now = 400;
    l.hit('a');
    l.hit('a');
    expect(l.isLimited('a')).toBe(true);
    clock.now = 1000;
    expect(l.isLimited('a')).toBe(false);
    l.hit('a');
    expect(l.isLimited('a')).toBe(true);
    clock.now = 1401;
    expect(l.isLimited('a')).toBe(false);
  });

  it('tryHit counts only allowed events', () => {
    const { clock, limiter: l } = limiter(2);
    expect([l.tryHit('a'), l.tryHit('a'), l.tryHit('a')]).toEqual([true, true, false]);
    clock.now = 1001;
    expect(l.tryHit('a')).toBe(true);
  });

  it('reset forgets a key', () => {
    const { limiter: l } = limiter(1);
    l.hit('a');
    expect(l.isLimited('a')).toBe(true);
    l.reset('a');
    expect(l.isLimited('a')).toBe(false);
  });

  it('stays correct when many distinct keys force a sweep', () => {
    const { clock, limiter: l } = limiter(1);
    l.hit('kept');
    clock.now = 2000;
    for (let i = 0; i < 10_001; i++) l.hit(`k${i}`);
    expect(l.isLimited('k0')).toBe(true);
    expect(l.isLimited('kept')).toBe(false);
  });
});
