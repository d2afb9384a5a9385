import { describe, expect, it } from 'vitest';
import { contentRange, resolveRangeHeader } from './range.js';

describe('resolveRangeHeader', () => {
  it.each([
    ['bytes=0-3', 10, { kind: 'partial', start: 0, end: 3 }],
    ['bytes=4-6', 10, { kind: 'partial', start: 4, end: 6 }],
    ['bytes=7-', 10, { kind: 'partial', start: 7, end: 9 }],
    ['bytes=8-100', 10, { kind: 'partial', start: 8, end: 9 }],
    ['bytes=9-9', 10, { kind: 'partial', start: 9, end: 9 }],
    ['bytes=-3', 10, { kind: 'partial', start: 7, end: 9 }],
    ['bytes=-50', 10, { kind: 'partial', start: 0, end: 9 }],
    ['BYTES = 1-2 ', 10, { kind: 'partial', start: 1, end: 2 }],
  ] as const)('%s of %i bytes → %j', (header, size, expected) => {
    expect(resolveRangeHeader(header, size)).toEqual(expected);
  });

  it.each([
    ['bytes=10-', 10],
    ['bytes=10-20', 10],
    ['bytes=-0', 10],
    ['bytes=0-', 0],
    ['bytes=-5', 0],
    ['bytes=99999999999999999999-', 10],
  ])('%s of %i bytes is unsatisfiable', (header, size) => {
    expect(resolveRangeHeader(header, size)).toEqual({ kind: 'unsatisfiable' });
  });

  it.each([
    undefined,
    '',
    'bytes=',
    'bytes=-',
    'items=0-3',
    'bytes=a-b',
    'bytes=3-1',
    'bytes=0-1,4-5',
    'bytes=1',
    'bytes 0-3',
  ])('serves the whole object for %j (absent, another unit, malformed or several ranges)', (header) => {
    expect(resolveRangeHeader(header, 10)).toEqual({ kind: 'whole' });
  });
});

describe('contentRange', () => {
  it('formats a served range and the unsatisfiable form', () => {
    expect(contentRange({ start: 0, end: 9 }, 100)).toBe('bytes 0-9/100');
    expect(contentRange(undefined, 100)).toBe('bytes */100');
  });
});
