import { describe, expect, it } from 'vitest';
import { welchForSelection, wilcoxonForSelection } from '../stats/selection-de.js';
import { buildSelectionIndex, RowsNotLoadedError, selectionIndexRows } from '../stats/selection-index.js';
import { randomDense } from '../stats/test-matrices.js';
import { welchVsRest } from '../stats/welch.js';
import { wilcoxonVsRest } from '../stats/wilcoxon.js';
import {
  decodeSelectionIndex,
  encodeSelectionIndex,
  partialSelectionIndex,
  markSelectionRowsRead,
  planSelectionReads,
  readSelectionHeader,
  SELECTION_HEADER_BYTES,
  selectionEntryParts,
} from './selection-file.js';

describe('summations/{kind}.sel', () => {
  const matrix = randomDense(50, 9, 4);
  const index = buildSelectionIndex(matrix);
  const bytes = encodeSelectionIndex(index);

  /** The index as decoded, its 16-bit feature indices (a run of at most 65,536 features) widened to compare. */
  const widened = (decoded: ReturnType<typeof decodeSelectionIndex>) => {
    expect(decoded.features).toBeInstanceOf(Uint16Array);
    return { ...decoded, features: Int32Array.from(decoded.features) };
  };

  it('round-trips every array of the index, also from an unaligned buffer', () => {
    expect(widened(decodeSelectionIndex(bytes))).toEqual(index);
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    expect(widened(decodeSelectionIndex(shifted.subarray(3)))).toEqual(index);
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

  it('reads a version-1 file (float64 row offsets, int32 features), as runs imported before version 2 hold', () => {
    // Version 1's layout: a 32-byte header, the six per-feature sums, then the arrays, each padded to 8 bytes.
    const { nObs, nFeatures } = index;
    const nnz = index.values.length;
    const pad = (n: number) => Math.ceil(n / 8) * 8;
    const rowPtrAt = 32 + 6 * 8 * nFeatures;
    const featuresAt = rowPtrAt + 8 * (nObs + 1);
    const valuesAt = featuresAt + pad(4 * nnz);
    const ranksAt = valuesAt + pad(4 * nnz);
    const v1 = new Uint8Array(ranksAt + pad(4 * nnz));
    const view = new DataView(v1.buffer);
    v1.set([...'ASEL'].map((c) => c.charCodeAt(0)));
    view.setUint32(4, 1, true);
    view.setUint32(8, nObs, true);
    view.setUint32(12, nFeatures, true);
    view.setBigUint64(16, BigInt(nnz), true);
    const sums = [index.shift, index.shiftedSum, index.shiftedSquares, index.stored, index.zeroRank, index.tieTerms];
    sums.forEach((values, i) => new Float64Array(v1.buffer, 32 + 8 * nFeatures * i, nFeatures).set(values));
    new Float64Array(v1.buffer, rowPtrAt, nObs + 1).set(index.rowPtr);
    new Int32Array(v1.buffer, featuresAt, nnz).set(index.features);
    new Float32Array(v1.buffer, valuesAt, nnz).set(index.values);
    new Uint32Array(v1.buffer, ranksAt, nnz).set(index.doubledRanks);
    expect(decodeSelectionIndex(v1)).toEqual(index);
    const at = readSelectionHeader(v1.subarray(0, SELECTION_HEADER_BYTES));
    const read = partialSelectionIndex(v1.slice(0, at.features), at);
    for (const { start, end, target } of selectionEntryParts(read, at, 3, 5)) target.set(v1.subarray(start, end));
    markSelectionRowsRead(read, 3, 5);
    expect(selectionIndexRows(read, [3, 4])).toEqual(selectionIndexRows(index, [3, 4]));
  });

  it('refuses foreign, truncated and corrupt files', () => {
    expect(() => decodeSelectionIndex(new Uint8Array(64))).toThrow(/not a selection index/);
    expect(() => decodeSelectionIndex(bytes.subarray(0, bytes.length - 8))).toThrow(/expected/);
    // Header, six per-feature sums, 50 row lengths of 16 bits (padded to 8 bytes), then the 16-bit features.
    const featuresAt = 64 + 6 * 8 * 9 + 104;
    // One past the last feature, the largest 16-bit index, and the largest valid one (which must pass).
    for (const [index, valid] of [
      [9, false],
      [0xffff, false],
      [8, true],
    ] as const) {
      const corrupt = bytes.slice();
      new DataView(corrupt.buffer).setUint16(featuresAt, index, true);
      if (valid) expect(decodeSelectionIndex(corrupt).features[0]).toBe(8);
      else expect(() => decodeSelectionIndex(corrupt)).toThrow(/feature index/);
    }
  });

  describe('read in parts', () => {
    const at = readSelectionHeader(bytes.subarray(0, SELECTION_HEADER_BYTES));
    /** Reads rows [from, to) of the file into a partial index, in place, as a worker reads them from storage. */
    const readInto = (read: ReturnType<typeof partialSelectionIndex>, from: number, to: number, withRanks = true) => {
      for (const { start, end, target } of selectionEntryParts(read, at, from, to, withRanks))
        target.set(bytes.subarray(start, end));
      return markSelectionRowsRead(read, from, to, withRanks);
    };
    /** A partial index with the rows of each range read. */
    const partial = (...ranges: [number, number][]) => {
      const read = partialSelectionIndex(bytes.slice(0, at.features), at);
      for (const [from, to] of ranges) readInto(read, from, to);
      return read;
    };

    /** Ranks as a worker does: any rows the ranking names are read, then it ranks again. */
    const rankReading = <T>(read: ReturnType<typeof partial>, rank: () => T): T => {
      for (;;) {
        try {
          return rank();
        } catch (error) {
          if (!(error instanceof RowsNotLoadedError)) throw error;
          for (const row of error.rows) readInto(read, row, row + 1);
        }
      }
    };

    it('ranks a selection from the rows it read exactly as the whole index does', () => {
      const group = [3, 4, 10, 11];
      const read = partial([3, 5], [10, 12]);
      expect(Array.from(read.loaded!).flatMap((v, row) => (v ? [row] : []))).toEqual(group);
      expect(selectionIndexRows(read, group)).toEqual(selectionIndexRows(index, group));
      // This small matrix of small integers has nearly constant features: their rest is recomputed from its rows,
      // which are read when the ranking names them.
      expect(rankReading(read, () => welchForSelection(read, group))).toEqual(welchForSelection(index, group));
      expect(rankReading(read, () => wilcoxonForSelection(read, group))).toEqual(wilcoxonForSelection(index, group));
    });

    it('names the rows it still needs instead of ranking from rows it has not read', () => {
      const read = partial([3, 5]);
      const missing = (rank: () => unknown) => {
        try {
          rank();
        } catch (error) {
          if (error instanceof RowsNotLoadedError) return Array.from(error.rows);
          throw error;
        }
        return [];
      };
      expect(missing(() => welchForSelection(read, [3, 4, 10]))).toEqual([10]);
      expect(missing(() => selectionIndexRows(read, [4, 20]))).toEqual([20]);
      // Over half the rows selected: the rest is what is walked.
      const most = Array.from({ length: 45 }, (_, i) => i + 5);
      expect(missing(() => welchForSelection(read, most))).toEqual([0, 1, 2]);
    });

    it('reads a t-test’s rows without their ranks, and the ranks when a rank-sum test needs them', () => {
      const group = [3, 4, 10, 11];
      const read = partialSelectionIndex(bytes.slice(0, at.features), at);
      expect(selectionEntryParts(read, at, 3, 5, false).map((part) => part.start)).toEqual([
        at.features + 2 * read.rowPtr[3]!,
        at.values + 4 * read.rowPtr[3]!,
      ]);
      for (const range of planSelectionReads(read, group, { withRanks: false })) readInto(read, ...range, false);
      expect(read.doubledRanks.every((rank) => rank === 0)).toBe(true);
      expect(rankReading(read, () => welchForSelection(read, group))).toEqual(welchForSelection(index, group));
      // Rows read without ranks are read again for them, and a joined range keeps the ranks it had.
      expect(planSelectionReads(read, [3, 4], { withRanks: false })).toEqual([]);
      expect(planSelectionReads(read, [3, 4], { joinGapEntries: 0 })).toEqual([[3, 5]]);
      readInto(read, 3, 5);
      readInto(read, 2, 6, false);
      expect(Array.from(read.loaded!.subarray(2, 6), (bits) => bits & 1)).toEqual([1, 1, 1, 1]);
      expect(Array.from(read.loaded!.subarray(3, 5))).toEqual([3, 3]);
      expect(rankReading(read, () => wilcoxonForSelection(read, group))).toEqual(wilcoxonForSelection(index, group));
    });

    it('answers the bytes each read added, so that a cache need not count every row again', () => {
      const read = partialSelectionIndex(bytes.slice(0, at.features), at);
      const entries = (from: number, to: number) => read.rowPtr[to]! - read.rowPtr[from]!;
      const entryBytes = read.features.BYTES_PER_ELEMENT + 4;
      expect(readInto(read, 3, 5, false)).toBe(entryBytes * entries(3, 5));
      // Their ranks, then the entries of the rows either side only; nothing when all is held.
      expect(readInto(read, 3, 5)).toBe(4 * entries(3, 5));
      expect(readInto(read, 2, 6, false)).toBe(entryBytes * (entries(2, 3) + entries(5, 6)));
      expect(readInto(read, 2, 6, false)).toBe(0);
    });

    it('refuses rows with a feature outside the run, and leaves them unread', () => {
      const read = partialSelectionIndex(bytes.slice(0, at.features), at);
      const [features] = selectionEntryParts(read, at, 0, 2);
      expect(features!.end - features!.start).toBe(2 * read.rowPtr[2]!);
      for (const { start, end, target } of selectionEntryParts(read, at, 0, 2)) target.set(bytes.subarray(start, end));
      read.features[read.rowPtr[1]!] = 9;
      expect(() => markSelectionRowsRead(read, 0, 2)).toThrow(/feature index/);
      expect(Array.from(read.loaded!.subarray(0, 2))).toEqual([0, 0]);
    });

    it('plans few ranged reads: near rows together, far rows apart, everything when that is cheaper', () => {
      const read = partial([10, 12]);
      const gap = (from: number, to: number) => read.rowPtr[to]! - read.rowPtr[from]!;
      // Rows already read are not read again.
      expect(planSelectionReads(read, [10, 11])).toEqual([]);
      expect(planSelectionReads(read, [2, 3, 11, 12], { joinGapEntries: 0 })).toEqual([
        [2, 4],
        [12, 13],
      ]);
      // Within the gap: one read, with the rows between.
      expect(planSelectionReads(read, [2, 5], { joinGapEntries: gap(3, 5) })).toEqual([[2, 6]]);
      expect(planSelectionReads(read, [2, 5], { joinGapEntries: gap(3, 5) - 1 })).toEqual([
        [2, 3],
        [5, 6],
      ]);
      // Too many requests: one range over them all, or every row when that range holds over half the entries.
      expect(planSelectionReads(read, [2, 5, 8], { joinGapEntries: 0, maxRanges: 2 })).toEqual([[2, 9]]);
      expect(planSelectionReads(read, [2, 5, 40], { joinGapEntries: 0, maxRanges: 2 })).toEqual([[0, 50]]);
      expect(
        planSelectionReads(
          read,
          Array.from({ length: 30 }, (_, i) => i + 20),
          { joinGapEntries: 0 },
        ),
      ).toEqual([[0, 50]]);
      // An index read whole needs no reads.
      expect(planSelectionReads(index, [1, 2])).toEqual([]);
    });
  });
});
