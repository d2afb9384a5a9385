import { describe, expect, it } from 'vitest';
import { boundingRect, clipPathOf, contains, relativeTo } from './layout';

describe('shared deck layout', () => {
  const main = { x: 60, y: 0, width: 800, height: 600 };
  const grid = { x: 0, y: 640, width: 1000, height: 300 };

  it('the canvas covers the bounding box of the panels, ignoring empty ones', () => {
    expect(boundingRect([main, grid, { x: -50, y: -50, width: 0, height: 10 }])).toEqual({
      x: 0,
      y: 0,
      width: 1000,
      height: 940,
    });
    expect(boundingRect([])).toBeNull();
  });

  it('views are moved by their panel offset in that box', () => {
    const frame = boundingRect([main, grid])!;
    expect(relativeTo(main, frame)).toEqual({ x: 60, y: 0, width: 800, height: 600 });
    expect(relativeTo(grid, { ...frame, x: -10, y: 5 })).toEqual({ x: 10, y: 635, width: 1000, height: 300 });
  });

  it('clips the canvas to the panels, and not at all when one panel fills it', () => {
    const frame = boundingRect([main, grid])!;
    expect(clipPathOf([main, grid], frame)).toBe("path('M60 0H860V600H60ZM0 640H1000V940H0Z')");
    expect(clipPathOf([main], main)).toBe('none');
  });

  it('hit tests with the left and top edges inside', () => {
    expect(contains(main, 60, 0)).toBe(true);
    expect(contains(main, 860, 10)).toBe(false);
    expect(contains(main, 59.5, 10)).toBe(false);
  });
});
