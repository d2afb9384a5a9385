import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { barcodePosition, type Roi } from '../grid/tixel-grid.js';
import { parsePositions } from '../io/visium.js';
import { hasSharedData, sharedData } from '../testing.js';
import { parseBarcodeFile, InvalidBarcodeFileError } from './barcodes.js';
import { IncompatibleCountsError, parseCountsFile } from './counts.js';
import {
  gridSpotDiameter,
  positionsCsv,
  roiForRule,
  roiFromPoints,
  spatialScalefactors,
  tissuePositions,
} from './spatial-folder.js';

const INVALID = 'Invalid barcode file.';
const synthBarcodes = (n: number) => Array.from({ length: n * n }, (_, k) => `B${k}`);

describe('grid maths on the shipped channel counts', () => {
  // A slightly skewed quad, as a real ROI: the last tixel ends exactly on BR and steps are (2N−1) per edge.
  const roi: Roi = [
    { x: 100, y: 80 },
    { x: 2100, y: 100 },
    { x: 2120, y: 2090 },
    { x: 90, y: 2070 },
  ];
  it.each([50, 96, 100, 220])('%i channels: first and last centres, spacing and spot', (n) => {
    const rows = tissuePositions(roi, synthBarcodes(n), () => true, 'bilinear');
    expect(rows).toHaveLength(n * n);
    const steps = 2 * n - 1;
    // Tixel (0, 0) spans half a step of the first of 2N−1 steps on each edge: centre at u = v = 0.5 / steps.
    const first = rows[0]!;
    expect(first).toMatchObject({ row: 0, col: 0 });
    const u = 0.5 / steps;
    const top = { x: 100 + 2000 * u, y: 80 + 20 * u };
    const bottom = { x: 90 + 2030 * u, y: 2070 + 20 * u };
    expect(first.pxlCol).toBe(Math.round(top.x + (bottom.x - top.x) * u));
    expect(first.pxlRow).toBe(Math.round(top.y + (bottom.y - top.y) * u));
    const last = rows[n * n - 1]!;
    expect(last).toMatchObject({ row: n - 1, col: n - 1 });
    expect(Math.abs(last.pxlCol - (2120 - (2120 - 90) * u))).toBeLessThan(2);
    // Neighbouring columns are two steps apart along the top edge.
    const next = rows[n]!; // line N = col 1, row 0
    expect(next).toMatchObject({ row: 0, col: 1 });
    expect(next.pxlCol - first.pxlCol).toBeCloseTo((2 * 2000) / steps, -0.5);
    expect(gridSpotDiameter(roi, n, 'bilinear')).toBeCloseTo(Math.SQRT2 * (2000 / steps), -0.5);
  });

  it('the parallelogram rule ignores BR (original folders) and equals bilinear on a parallelogram', () => {
    const para = roiForRule(roi, 'parallelogram');
    expect(para[2]).toEqual({ x: 2090, y: 2090 });
    const a = tissuePositions(para, synthBarcodes(50), () => true, 'bilinear');
    const b = tissuePositions(roi, synthBarcodes(50), () => true, 'parallelogram');
    expect(a).toEqual(b);
    const c = tissuePositions(roi, synthBarcodes(50), () => true, 'bilinear');
    expect(c).not.toEqual(b);
  });

  it('reads points as TL, TR, BR, BL and refuses a wrong count', () => {
    expect(roiFromPoints([1, 2, 3, 4, 5, 6, 7, 8])[2]).toEqual({ x: 5, y: 6 });
    expect(() => roiFromPoints([1, 2, 3])).toThrow(RangeError);
  });
});

describe('barcode files', () => {
  it('keeps the first column and refuses a count that is not a square', () => {
    expect(parseBarcodeFile('AAA,1\nCCC\t2\nGGG\nTTT\n', INVALID)).toEqual({
      barcodes: ['AAA', 'CCC', 'GGG', 'TTT'],
      channels: 2,
    });
    expect(() => parseBarcodeFile('A\nC\nG\n', INVALID)).toThrow(InvalidBarcodeFileError);
    expect(() => parseBarcodeFile('', INVALID)).toThrow(INVALID);
  });

  for (const [file, n] of [
    ['bc50v1-24.txt', 50],
    ['bc50v2-24.txt', 50],
    ['bc96.txt', 96],
    ['bc100.txt', 100],
  ] as const) {
    it.runIf(hasSharedData('barcodes', file))(`${file}: ${n}×${n}, line k → (row k mod N, col k div N)`, () => {
      const { barcodes, channels } = parseBarcodeFile(fs.readFileSync(sharedData('barcodes', file), 'utf8'), INVALID);
      expect(channels).toBe(n);
      // The first 8 nt select the column, the last 8 the row (shared/data/README.md).
      for (let k = 0; k < barcodes.length; k++) {
        const { row, col } = barcodePosition(k, n);
        expect(barcodes[k]!.slice(0, 8)).toBe(barcodes[col * n]!.slice(0, 8));
        expect(barcodes[k]!.slice(8)).toBe(barcodes[row]!.slice(8));
      }
    });
  }
});

describe('positions written and re-read', () => {
  it('round-trips through the Visium reader with the mask and integer pixels', () => {
    const roi = roiFromPoints([10, 12, 510, 8, 515, 505, 14, 500]);
    const n = 20;
    const mask = (row: number, col: number) => (row + col) % 3 === 0;
    const rows = tissuePositions(roi, synthBarcodes(n), mask, 'bilinear');
    const { positions, order, hasHeader } = parsePositions(positionsCsv(rows), 'tissue_positions_list.csv');
    expect(order).toBe('visium');
    expect(hasHeader).toBe(false);
    expect(positions.barcodes).toEqual(rows.map((r) => r.barcode));
    for (let i = 0; i < rows.length; i++) {
      expect(positions.inTissue[i]).toBe(mask(rows[i]!.row, rows[i]!.col) ? 1 : 0);
      expect(positions.arrayRow[i]).toBe(rows[i]!.row);
      expect(positions.arrayCol[i]).toBe(rows[i]!.col);
      expect(Number.isInteger(positions.pxlRow[i])).toBe(true);
      expect(positions.pxlCol[i]).toBe(rows[i]!.pxlCol);
    }
  });

  it('scale factors follow DESIGN §7', () => {
    expect(spatialScalefactors(20, 4000)).toEqual({
      spot_diameter_fullres: 20,
      fiducial_diameter_fullres: 20 * 1.6153846,
      tissue_hires_scalef: 0.5,
      tissue_lowres_scalef: 0.15,
    });
  });
});

describe('counts file', () => {
  const line = (row: number, col: number, value: number) => `B,1,${row},${col},0,0,0,${value}`;
  it('places counts by grid position and takes the 5th and 95th percentiles as bounds', () => {
    const text = [0, 1].flatMap((r) => [0, 1].map((c) => line(r, c, r * 2 + c + 1))).join('\n');
    const counts = parseCountsFile(text, 2, 'bad');
    expect(Array.from(counts.values)).toEqual([1, 2, 3, 4]);
    expect(counts.lower).toBeCloseTo(1.15);
    expect(counts.upper).toBeCloseTo(3.85);
  });
  it('refuses a count that is not the tixel count, or rows that are not 8 columns', () => {
    expect(() => parseCountsFile(line(0, 0, 1), 2, 'Error! Incompatible File!')).toThrow(IncompatibleCountsError);
    expect(() => parseCountsFile('a,b,0,0\na,b,0,1\na,b,1,0\na,b,1,1', 2, 'x')).toThrow(IncompatibleCountsError);
  });
});
