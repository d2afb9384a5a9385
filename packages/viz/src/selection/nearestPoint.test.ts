import { describe, expect, it, vi } from 'vitest';
import { hoverGridOf, MAIN_THREAD_GRID_MAX_POINTS, nearestPoint } from './nearestPoint';
import { buildGrid, type GridIndex } from './selectInPolygon';

/** A 50 × 50 DBiT-like grid of tixels, 1 unit apart, plus a NaN (a UMAP-only run's position). */
function gridPositions(): Float32Array {
  const out = new Float32Array(2 * 2501);
  for (let i = 0; i < 2500; i++) {
    out[2 * i] = i % 50;
    out[2 * i + 1] = Math.floor(i / 50);
  }
  out[5000] = out[5001] = NaN;
  return out;
}

describe('nearestPoint', () => {
  const positions = gridPositions();

  it('finds the tixel under a place, the nearest of its neighbours', () => {
    expect(nearestPoint(positions, 10, 20, 0.5)).toBe(20 * 50 + 10);
    expect(nearestPoint(positions, 10.4, 19.7, 0.6)).toBe(20 * 50 + 10);
    expect(nearestPoint(positions, 49.2, 49.1, 0.5)).toBe(2499);
  });

  it('answers -1 beyond the radius, off the points, or for a place that is not a number', () => {
    expect(nearestPoint(positions, 10.5, 20.5, 0.3)).toBe(-1);
    expect(nearestPoint(positions, -5, -5, 1)).toBe(-1);
    expect(nearestPoint(positions, NaN, 3, 1)).toBe(-1);
    expect(nearestPoint(positions, 3, 3, 0)).toBe(-1);
  });

  it('agrees with a scan of every point on random places', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 52 - 1;
    for (let k = 0; k < 500; k++) {
      const [x, y, r] = [random(), random(), Math.abs(random()) / 20];
      let best = -1;
      let bestD2 = r * r;
      for (let i = 0; i < 2500; i++) {
        const d2 = (positions[2 * i]! - x) ** 2 + (positions[2 * i + 1]! - y) ** 2;
        if (d2 < bestD2 || (d2 === bestD2 && best < 0)) [best, bestD2] = [i, d2];
      }
      expect(nearestPoint(positions, x, y, r)).toBe(best);
    }
  });
});

describe('hoverGridOf', () => {
  it("builds a small set's grid at once, on this thread", () => {
    const positions = gridPositions();
    const build = vi.fn<(p: Float32Array) => Promise<GridIndex>>();
    const grid = hoverGridOf(positions, build, () => {});
    expect(build).not.toHaveBeenCalled();
    expect(grid && nearestPoint(positions, 10, 20, 0.5, grid)).toBe(20 * 50 + 10);
  });

  it("asks once for a large set's grid, answers null until it is kept, then says it is ready", async () => {
    const n = MAIN_THREAD_GRID_MAX_POINTS + 1;
    const positions = new Float32Array(2 * n).map((_, i) => (i % 2 ? Math.floor(i / 2 / 1000) : (i / 2) % 1000));
    let finish: (grid: GridIndex) => void = () => {};
    const build = vi.fn(
      (p: Float32Array) => new Promise<GridIndex>((resolve) => (finish = () => resolve(buildGrid(p)))),
    );
    const ready = vi.fn();
    expect(hoverGridOf(positions, build, ready)).toBeNull();
    expect(hoverGridOf(positions, build, ready)).toBeNull();
    expect(build).toHaveBeenCalledTimes(1);
    finish(buildGrid(positions));
    await vi.waitFor(() => expect(ready).toHaveBeenCalledTimes(1));
    const grid = hoverGridOf(positions, build, ready);
    expect(grid && nearestPoint(positions, 250, 300, 0.5, grid)).toBe(300 * 1000 + 250);
  });

  it('asks again after a failed build (a stopped worker)', async () => {
    const positions = new Float32Array(2 * (MAIN_THREAD_GRID_MAX_POINTS + 1));
    const build = vi.fn(() => Promise.reject(new Error('Selection worker stopped')));
    expect(hoverGridOf(positions, build, () => {})).toBeNull();
    await vi.waitFor(() => expect(build).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(hoverGridOf(positions, build, () => {})).toBeNull();
    expect(build).toHaveBeenCalledTimes(2);
  });
});
