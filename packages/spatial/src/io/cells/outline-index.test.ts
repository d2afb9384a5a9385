import { describe, expect, it } from 'vitest';
import { decodeOutlineWindow, encodeOutlineWindow } from '../../webfiles/outline-window.js';
import { buildOutlineIndex, outlinesInWindow } from './outline-index.js';

/** A row of `n` 10 µm squares, 20 µm apart (x = 20i … 20i + 10, y = 0 … 10), the third without outline. */
function squares(n: number) {
  const offsets = new Uint32Array(n + 1);
  const xy: number[] = [];
  for (let i = 0; i < n; i++) {
    if (i !== 2) xy.push(20 * i, 0, 20 * i + 10, 0, 20 * i + 10, 10, 20 * i, 10);
    offsets[i + 1] = xy.length / 2;
  }
  return { offsets, xy: Float32Array.from(xy) };
}

describe('outline windows', () => {
  const index = buildOutlineIndex(squares(1000));

  it('finds the cells whose outline meets the window, also those only poking into it, and sizes them', () => {
    expect(index.outlined).toBe(999);
    expect(index.medianDiameter).toBe(10);
    const w = outlinesInWindow(index, { x0: 35, y0: -5, x1: 85, y1: 5 }, 1000);
    // Cell 1 (20–30) ends before the window, cell 2 has no outline, cells 3 (60–70) and 4 (80–90) meet it.
    expect([...w.cells]).toEqual([3, 4]);
    expect([...w.offsets]).toEqual([0, 4, 8]);
    expect([...w.xy.subarray(0, 2)]).toEqual([60, 0]);
    expect(outlinesInWindow(index, { x0: 5000, y0: 5000, x1: 6000, y1: 6000 }, 1000).cells).toHaveLength(0);
  });

  it('sends none when the window holds more vertices than the cap, and says how many it holds', () => {
    const w = outlinesInWindow(index, { x0: 0, y0: 0, x1: 20_000, y1: 10 }, 1000);
    expect(w).toMatchObject({ overCap: true, windowVertices: 3996 });
    expect(w.cells).toHaveLength(0);
  });

  it('round-trips through its binary form', () => {
    const w = outlinesInWindow(index, { x0: 0, y0: 0, x1: 100, y1: 10 }, 1000);
    const bytes = encodeOutlineWindow(w);
    const back = decodeOutlineWindow(bytes.slice().buffer);
    expect(back).toEqual({ ...w, cells: w.cells, offsets: w.offsets, xy: w.xy });
    expect(() => decodeOutlineWindow(new ArrayBuffer(30))).toThrow(/not a cell outline window/);
  });
});
