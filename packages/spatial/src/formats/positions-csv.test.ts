import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { positionsCsv, tissuePositions, type PositionRow } from '../atlasbrowser/spatial-folder.js';
import type { Roi } from '../grid/tixel-grid.js';
import { formatProblem } from '../test-support.js';
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

describe('parsePositions', () => {
  const visium = 'AAAC-1,1,3,7,1000,2000\nAAAG-1,0,4,8,1010,2020\n';
  // The same spots in the older AtlasXbrowser order: barcode, in_tissue, col, row, y, x, with float pixels.
  const atlasx = 'AAAC-1,1,7,3,1000.25,2000.5\r\nAAAG-1,0,8,4,1010,2020\r\n';

  it('reads the headerless AtlasXbrowser order only when asked, since the numbers cannot tell', () => {
    const { positions, order } = parsePositions(atlasx, 'p.csv', 'atlasx');
    expect(order).toBe('atlasx');
    expect([Array.from(positions.arrayRow), Array.from(positions.arrayCol)]).toEqual([
      [3, 4],
      [7, 8],
    ]);
    expect([positions.pxlRow[0], positions.pxlCol[0]]).toEqual([1000.25, 2000.5]);
    const asVisium = parsePositions(visium, 'p.csv').positions;
    expect(Array.from(asVisium.arrayRow)).toEqual([3, 4]);
    expect(Array.from(asVisium.inTissue)).toEqual([1, 0]);
  });

  it('reads the Space Ranger header in either column order, quoted or not', () => {
    const spaceRanger = 'barcode,in_tissue,array_row,array_col,pxl_row_in_fullres,pxl_col_in_fullres\r\n';
    const parsed = parsePositions(`${spaceRanger}${visium}`, 'tissue_positions.csv', 'visium');
    expect([parsed.order, parsed.hasHeader, Array.from(parsed.positions.arrayCol)]).toEqual(['visium', true, [7, 8]]);
    const quoted = '"barcode","in_tissue","col","row","y","x"\n"AAAC-1",1,7,3,1000.25,2000.5\n';
    const legacy = parsePositions(quoted, 'p.csv');
    expect([legacy.order, legacy.positions.barcodes[0], legacy.positions.arrayRow[0]]).toEqual(['atlasx', 'AAAC-1', 3]);
  });

  it('recognises the AtlasXbrowser header and refuses a contradicting order', () => {
    const withHeader = `barcode,in_tissue,col,row,y,x\n${atlasx}`;
    const parsed = parsePositions(withHeader, 'p.csv');
    expect([parsed.order, parsed.hasHeader, Array.from(parsed.positions.arrayRow)]).toEqual(['atlasx', true, [3, 4]]);
    expect(formatProblem(() => parsePositions(withHeader, 'p.csv', 'visium'))).toBe(
      'p.csv: line 1: the header gives the atlasx column order, but visium was requested',
    );
    expect(formatProblem(() => parsePositions('barcode,in_tissue,a,b,c,d\n', 'p.csv'))).toBe(
      "p.csv: line 1: unrecognised header 'barcode,in_tissue,a,b,c,d'",
    );
  });

  it('names file, line and problem for bad rows', () => {
    expect(formatProblem(() => parsePositions('AAAC-1,1,3,7,1000\n', 'spatial/tissue_positions_list.csv'))).toBe(
      'spatial/tissue_positions_list.csv: line 1: expected 6 columns, found 5',
    );
    expect(formatProblem(() => parsePositions(`${visium}AAAT-1,1,x3,7,1,2\n`, 'p.csv'))).toBe(
      "p.csv: line 3: column 3 (arrayRow): 'x3' is not a number",
    );
    expect(formatProblem(() => parsePositions('AAAC-1,1,3.5,7,1,2\n', 'p.csv'))).toBe(
      "p.csv: line 1: column 3 (arrayRow): '3.5' is not an integer",
    );
    expect(formatProblem(() => parsePositions('AAAC-1,2,3,7,1,2\n', 'p.csv'))).toBe(
      "p.csv: line 1: column 2 (in_tissue): '2' is not 0 or 1",
    );
    expect(formatProblem(() => parsePositions('AAAC-1,1,3,7,,2\n', 'p.csv'))).toBe(
      "p.csv: line 1: column 5 (pxlRow): '' is not a number",
    );
    expect(formatProblem(() => parsePositions(`${visium}AAAC-1,1,0,0,1,2\n`, 'p.csv'))).toBe(
      'p.csv: line 3: barcode AAAC-1 already appeared on line 1',
    );
    expect(formatProblem(() => parsePositions('\n', 'p.csv'))).toBe('p.csv: no spots');
    expect(formatProblem(() => parsePositions(`${visium}"AAAT-1,1,5,9,1,2\n`, 'p.csv'))).toBe(
      'p.csv: line 3: a quoted field is never closed',
    );
  });
});
