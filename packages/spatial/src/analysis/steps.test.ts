import { describe, expect, it } from 'vitest';
import type { CsrMatrix, DenseMatrix } from '../matrix/types.js';
import { toCsr } from '../matrix/ops.js';
import { fromRows } from './graph.js';
import { highlyVariableGenes } from './hvg.js';
import { exactKnn } from './knn.js';
import { symmetricEigen } from './linalg.js';
import { clusterLabels, louvain } from './louvain.js';
import { normalizeLog1p } from './normalize.js';
import { randomizedPca, scaledBlock } from './pca.js';
import { gaussian, mulberry32 } from './random.js';

const dense = (nRows: number, nCols: number, values: number[]): DenseMatrix => ({
  kind: 'dense',
  nRows,
  nCols,
  data: Float32Array.from(values),
});

describe('normalizeLog1p', () => {
  it('scales each observation to 1e4 then takes ln(1 + x), keeping zeros and empty rows', () => {
    const out = normalizeLog1p(dense(2, 3, [1, 0, 3, 0, 0, 0]));
    expect(Array.from(out.indptr)).toEqual([0, 2, 2]);
    expect(out.data[0]).toBeCloseTo(Math.log1p(2500), 5);
    expect(out.data[1]).toBeCloseTo(Math.log1p(7500), 5);
  });
});

describe('highlyVariableGenes (seurat flavour)', () => {
  it('ranks the gene whose dispersion stands out in its mean bin first and keeps all when asked for more', () => {
    const random = mulberry32(2);
    const n = 200;
    const genes = 60;
    const values: number[] = [];
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < genes; j++) {
        // Two mean levels (1 and 5 on the count scale → the first and the last of the 20 bins), all genes
        // near-constant except gene 7, which is 0 or 2: same mean as its bin, far larger dispersion.
        const level = j < 30 ? 1 : 5;
        values.push(Math.log1p(j === 7 ? (i % 2) * 2 : level * (1 + 0.1 * (random() - 0.5))));
      }
    }
    const logData = toCsr(dense(n, genes, values));
    expect(Array.from(highlyVariableGenes(logData, 1).indices)).toEqual([7]);
    const all = highlyVariableGenes(logData, 2000);
    expect(all.indices.length).toBe(genes);
    expect(Array.from(all.indices)).toEqual([...Array(genes).keys()]);
  });
});

describe('randomizedPca', () => {
  it('matches the exact eigen-decomposition of the scaled covariance (values and scores up to sign)', () => {
    const random = mulberry32(3);
    const n = 120;
    const h = 12;
    const latent = Array.from({ length: n }, () => [gaussian(random) * 3, gaussian(random) * 2]);
    const values = latent.flatMap(([a, b]) =>
      Array.from({ length: h }, (_, j) =>
        Math.max(0, 2 + a! * Math.cos(j) + b! * Math.sin(j) + 0.3 * gaussian(random)),
      ),
    );
    const m: CsrMatrix = toCsr(dense(n, h, values));
    const genes = Int32Array.from({ length: h }, (_, j) => j);
    const z = scaledBlock(m, genes);
    const k = 3;
    const pca = randomizedPca(z, n, h, k, mulberry32(9));
    const cov = new Float64Array(h * h);
    for (let i = 0; i < n; i++)
      for (let a = 0; a < h; a++)
        for (let b = 0; b < h; b++) cov[a * h + b]! += (z[i * h + a]! * z[i * h + b]!) / (n - 1);
    const exact = symmetricEigen(cov, h);
    for (let c = 0; c < k; c++) {
      expect(pca.variance[c]).toBeCloseTo(exact.values[c]!, 4);
      const projected = Array.from({ length: n }, (_, i) => {
        let s = 0;
        for (let a = 0; a < h; a++) s += z[i * h + a]! * exact.vectors[a * h + c]!;
        return s;
      });
      const sign = Math.sign(projected[0]!) * Math.sign(pca.scores[c]!);
      for (let i = 0; i < n; i++) expect(pca.scores[i * k + c]!).toBeCloseTo(sign * projected[i]!, 3);
    }
  });
});

describe('exactKnn', () => {
  it('agrees with sorting all distances, self first', () => {
    const random = mulberry32(4);
    const n = 60;
    const dims = 3;
    const points = Float32Array.from({ length: n * dims }, () => random());
    const knn = exactKnn(points, n, dims, 5);
    for (let i = 0; i < n; i++) {
      const dist = (j: number) => Math.hypot(...[0, 1, 2].map((d) => points[i * dims + d]! - points[j * dims + d]!));
      const expected = [...Array(n).keys()]
        .sort((a, b) => (a === i ? -1 : b === i ? 1 : dist(a) - dist(b)))
        .slice(0, 5);
      expect(Array.from(knn.indices.subarray(i * 5, i * 5 + 5))).toEqual(expected);
      expect(knn.distances[i * 5 + 4]).toBeCloseTo(dist(expected[4]!), 5);
    }
  });
});

describe('louvain', () => {
  /** Two 5-cliques joined by one edge. */
  function twoCliques() {
    const rows = Array.from({ length: 10 }, () => new Map<number, number>());
    const link = (a: number, b: number) => (rows[a]!.set(b, 1), rows[b]!.set(a, 1));
    for (const base of [0, 5]) for (let a = 0; a < 5; a++) for (let b = a + 1; b < 5; b++) link(base + a, base + b);
    link(4, 5);
    return fromRows(rows);
  }

  it('splits two cliques at resolution 1 and merges them at a low resolution', () => {
    expect(clusterLabels(louvain(twoCliques(), 1, mulberry32(1)))).toEqual([
      ...Array(5).fill('C1'),
      ...Array(5).fill('C2'),
    ]);
    expect(new Set(clusterLabels(louvain(twoCliques(), 0.05, mulberry32(1))))).toEqual(new Set(['C1']));
  });

  it('names clusters by size, largest first', () => {
    expect(clusterLabels(Int32Array.from([0, 1, 1, 2, 2, 2]))).toEqual(['C3', 'C2', 'C2', 'C1', 'C1', 'C1']);
  });
});
