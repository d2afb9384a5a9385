import { describe, expect, it } from 'vitest';
import { SAMPLE_GRID_COLUMNS, gridCells, gridRows } from './sampleGrid';

describe('multi-sample grid layout', () => {
  it('puts three plots per row, row by row', () => {
    expect(SAMPLE_GRID_COLUMNS).toBe(3);
    expect([0, 1, 3, 4, 6, 7].map((n) => gridRows(n))).toEqual([0, 1, 1, 2, 2, 3]);
    const cells = gridCells(4, 900, 250);
    expect(cells.map(({ x, y }) => [x, y])).toEqual([
      [0, 0],
      [300, 0],
      [600, 0],
      [0, 250],
    ]);
    expect(cells.every((c) => c.width === 300 && c.height === 250)).toBe(true);
  });

  it('keeps the cell width of a full row when there are fewer plots than columns', () => {
    expect(gridCells(1, 600, 200)).toEqual([{ x: 0, y: 0, width: 200, height: 200 }]);
    expect(gridCells(3, 400, 100, 2).map((c) => [c.x, c.y, c.width])).toEqual([
      [0, 0, 200],
      [200, 0, 200],
      [0, 100, 200],
    ]);
  });

  it('has no cells for no plots or no width', () => {
    expect(gridCells(0, 900, 250)).toEqual([]);
    expect(gridCells(2, 0, 250).map((c) => c.width)).toEqual([0, 0]);
  });
});
