import { describe, expect, it } from 'vitest';
import { buildOutlineIndex, outlinesInWindow } from './outline-index.js';
import {
  decodeOutlineTilesHeader,
  encodeOutlineTiles,
  outlinesFromTiles,
  outlineTilesGrid,
  outlineTilesHeaderLength,
  OUTLINE_TILES_FIXED_BYTES,
  tilesForWindow,
} from './outline-tiles.js';
import type { CellOutlines } from './outlines.js';

/** `n` hexagons of radius 3–6 µm at seeded random places in a 2 × 1 mm field; every 50th cell has no outline. */
function cellField(n: number): CellOutlines {
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const offsets = new Uint32Array(n + 1);
  const xy: number[] = [];
  for (let i = 0; i < n; i++) {
    const [cx, cy, r] = [random() * 2000, random() * 1000, 3 + 3 * random()];
    if (i % 50 !== 7) for (let k = 0; k < 6; k++) xy.push(cx + r * Math.cos(k), cy + r * Math.sin(k));
    offsets[i + 1] = xy.length / 2;
  }
  return { offsets, xy: Float32Array.from(xy) };
}

/** Reads a window from the tiled file as the server does: the header, then only the ranges it names. */
function tiledWindow(file: Uint8Array, window: { x0: number; y0: number; x1: number; y1: number }, cap: number) {
  const { nx, ny } = outlineTilesGrid(file.subarray(0, OUTLINE_TILES_FIXED_BYTES), 'cells.bin');
  const header = decodeOutlineTilesHeader(file.subarray(0, outlineTilesHeaderLength(nx, ny)), 'cells.bin');
  const { ranges, surelyInside } = tilesForWindow(header, window);
  const reads = ranges.map((range) => ({ range, bytes: file.slice(range.start, range.end) }));
  const read = reads.reduce((sum, r) => sum + r.bytes.length, 0);
  return { answer: outlinesFromTiles(header, reads, window, cap), read, surelyInside, header };
}

describe('outline tiles', () => {
  const outlines = cellField(20_000);
  const file = encodeOutlineTiles(outlines);
  const index = buildOutlineIndex(outlines);

  it('keeps the sizes the explorer asks for', () => {
    const { header } = tiledWindow(file, { x0: 0, y0: 0, x1: 1, y1: 1 }, 1000);
    expect(header).toMatchObject({ cells: 20_000, outlined: index.outlined, vertices: outlines.xy.length / 2 });
    expect(header.medianDiameter).toBeCloseTo(index.medianDiameter, 5);
    expect(header.grid.nx * header.grid.ny).toBeGreaterThan(10);
  });

  it('answers every window as the whole-file index does, reading a small part of the file', () => {
    const windows = [
      { x0: 100, y0: 100, x1: 180, y1: 160 },
      { x0: -50, y0: -50, x1: 30, y1: 20 },
      { x0: 1990, y0: 990, x1: 2100, y1: 1100 },
      { x0: 700.5, y0: 0, x1: 701, y1: 1000 },
      { x0: 5000, y0: 5000, x1: 6000, y1: 6000 },
    ];
    for (const w of windows) {
      const { answer, read } = tiledWindow(file, w, 200_000);
      expect(answer).toEqual(outlinesInWindow(index, w, 200_000));
      if (w.x1 - w.x0 < 200) expect(read).toBeLessThan(file.length / 4);
    }
  });

  it('says a window is over the cap from the tiles it surely holds, and from the boxes otherwise', () => {
    const whole = tiledWindow(file, { x0: -100, y0: -100, x1: 2100, y1: 1100 }, 1000);
    expect(whole.surelyInside).toBeGreaterThan(1000);
    const edge = tiledWindow(file, { x0: 0, y0: 0, x1: 300, y1: 300 }, 1000);
    expect(edge.answer).toMatchObject({
      overCap: true,
      windowVertices: outlinesInWindow(index, { x0: 0, y0: 0, x1: 300, y1: 300 }, 1000).windowVertices,
    });
    expect(edge.answer.cells).toHaveLength(0);
  });

  it('refuses a file that is not one', () => {
    expect(() => outlineTilesGrid(new Uint8Array(80), 'x.bin')).toThrow(/not a cell outline tiles file/);
  });
});
