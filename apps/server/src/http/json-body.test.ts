import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-body.js';

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('nestsDeeperThan', () => {
  it('counts the levels of objects and arrays, the outermost being level 1', () => {
    expect(nestsDeeperThan('1', 0)).toBe(false);
    expect(nestsDeeperThan('{}', 0)).toBe(true);
    expect(nestsDeeperThan('{}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[]}]}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('[[],[],[[]]]', 2)).toBe(true);
    expect(nestsDeeperThan(nested(65), 65)).toBe(false);
    expect(nestsDeeperThan(nested(66), 65)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(`{"a":"${'['.repeat(1000)}"}`, 1)).toBe(false);
    expect(nestsDeeperThan('["\\"[[[[", "x"]', 1)).toBe(false);
    // An escaped backslash ends before the quote: what follows is outside the string.
    expect(nestsDeeperThan('["\\\\", [[]]]', 2)).toBe(true);
    expect(nestsDeeperThan('{"k\\\\\\"[":{}}', 1)).toBe(true);
  });

  it('leaves text that is not JSON to the parser', () => {
    expect(nestsDeeperThan('"unterminated [[[[', 1)).toBe(false);
    expect(nestsDeeperThan(']]]]', 1)).toBe(false);
  });

  // How fast, beside JSON.parse of as many bytes: bench/guards.ts (`npm run bench -- guards`).
  it('finds 4 million levels too deep, and the same text inside a string not', () => {
    const text = nested(4_000_000);
    expect(nestsDeeperThan(text, 65)).toBe(true);
    expect(nestsDeeperThan(`"${text}"`, 65)).toBe(false);
  });
});
