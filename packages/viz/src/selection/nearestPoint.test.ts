import { describe, expect, it } from 'vitest';
import { nearestPoint } from './nearestPoint';

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
