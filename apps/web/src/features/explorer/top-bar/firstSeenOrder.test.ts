import { describe, expect, it } from 'vitest';
import { inFirstSeenOrder } from './firstSeenOrder';

const id = (s: string) => s;

describe('first-seen order', () => {
  it('keeps the first list as given', () => {
    expect(inFirstSeenOrder(['D3', 'D1', 'D2'], id, new Map())).toEqual(['D3', 'D1', 'D2']);
  });

  it('puts items that arrive later after the ones already shown, whatever the new order', () => {
    const ranks = new Map<string, number>();
    inFirstSeenOrder(['D3', 'D1', 'D2'], id, ranks);
    // A refetch, newest first: D5 and D4 were imported meanwhile.
    expect(inFirstSeenOrder(['D5', 'D4', 'D3', 'D1', 'D2'], id, ranks)).toEqual(['D3', 'D1', 'D2', 'D5', 'D4']);
  });

  it('keeps the places of items that leave and come back', () => {
    const ranks = new Map<string, number>();
    inFirstSeenOrder(['A', 'B', 'C'], id, ranks);
    expect(inFirstSeenOrder(['C', 'A'], id, ranks)).toEqual(['A', 'C']);
    expect(inFirstSeenOrder(['C', 'B', 'A'], id, ranks)).toEqual(['A', 'B', 'C']);
  });

  it('does not reorder the caller’s array', () => {
    const items = ['B', 'A'];
    const ranks = new Map([
      ['A', 0],
      ['B', 1],
    ]);
    expect(inFirstSeenOrder(items, id, ranks)).toEqual(['A', 'B']);
    expect(items).toEqual(['B', 'A']);
  });
});
