import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { positionsCsv, tissuePositions, type PositionRow } from '../atlasbrowser/spatial-folder.js';
import type { Roi } from '../grid/tixel-grid.js';
import { SHARED_DATA } from '../testing.js';
import { inferOrder, parsePositions } from './positions-csv.js';

const N = 10;
const barcodes = Array.from({ length: N * N }, (_, k) => `BC${k}`);
/** A chip drawn a little askew on a turned image, as a lab's ROI is: TL, TR, BR, BL. */
const askew: Roi = [
  { x: 112, y: 80 },
  { x: 905, y: 101 },
  { x: 889, y: 893 },
  { x: 95, y: 874 },
];
/** The same chip after a left-right mirror: the ROI's TL lies right of its TR. */
const mirrored = askew.map((p) => ({ x: 1000 - p.x, y: p.y })) as unknown as Roi;
const onTissue = (row: number, col: number) => (row * 7 + col * 3) % 5 < 2;
const rowsOf = (roi: Roi) => tissuePositions(roi, barcodes, onTissue, 'bilinear');

/** AtlasXbrowser before 2022-10: barcode, in_tissue, col, row, y, x with float pixels, no header. */
const legacyCsv = (rows: readonly PositionRow[]) =>
  rows.map((r) => `${r.barcode},${r.inTissue},${r.col},${r.row},${r.pxlRow + 0.25},${r.pxlCol + 0.5}`).join('\n');

const gridOf = (positions: ReturnType<typeof parsePositions>['positions']) =>
  positions.barcodes.map((b, i) => `${b}:${positions.arrayRow[i]},${positions.arrayCol[i]},${positions.inTissue[i]}`);
const expected = (rows: readonly PositionRow[]) => rows.map((r) => `${r.barcode}:${r.row},${r.col},${r.inTissue}`);

describe('parsePositions with order auto (AtlasXbrowser folders)', () => {
  for (const [name, roi] of [
    ['askew', askew],
    ['mirrored', mirrored],
  ] as const) {
    it(`reads both column orders of a ${name} chip at the same tixels`, () => {
      const rows = rowsOf(roi);
      const visium = parsePositions(positionsCsv(rows), 'tissue_positions_list.csv', 'auto');
      expect(visium.order).toBe('visium');
      expect(gridOf(visium.positions)).toEqual(expected(rows));

      const legacy = parsePositions(legacyCsv(rows), 'tissue_positions_list.csv', 'auto');
      expect(legacy.order).toBe('atlasx');
      expect(gridOf(legacy.positions)).toEqual(expected(rows));
      expect([legacy.positions.pxlRow[0], legacy.positions.pxlCol[0]]).toEqual([
        rows[0]!.pxlRow + 0.25,
        rows[0]!.pxlCol + 0.5,
      ]);
    });
  }

  it('lets a header decide, and stays Visium when the numbers cannot tell', () => {
    const rows = rowsOf(askew);
    const withHeader = `barcode,in_tissue,col,row,y,x\n${legacyCsv(rows)}`;
    expect(parsePositions(withHeader, 'p.csv', 'auto').order).toBe('atlasx');
    // One spot (or one row of tixels) does not say which integer follows x.
    expect(parsePositions('AAAC-1,1,3,7,1000,2000\n', 'p.csv', 'auto').order).toBe('visium');
  });

  const squidpy = path.join(SHARED_DATA, 'visium-squidpy-tests/spatial/tissue_positions_list.csv');
  it.runIf(fs.existsSync(squidpy))('keeps a real Space Ranger file Visium, and finds it again when swapped', () => {
    const text = fs.readFileSync(squidpy, 'utf8');
    const real = parsePositions(text, 'tissue_positions_list.csv');
    expect(inferOrder(real.positions)).toBe('visium');
    const swapped = text
      .trim()
      .split('\n')
      .map((line) => {
        const [barcode, inTissue, row, col, y, x] = line.split(',');
        return [barcode, inTissue, col, row, y, x].join(',');
      })
      .join('\n');
    const legacy = parsePositions(swapped, 'tissue_positions_list.csv', 'auto');
    expect(legacy.order).toBe('atlasx');
    expect(Array.from(legacy.positions.arrayRow)).toEqual(Array.from(real.positions.arrayRow));
    expect(Array.from(legacy.positions.arrayCol)).toEqual(Array.from(real.positions.arrayCol));
  });
});
