import { describe, expect, it } from 'vitest';
import {
  decodeSelectionIndex,
  encodeSelectionIndex,
  markSelectionRowsRead,
  markSelectionTilesRead,
  partialSelectionIndex,
  readSelectionHeader,
  SELECTION_HEADER_BYTES,
  selectionEntryParts,
  selectionTileParts,
} from '../webfiles/selection-file.js';
import type { DeResult } from './result.js';
import { selectionWalkOf, welchForSelection, wilcoxonForSelection } from './selection-de.js';
import { buildSelectionIndex, RowsNotLoadedError, type SelectionIndex } from './selection-index.js';
import { buildSelectionTiling, chooseTileSize, tileRangesToRead, tilesCovering, zOrder } from './selection-tiles.js';
import { randomDense } from './test-matrices.js';

/** A side × side grid of positions, row-major, as a Visium HD run's bins. */
function grid(side: number): Float64Array {
  const xy = new Float64Array(2 * side * side);
  for (let i = 0; i < side * side; i++) [xy[2 * i], xy[2 * i + 1]] = [i % side, Math.floor(i / side)];
  return xy;
}

/** An index of a random matrix on a grid, with one tiling of the grid (and one of a second layout when given). */
function tiledIndex(side: number, nFeatures: number, tileSize: number, ...layouts: Float64Array[]): SelectionIndex {
  const index = buildSelectionIndex(randomDense(side * side, nFeatures, 7));
  const source = { ...index, indptr: index.rowPtr, rankRowPtr: index.rowPtr };
  index.tilings = [grid(side), ...layouts].map((xy) => buildSelectionTiling(source, xy, tileSize));
  return index;
}

/** The observations of a grid inside [x0, x1) × [y0, y1), ascending. */
function rectangle(side: number, x0: number, x1: number, y0: number, y1: number): number[] {
  const rows: number[] = [];
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) rows.push(y * side + x);
  return rows.sort((a, b) => a - b);
}

/** Two rankings agree to rounding: the tiles' sums are added in another order than a walk adds the values. */
function expectSameRanking(actual: DeResult, expected: DeResult): void {
  expect([actual.nGroup, actual.nRest]).toEqual([expected.nGroup, expected.nRest]);
  for (const key of ['scores', 'logFoldChanges', 'pValues', 'meanGroup', 'meanRest', 'fractionGroup'] as const) {
    expected[key].forEach((e, j) => {
      const a = actual[key][j]!;
      if (!Number.isFinite(e)) expect(a, `${key}[${j}]`).toBe(e);
      else expect(Math.abs(a - e), `${key}[${j}]`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(e)));
    });
  }
}

