import { describe, expect, it } from 'vitest';
import type { Matrix } from '../matrix/types.js';
import { toCsc } from '../matrix/ops.js';
import { labelMoments } from './moments.js';
import { denseToCsr, randomDense } from './test-matrices.js';

describe('label moments', () => {
  it('sums, squared deviations and expm1 sums per label, zeros included implicitly', () => {
    // Column 0: label 0 has {1, 3}, label 1 has {0, 0, 4}.
    const matrix: Matrix = { kind: 'dense', nRows: 5, nCols: 1, data: Float32Array.of(1, 0, 3, 0, 4) };
    const m = labelMoments(matrix, Int32Array.of(0, 1, 0, 1, 1), 2, { expm1Sums: true });
    expect(Array.from(m.counts)).toEqual([2, 3]);
    expect(Array.from(m.sums)).toEqual([4, 4]);
    expect(m.squaredDeviations[0]).toBe(2); // (1−2)² + (3−2)²
    expect(m.squaredDeviations[1]).toBeCloseTo(32 / 3, 14); // 2·(4/3)² + (8/3)²
    expect(m.expm1Sums![0]).toBeCloseTo(Math.expm1(1) + Math.expm1(3), 12);
  });

  it('gives exactly zero deviation for a constant feature', () => {
    const dense = randomDense(37, 5, 3);
    const m = labelMoments(
      dense,
      Int32Array.from({ length: 37 }, (_, i) => i % 3),
      3,
    );
    for (let l = 0; l < 3; l++) expect(m.squaredDeviations[l * 5]).toBe(0);
  });

  it('is bit-identical for dense, CSR (with stored zeros) and CSC input', () => {
    const dense = randomDense(60, 9, 11);
    const labels = Int32Array.from({ length: 60 }, (_, i) => (i * 7) % 4);
    const request = { expm1Sums: true };
    const fromDense = labelMoments(dense, labels, 4, request);
    expect(labelMoments(denseToCsr(dense), labels, 4, request)).toEqual(fromDense);
    expect(labelMoments(toCsc(denseToCsr(dense)), labels, 4, request)).toEqual(fromDense);
  });

  it('refuses labels of the wrong length or out of range', () => {
    const dense = randomDense(4, 2, 1);
    expect(() => labelMoments(dense, Int32Array.of(0, 1, 0), 2)).toThrow(RangeError);
    expect(() => labelMoments(dense, Int32Array.of(0, 1, 2, 0), 2)).toThrow(RangeError);
  });
});
