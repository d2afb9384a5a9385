import { describe, expect, it } from 'vitest';
import { welchForSelection, wilcoxonForSelection } from '../stats/selection-de.js';
import { buildSelectionIndex } from '../stats/selection-index.js';
import { randomDense } from '../stats/test-matrices.js';
import { welchVsRest } from '../stats/welch.js';
import { wilcoxonVsRest } from '../stats/wilcoxon.js';
import { encodeCsc, cscColumns } from './csc.js';
import { buildSelectionFile, decodeSelectionIndex, encodeSelectionIndex } from './selection-file.js';

describe('summations/{kind}.sel', () => {
  const matrix = randomDense(50, 9, 4);
  const index = buildSelectionIndex(matrix);
  const bytes = encodeSelectionIndex(index);

  it('round-trips every array of the index, also from an unaligned buffer', () => {
    expect(decodeSelectionIndex(bytes)).toEqual(index);
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    expect(decodeSelectionIndex(shifted.subarray(3))).toEqual(index);
  });

  it('ranks a selection from the decoded file exactly as the in-memory index and the oracle do', () => {
    const decoded = decodeSelectionIndex(bytes);
    const group = [0, 3, 4, 10, 11, 30, 49];
    expect(welchForSelection(decoded, group)).toEqual(welchForSelection(index, group));
    expect(welchForSelection(decoded, group).scores).toEqual(welchVsRest(matrix, group).scores);
    expect(wilcoxonForSelection(decoded, group).scores).toEqual(
      wilcoxonVsRest(matrix, group, { tieCorrect: false }).scores,
    );
  });

  it('is built in place, from a matrix or from the .csc file, to the bytes encodeSelectionIndex writes', () => {
    expect(buildSelectionFile(matrix)).toEqual(bytes);
    expect(buildSelectionFile(cscColumns(encodeCsc(matrix)))).toEqual(bytes);
  });

  it('refuses foreign, truncated and corrupt files', () => {
    expect(() => decodeSelectionIndex(new Uint8Array(64))).toThrow(/not a selection index/);
    expect(() => decodeSelectionIndex(bytes.subarray(0, bytes.length - 8))).toThrow(/expected/);
    const featuresAt = 32 + 6 * 8 * 9 + 8 * 51;
    // One past the last feature, a negative index, and the largest valid one (which must pass).
    for (const [index, valid] of [
      [9, false],
      [-1, false],
      [8, true],
    ] as const) {
      const corrupt = bytes.slice();
      new DataView(corrupt.buffer).setInt32(featuresAt, index, true);
      if (valid) expect(decodeSelectionIndex(corrupt).features[0]).toBe(8);
      else expect(() => decodeSelectionIndex(corrupt)).toThrow(/feature index/);
    }
  });
});
