import { describe, expect, it } from 'vitest';
import { bsaFigureOf, maskOfPositions } from './existingFolder';

const FOLDER = 'data/D77002/spatial/';
const listing = (...names: string[]) => names.map((name) => `${FOLDER}${name}`);
const common = ['metadata.json', 'scalefactors_json.json', 'tissue_positions_list.csv', 'tissue_hires_image.png'];

describe('bsaFigureOf: the image Update works on', () => {
  it('finds a figure stored under the lab’s own name, not the demo’s postB_BSA.png', () => {
    const files = listing(...common, 'figure/BSA_HE.png', 'figure/postB.png');
    expect(bsaFigureOf(files, FOLDER, {})).toBe(`${FOLDER}figure/BSA_HE.png`);
  });

  it('takes the figure metadata.json names over the others', () => {
    const files = listing(...common, 'figure/BSA_HE.png', 'figure/HE_section2.png', 'figure/postB_BSA.png');
    expect(bsaFigureOf(files, FOLDER, { bsa_figure: 'figure/HE_section2.png' })).toBe(
      `${FOLDER}figure/HE_section2.png`,
    );
    // A recorded figure that is gone does not count.
    expect(bsaFigureOf(files, FOLDER, { bsa_figure: 'figure/gone.png' })).toBe(`${FOLDER}figure/postB_BSA.png`);
  });

  it('keeps the original tools’ folders (figure/postB_BSA.png) working', () => {
    const files = listing(...common, 'figure/flowA.png', 'figure/postB.png', 'figure/postB_BSA.png');
    expect(bsaFigureOf(files, FOLDER, { points: [] })).toBe(`${FOLDER}figure/postB_BSA.png`);
  });

  it('answers null when only the PostB background (or nothing) is under figure/', () => {
    expect(bsaFigureOf(listing(...common, 'figure/postB.png'), FOLDER, {})).toBeNull();
    expect(bsaFigureOf(listing(...common), FOLDER, {})).toBeNull();
  });
});

describe('maskOfPositions', () => {
  // A 3 × 3 chip drawn on the turned image: col runs along x (pixels 10, 30, 50), row down y. On tissue: the
  // top row's right two tixels and the middle of the left column, so a transposed read would differ.
  const n = 3;
  const on = new Set(['0,1', '0,2', '1,0']);
  const tixels = Array.from({ length: n * n }, (_, k) => ({ row: k % n, col: Math.floor(k / n), k }));
  const flag = (row: number, col: number) => (on.has(`${row},${col}`) ? 1 : 0);
  const expected = Uint8Array.from({ length: n * n }, (_, i) => flag(Math.floor(i / n), i % n));

  it('reads the Visium order (barcode, in_tissue, array_row, array_col, pxl_row, pxl_col)', () => {
    const csv = tixels
      .map(({ row, col, k }) => `BC${k},${flag(row, col)},${row},${col},${10 + 20 * row},${10 + 20 * col}`)
      .join('\n');
    expect(maskOfPositions(csv, n)).toEqual(expected);
  });

  it('reads AtlasXbrowser’s order before 2022-10 (barcode, in_tissue, col, row, y, x) untransposed', () => {
    const csv = tixels
      .map(({ row, col, k }) => `BC${k},${flag(row, col)},${col},${row},${10.5 + 20 * row},${10.25 + 20 * col}`)
      .join('\r\n');
    expect(maskOfPositions(csv, n)).toEqual(expected);
  });
});
