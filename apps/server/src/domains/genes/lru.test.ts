import { describe, expect, it } from 'vitest';
import { Lru } from './lru.js';

describe('Lru', () => {
  it('drops the least recently used entries past its count or its byte budget', () => {
    const lru = new Lru<string>(3, 100);
    lru.set('a', 'A', 40);
    lru.set('b', 'B', 40);
    expect(lru.get('a')).toBe('A'); // a is now the most recent
    lru.set('c', 'C', 40); // 120 bytes: b goes
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual(['A', undefined, 'C']);
    expect(lru.size).toBe(80);
    lru.set('huge', 'H', 101); // larger than the whole budget: not kept, nothing else dropped
    expect([lru.get('huge'), lru.get('a'), lru.get('c')]).toEqual([undefined, 'A', 'C']);
    lru.set('a', 'A2', 10); // replacing an entry counts its new size only
    expect(lru.size).toBe(50);
    lru.set('d', 'D', 0);
    lru.set('e', 'E', 0); // four entries: the oldest (c) goes
    expect([lru.get('c'), lru.get('a'), lru.get('d'), lru.get('e')]).toEqual([undefined, 'A2', 'D', 'E']);
    expect(lru.size).toBe(10);
  });
});