describe('selection tiles', () => {
  it('orders a grid along a Z curve: each run of four is a 2 × 2 block', () => {
    const order = zOrder(grid(8), 64);
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 64 }, (_, i) => i));
    for (let t = 0; t < 16; t++) {
      const block = Array.from(order.subarray(4 * t, 4 * t + 4));
      const xs = block.map((i) => i % 8);
      const ys = block.map((i) => Math.floor(i / 8));
      expect(Math.max(...xs) - Math.min(...xs)).toBe(1);
      expect(Math.max(...ys) - Math.min(...ys)).toBe(1);
    }
  });

  it('puts observations without a position last', () => {
    const xy = Float64Array.of(1, 1, NaN, 0, 0, 0, 2, 2);
    expect(Array.from(zOrder(xy, 4))).toEqual([2, 0, 3, 1]);
  });

  it('sizes tiles so their sums stay within a sixteenth of the entries, or has none', () => {
    // Five million cells × 500 genes, 50 stored values each, 10 bytes per entry: 1,024-cell tiles.
    const size = chooseTileSize(5_000_000, 500, 250_000_000, 10);
    expect(size).toBe(1024);
    expect(32 * 500 * Math.ceil(5_000_000 / size)).toBeLessThanOrEqual((250_000_000 * 10) / 16);
    // A spot array of 30,000 genes: its rows are cheaper than any tile's sums.
    expect(chooseTileSize(2_500, 30_000, 2_500 * 3_000, 12)).toBe(0);
  });

  it('takes whole tiles from the tiling that covers the most of a selection, and walks the rest', () => {
    const index = tiledIndex(16, 6, 16);
    // x 0–9, y 0–7: two whole 4 × 4 tiles wide, two high, plus a cut column of tiles.
    const group = rectangle(16, 0, 10, 0, 8);
    const walk = selectionWalkOf(index, group);
    expect(walk.tiles?.tiles.length).toBe(4);
    expect(walk.rows.length).toBe(group.length - 4 * 16);
    expectSameRanking(welchForSelection(index, group), welchForSelection({ ...index, tilings: [] }, group));
    expectSameRanking(wilcoxonForSelection(index, group), wilcoxonForSelection({ ...index, tilings: [] }, group));
    // A second layout, the grid's columns turned by two: x 14, 15, 0, 1 of its first rows are one of its tiles,
    // and half of two of the first layout's.
    const turned = grid(16).map((v, i) => (i % 2 === 0 ? (v + 2) % 16 : v));
    const two = tiledIndex(16, 6, 16, turned);
    const wrapped = [...rectangle(16, 0, 2, 0, 4), ...rectangle(16, 14, 16, 0, 4)].sort((a, b) => a - b);
    const covering = tilesCovering(two.tilings!, two.nObs, Int32Array.from(wrapped))!;
    expect([covering.tiling, covering.tiles.length, covering.rest.length]).toEqual([1, 1, 0]);
    expect(tilesCovering(two.tilings!, two.nObs, Int32Array.from([0, 1, 2]))).toBeNull();
  });

  it('walks the rest from whole tiles too when a selection holds over half the run', () => {
    const index = tiledIndex(16, 6, 16);
    const group = rectangle(16, 0, 16, 0, 12);
    expect(selectionWalkOf(index, group).tiles?.tiles.length).toBe(4);
    expectSameRanking(welchForSelection(index, group), welchForSelection({ ...index, tilings: [] }, group));
  });

  describe('in the .sel file', () => {
    const index = tiledIndex(
      16,
      6,
      16,
      grid(16).map((v) => -v),
    );
    const bytes = encodeSelectionIndex(index);
    const at = readSelectionHeader(bytes.subarray(0, SELECTION_HEADER_BYTES));
    const group = rectangle(16, 0, 10, 0, 8);

    it('round-trips the tilings', () => {
      expect(at.tilings).toHaveLength(2);
      expect(decodeSelectionIndex(bytes).tilings).toEqual(index.tilings);
    });

    it('ranks from a partial index once the walk’s rows and tiles are read, and names the rows a recomputed side needs', () => {
      const read = partialSelectionIndex(bytes.slice(0, at.features), at);
      expect(read.tilings?.[0]?.tileOf).toEqual(index.tilings![0]!.tileOf);
      const walk = selectionWalkOf(read, group);
      expect(() => welchForSelection(read, group)).toThrow();
      const readRow = (row: number) => {
        for (const part of selectionEntryParts(read, at, row, row + 1, false))
          part.target.set(bytes.subarray(part.start, part.end));
        markSelectionRowsRead(read, row, row + 1, false);
      };
      walk.rows.forEach(readRow);
      const tiling = read.tilings![walk.tiles!.tiling]!;
      expect(() => welchForSelection(read, group)).toThrow(/tile \d+ of the selection index is not read yet/);
      const ranges = tileRangesToRead(tiling, walk.tiles!.tiles);
      for (const [from, to] of ranges) {
        const part = selectionTileParts(read, at, walk.tiles!.tiling, from, to);
        part.target.set(bytes.subarray(part.start, part.end));
        // The bytes the tiles' sums add to the index, once: a tile read again adds nothing.
        const tileBytes = tiling.sums.byteLength / tiling.nTiles;
        expect(markSelectionTilesRead(read, walk.tiles!.tiling, from, to)).toBe((to - from) * tileBytes);
        expect(markSelectionTilesRead(read, walk.tiles!.tiling, from, to)).toBe(0);
      }
      expect(tileRangesToRead(tiling, walk.tiles!.tiles)).toEqual([]);
      // This matrix has a constant feature: its sides are recomputed from their rows, those in whole tiles and the
      // rest's too, which the ranking names when they are not read (a worker reads them and ranks again).
      const rankReading = (): DeResult => {
        for (;;) {
          try {
            return welchForSelection(read, group);
          } catch (error) {
            if (!(error instanceof RowsNotLoadedError)) throw error;
            for (const row of error.rows) readRow(row);
          }
        }
      };
      expectSameRanking(rankReading(), welchForSelection(index, group));
    });
  });
});
