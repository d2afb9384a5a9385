import { describe, expect, it } from 'vitest';
import { buildGrid, indicesToMask, pointInPolygon, rectPolygon, selectInPolygon } from './selectInPolygon';

/** Deterministic pseudo-random points (mulberry32). */
function points(n: number, seed = 1): Float32Array {
  let a = seed;
  const rnd = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const p = new Float32Array(2 * n);
  for (let i = 0; i < 2 * n; i++) p[i] = rnd() * 100 - 20;
  return p;
}

function bruteForce(positions: Float32Array, poly: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < positions.length / 2; i++)
    if (pointInPolygon(positions[2 * i]!, positions[2 * i + 1]!, poly)) out.push(i);
  return out;
}

describe('selectInPolygon', () => {
  it('point in polygon, even-odd', () => {
    const square = [0, 0, 10, 0, 10, 10, 0, 10];
    expect(pointInPolygon(5, 5, square)).toBe(true);
    expect(pointInPolygon(15, 5, square)).toBe(false);
    // A concave "C": the notch is outside.
    const c = [0, 0, 10, 0, 10, 3, 3, 3, 3, 7, 10, 7, 10, 10, 0, 10];
    expect(pointInPolygon(6, 5, c)).toBe(false);
    expect(pointInPolygon(1, 5, c)).toBe(true);
  });

  it('grid holds every point once', () => {
    const p = points(5000);
    const g = buildGrid(p);
    expect(g.items.length).toBe(5000);
    expect(new Set(g.items).size).toBe(5000);
    expect(g.cellStart[g.cellStart.length - 1]).toBe(5000);
  });

  it('matches brute force for a rectangle, a concave lasso and a self-crossing bow-tie', () => {
    const p = points(20_000, 7);
    const g = buildGrid(p);
    const lasso: number[] = [];
    for (let k = 0; k < 200; k++) {
      const a = (2 * Math.PI * k) / 200;
      const r = 25 + 12 * Math.sin(5 * a);
      lasso.push(30 + r * Math.cos(a), 30 + r * Math.sin(a));
    }
    const polys = [
      rectPolygon(0, 10, 40, 50),
      lasso,
      [0, 0, 60, 60, 60, 0, 0, 60],
      [-50, -50, 200, -50, 200, 200, -50, 200],
    ];
    for (const poly of polys) {
      const got = Array.from(selectInPolygon(p, poly, g));
      expect(got).toEqual(bruteForce(p, poly));
    }
    expect(selectInPolygon(p, polys[3]!, g).length).toBe(20_000);
  });

  it('empty and degenerate cases', () => {
    const p = points(100);
    expect(selectInPolygon(p, [0, 0, 1, 1]).length).toBe(0);
    expect(selectInPolygon(p, rectPolygon(500, 500, 600, 600)).length).toBe(0);
    expect(selectInPolygon(new Float32Array(0), rectPolygon(0, 0, 1, 1)).length).toBe(0);
    const withNaN = new Float32Array([1, 1, Number.NaN, 2, 3, 3]);
    expect(Array.from(selectInPolygon(withNaN, rectPolygon(0, 0, 5, 5)))).toEqual([0, 2]);
  });

  it('indices to mask', () => {
    expect(Array.from(indicesToMask([1, 3], 5))).toEqual([0, 1, 0, 1, 0]);
  });

  // How fast, beside testing every point: bench/guards.ts (`npm run bench -- guards`).
  it('1M points: a 400-vertex lasso over the index selects what it encloses', () => {
    const p = points(1_000_000, 3);
    const lasso: number[] = [];
    for (let k = 0; k < 400; k++) {
      const a = (2 * Math.PI * k) / 400;
      lasso.push(30 + 40 * Math.cos(a), 30 + 35 * Math.sin(a));
    }
    const sel = selectInPolygon(p, lasso, buildGrid(p));
    expect(sel.length).toBeGreaterThan(300_000);
  });
});
