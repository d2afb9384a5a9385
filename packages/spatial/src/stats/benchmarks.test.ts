import { describe, expect, it } from 'vitest';
import { runDeBenchmarks, syntheticCsc } from './benchmarks.js';

describe('DE benchmarks (smoke test at a tiny size; `npm run bench` runs the real sizes)', () => {
  it('returns a figure per DESIGN §9 target, plus the chip rank-sum for information', () => {
    const figures = runDeBenchmarks({ features: 40, repeats: 1 });
    expect(figures.map((f) => f.targetMs)).toEqual([100, 1000, 500, null]);
    for (const f of figures) {
      expect(f.ms).toBeGreaterThan(0);
      expect(f.runs).toHaveLength(1);
      expect(f.note).toMatch(/non-zeros/);
    }
  });

  it('builds a seeded CSC with exactly density × rows values per column, rows ascending', () => {
    let state = 7;
    const random = (): number => (state = (state * 16807) % 2147483647) / 2147483647;
    const m = syntheticCsc(1000, 20, 0.1, random);
    expect(m.indptr[20]).toBe(2000);
    for (let j = 0; j < 20; j++) {
      for (let k = m.indptr[j]! + 1; k < m.indptr[j + 1]!; k++)
        expect(m.indices[k]!).toBeGreaterThan(m.indices[k - 1]!);
    }
    expect(Math.min(...m.data)).toBeGreaterThan(0);
  });
});
