import { describe, expect, it } from 'vitest';
import {
  bitsetOfIndices,
  compactSelection,
  rangesOfBitset,
  RANGES_MAX_NUMBERS,
  ZTixelSelection,
} from './tixel-selection.js';

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

  it('sends a lasso of cells stored in runs as its ranges, far shorter than the bitset, read back whole', () => {
    // A disc of a 1,000 × 1,250 grid stored row by row (the generated 5M run's order): one run per row it crosses.
    const cols = 1_000;
    const lasso: number[] = [];
    for (let r = 0; r < 1_250; r++)
      for (let c = 0; c < cols; c++) if ((r - 625) ** 2 + (c - 500) ** 2 < 200 ** 2) lasso.push(r * cols + c);
    const compact = compactSelection(lasso);
    expect(compact).toHaveProperty('ranges');
    expect((compact as { ranges: number[] }).ranges.length).toBe(2 * 399);
    const bitsetChars = Math.ceil(Math.ceil((lasso.at(-1)! + 1) / 8) / 3) * 4;
    expect(JSON.stringify(compact).length).toBeLessThan(bitsetChars / 20);
    expect(parse(compact).data).toEqual(lasso);
  });

  it('finds runs across bytes, at both ends, and stops once they are too many', () => {
    const indices = [0, 1, 2, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 40];
    expect(rangesOfBitset(bitsetOfIndices(indices))).toEqual([0, 3, 7, 10, 40, 1]);
    expect(rangesOfBitset(bitsetOfIndices(indices), 4)).toBeNull();
    // Unsorted, with a repeat: the same runs.
    expect(compactSelection([1016, 1015, 1014, 1013, 1012, 1011, 1010, 1009, 1008, 1007, 1007])).toEqual({
      ranges: [1007, 10],
    });
    // Every other cell: no runs worth sending, the bitset or the list wins.
    expect(compactSelection(Array.from({ length: 1000 }, (_, i) => 2 * i))).toHaveProperty('bitset');
  });

  it('refuses malformed ranges with the reason, before decoding them', () => {
    const message = (ranges: unknown) => parse({ ranges }).error?.issues[0]?.message;
    expect(message([5])).toBe('Expected [start, length] pairs');
    expect(message([-1, 2])).toBe('Expected a start that is a tixel index (an integer ≥ 0)');
    expect(message([1.5, 2])).toBe('Expected a start that is a tixel index (an integer ≥ 0)');
    expect(message([1, 0])).toBe('Expected a length that is an integer ≥ 1');
    expect(message([10, 5, 12, 1])).toBe('Expected ranges in ascending order, apart');
    expect(message([9_999_999, 2])).toBe('A selection covers at most 10,000,000 tixels');
    expect(message(new Array(RANGES_MAX_NUMBERS + 2).fill(1))).toBe('A selection holds at most 50000 ranges');
    expect(message([])).toBe('Select at least one tixel');
    expect(parse({ ranges: [1, 2], bitset: 'AA==' }).success).toBe(false);
    expect(parse({ ranges: [3, 2, 5, 1] }).data).toEqual([3, 4, 5]);
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
