/** Fixtures for the analysis tests: a seeded count mixture with known groups, and the adjusted Rand index. */
import type { CsrMatrix } from '../matrix/types.js';
import { mulberry32, type Random } from './random.js';

function poisson(lambda: number, random: Random): number {
  // Knuth's method: fine for the small rates used here.
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = random();
  while (p > limit) {
    k++;
    p *= random();
  }
  return k;
}

/**
 * `groups` groups of `perGroup` observations over `genes` genes: background rate 0.3, each group's own block of
 * `markers` genes at rate 5, and a per-observation library-size factor in [0.5, 1.5).
 */
export function countMixture({ groups = 3, perGroup = 200, genes = 300, markers = 20, seed = 1 } = {}): {
  matrix: CsrMatrix;
  truth: number[];
} {
  const random = mulberry32(seed);
  const n = groups * perGroup;
  const indptr = new Float64Array(n + 1);
  const indices: number[] = [];
  const data: number[] = [];
  const truth: number[] = [];
  for (let i = 0; i < n; i++) {
    const group = Math.floor(i / perGroup);
    truth.push(group);
    const size = 0.5 + random();
    for (let j = 0; j < genes; j++) {
      const marker = j >= group * markers && j < (group + 1) * markers;
      const count = poisson((marker ? 5 : 0.3) * size, random);
      if (count > 0) {
        indices.push(j);
        data.push(count);
      }
    }
    indptr[i + 1] = indices.length;
  }
  const matrix: CsrMatrix = {
    kind: 'csr',
    nRows: n,
    nCols: genes,
    indptr,
    indices: Int32Array.from(indices),
    data: Float32Array.from(data),
  };
  return { matrix, truth };
}

/** Hubert & Arabie adjusted Rand index from the contingency table. */
export function adjustedRandIndex(a: ArrayLike<string | number>, b: ArrayLike<string | number>): number {
  const pairs = (x: number) => (x * (x - 1)) / 2;
  const table = new Map<string, number>();
  const rowSums = new Map<string | number, number>();
  const colSums = new Map<string | number, number>();
  for (let i = 0; i < a.length; i++) {
    const key = `${a[i]}\u0000${b[i]}`;
    table.set(key, (table.get(key) ?? 0) + 1);
    rowSums.set(a[i]!, (rowSums.get(a[i]!) ?? 0) + 1);
    colSums.set(b[i]!, (colSums.get(b[i]!) ?? 0) + 1);
  }
  const sum = (values: Iterable<number>) => [...values].reduce((s, v) => s + pairs(v), 0);
  const index = sum(table.values());
  const rows = sum(rowSums.values());
  const cols = sum(colSums.values());
  const expected = (rows * cols) / pairs(a.length);
  const max = (rows + cols) / 2;
  return max === expected ? 1 : (index - expected) / (max - expected);
}
