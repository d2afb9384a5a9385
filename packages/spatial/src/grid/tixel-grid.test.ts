import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  barcodePosition,
  bilinear,
  spotDiameter,
  tixelAt,
  tixelCornerLattice,
  tixelGrid,
  type Roi,
} from './tixel-grid.js';
import { sharedData } from '../testing.js';

const square: Roi = [
  { x: 0, y: 0 },
  { x: 99, y: 0 },
  { x: 99, y: 99 },
  { x: 0, y: 99 },
];

describe('tixel grid', () => {
  it('divides each edge into 2N−1 steps, channels and gaps alike', () => {
    // 50 channels → 99 steps of 1 pixel: tixel (0,0) spans [0,1], tixel (0,1) starts at 2.
    const first = tixelAt(square, 50, 0, 0);
    expect(first.corners[0]).toEqual({ x: 0, y: 0 });
    expect(first.corners[2]).toEqual({ x: 1, y: 1 });
    expect(first.centre).toEqual({ x: 0.5, y: 0.5 });
    expect(tixelAt(square, 50, 0, 1).corners[0]).toEqual({ x: 2, y: 0 });
    const last = tixelAt(square, 50, 49, 49);
    expect(last.corners[2].x).toBeCloseTo(99);
    expect(last.corners[2].y).toBeCloseTo(99);
  });

  it('uses all four corners: a trapezoid ROI moves the bottom row, unlike the three-corner rule', () => {
    const trapezoid: Roi = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 80, y: 100 },
      { x: 20, y: 100 },
    ];
    expect(bilinear(trapezoid, 1, 1)).toEqual({ x: 80, y: 100 });
    expect(bilinear(trapezoid, 0.5, 0.5)).toEqual({ x: 50, y: 50 });
  });

  it('agrees with the parallelogram rule when the ROI is a parallelogram', () => {
    const para: Roi = [
      { x: 10, y: 5 },
      { x: 110, y: 15 },
      { x: 130, y: 115 },
      { x: 30, y: 105 },
    ];
    const [tl, tr, , bl] = para;
    const p = bilinear(para, 0.3, 0.7);
    expect(p.x).toBeCloseTo(tl.x + 0.3 * (tr.x - tl.x) + 0.7 * (bl.x - tl.x));
    expect(p.y).toBeCloseTo(tl.y + 0.3 * (tr.y - tl.y) + 0.7 * (bl.y - tl.y));
  });

  it('measures the spot as the mean of the two diagonals', () => {
    expect(spotDiameter(tixelAt(square, 50, 3, 4))).toBeCloseTo(Math.SQRT2);
  });

  it('lists N² tixels row-major and rejects positions off the grid', () => {
    const grid = tixelGrid(square, 10);
    expect(grid).toHaveLength(100);
    expect(grid[11]).toMatchObject({ row: 1, col: 1 });
    expect(() => tixelAt(square, 10, 10, 0)).toThrow(/outside a 10×10 grid/);
    expect(() => tixelAt(square, 0, 0, 0)).toThrow(/positive integer/);
  });
});

describe('barcode positions', () => {
  it('maps line k to col k div N and row k mod N', () => {
    expect(barcodePosition(0, 50)).toEqual({ row: 0, col: 0 });
    expect(barcodePosition(1, 50)).toEqual({ row: 1, col: 0 });
    expect(barcodePosition(50, 50)).toEqual({ row: 0, col: 1 });
    expect(barcodePosition(2499, 50)).toEqual({ row: 49, col: 49 });
    expect(() => barcodePosition(2500, 50)).toThrow(RangeError);
  });

  const shared = sharedData('barcodes/bc50v1-24.txt');
  it.runIf(fs.existsSync(shared))('fits the real 50×50 barcode list: the first 8 nt select the column', () => {
    const lines = fs.readFileSync(shared, 'utf8').trim().split(/\r?\n/);
    expect(lines).toHaveLength(2500);
    for (let k = 0; k < lines.length; k++) {
      const { row, col } = barcodePosition(k, 50);
      expect(lines[k]!.slice(0, 8)).toBe(lines[col * 50]!.slice(0, 8));
      expect(lines[k]!.slice(8)).toBe(lines[row]!.slice(8));
    }
  });
});

describe('tixel corner lattice', () => {
  it('holds every tixel corner of tixelAt, bit for bit, on a skewed ROI', () => {
    const skewed: Roi = [
      { x: 13.5, y: 7.25 },
      { x: 911.1, y: 40.3 },
      { x: 880.7, y: 950.9 },
      { x: 2.2, y: 899.6 },
    ];
    for (const n of [1, 50, 96]) {
      const { xs, ys } = tixelCornerLattice(skewed, n);
      const side = 2 * n;
      for (let row = 0; row < n; row++)
        for (let col = 0; col < n; col++) {
          const edges = [
            [2 * row, 2 * col],
            [2 * row, 2 * col + 1],
            [2 * row + 1, 2 * col + 1],
            [2 * row + 1, 2 * col],
          ];
          tixelAt(skewed, n, row, col).corners.forEach((corner, k) => {
            const [j, i] = edges[k]!;
            expect([xs[j! * side + i!], ys[j! * side + i!]]).toEqual([corner.x, corner.y]);
          });
        }
    }
    expect(() => tixelCornerLattice(skewed, 0)).toThrow(RangeError);
  });
});
