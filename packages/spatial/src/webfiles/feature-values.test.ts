import { describe, expect, it } from 'vitest';
import { decodeSparseValues, encodeSparseEntries, encodeSparseValues } from './feature-values.js';

const buffer = (bytes: Uint8Array) => bytes.slice().buffer;

describe('the sparse form of a feature’s values', () => {
  it('keeps every non-zero value at its tixel, NaN included, and is 8 bytes per non-zero tixel', () => {
    const values = new Float32Array(1000);
    values[0] = 1.5;
    values[17] = Number.NaN;
    values[999] = -2.25;
    const sparse = encodeSparseValues(values)!;
    expect(sparse.byteLength).toBe(24);
    expect(Array.from(decodeSparseValues(buffer(sparse), 1000))).toEqual(Array.from(values));
  });

  it('is not used when more than a quarter of the tixels are non-zero', () => {
    const values = new Float32Array(8).fill(0);
    values[0] = values[1] = 1;
    expect(encodeSparseValues(values)).not.toBeNull();
    values[2] = 1;
    expect(encodeSparseValues(values)).toBeNull();
  });

  it('answers entries held in two buffers by copying them into the answer’s layout', () => {
    const entries = { indices: Uint32Array.of(1, 7), values: Float32Array.of(2.5, -1) };
    const answer = encodeSparseEntries(entries, 10)!;
    expect(answer.buffer).not.toBe(entries.indices.buffer);
    expect(Array.from(decodeSparseValues(buffer(answer), 10))).toEqual([0, 2.5, 0, 0, 0, 0, 0, -1, 0, 0]);
  });

  it('refuses a body that is not whole pairs, or names a tixel past the end', () => {
    expect(() => decodeSparseValues(new ArrayBuffer(12), 10)).toThrow(/not 8 per tixel/);
    const sparse = encodeSparseValues(Object.assign(new Float32Array(40), { 39: 1 }))!;
    expect(() => decodeSparseValues(buffer(sparse), 20)).toThrow(/tixel 39 of 20/);
  });
});
