import { describe, expect, it } from 'vitest';
import { compactSelection, ZTixelSelection } from './tixel-selection.js';

const parse = (value: unknown) => ZTixelSelection('Select at least one tixel').safeParse(value);

describe('tixel selections on the wire', () => {
  it('keeps a short selection as its list of indices', () => {
    expect(compactSelection([5, 4_999_999, 17])).toEqual([5, 4_999_999, 17]);
  });

  it('sends a dense selection as a bitset several times shorter, read back as ascending indices', () => {
    // Every 10th cell of 5,000,000: 500,000 indices, a lasso of a tenth of a Xenium-sized run.
    const lasso = Array.from({ length: 500_000 }, (_, i) => 4_999_990 - 10 * i);
    const compact = compactSelection(lasso);
    expect(compact).toHaveProperty('bitset');
    const listBytes = JSON.stringify(lasso).length;
    const bitsetBytes = JSON.stringify(compact).length;
    expect(bitsetBytes).toBeLessThan(listBytes / 4);
    const read = parse(compact);
    expect(read.success).toBe(true);
    const indices = read.data!;
    expect(indices.length).toBe(500_000);
    let ascendingAndSame = true;
    for (let i = 0; i < indices.length; i++) ascendingAndSame &&= indices[i] === 10 * i;
    expect(ascendingAndSame).toBe(true);
  });

  it('reads repeats in a list as they were sent and a bitset without them', () => {
    expect(parse([3, 3, 1]).data).toEqual([3, 3, 1]);
    expect(parse({ bitset: btoa(String.fromCharCode(0b1010)) }).data).toEqual([1, 3]);
  });

  it('refuses an empty selection, a non-index and a bitset that is not base64, with their messages', () => {
    expect(parse([]).error?.issues[0]?.message).toBe('Select at least one tixel');
    expect(parse({ bitset: '' }).error?.issues[0]?.message).toBe('Select at least one tixel');
    expect(parse([1, 2.5]).error?.issues[0]).toMatchObject({
      path: [1],
      message: 'Expected a tixel index (an integer ≥ 0)',
    });
    expect(parse({ bitset: 'not base64!' }).error?.issues[0]?.message).toBe('Expected a base64 bitset');
    expect(parse({ bitset: 'AA==', extra: 1 }).success).toBe(false);
    // Longer than one bit per tixel of the largest run an import accepts: refused before it is decoded.
    expect(parse({ bitset: 'A'.repeat(2_000_000) }).error?.issues[0]?.message).toBe(
      'A selection covers at most 10,000,000 tixels',
    );
  });
});
