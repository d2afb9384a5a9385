import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readH5ad } from '../io/h5ad-reader.js';
import { writeH5ad } from '../io/h5ad-writer.js';
import { readTenxH5 } from '../io/tenx-h5.js';
import type { CsrMatrix, DenseMatrix, Matrix } from '../matrix/types.js';
import { rankClusters, topTen } from '../stats/cluster-ranking.js';
import { hasSharedData, sharedData } from '../testing.js';
import { chooseExpressionInput, classifyMatrixValues, EXPRESSION_INPUT_MSG } from './expression-input.js';
import { normalizeLog1p } from './normalize.js';
import { rowSums, toCsr } from '../matrix/ops.js';

const dense = (nRows: number, nCols: number, values: number[]): DenseMatrix => ({
  kind: 'dense',
  nRows,
  nCols,
  data: Float32Array.from(values),
});
const names = (n: number) => Array.from({ length: n }, (_, j) => `g${j}`);

describe('classifyMatrixValues', () => {
  it('tells counts, log-normalised and scaled values apart, ignoring NaN', () => {
    expect(classifyMatrixValues(dense(2, 3, [0, 3, 1, 7, 0, 2])).kind).toBe('counts');
    expect(classifyMatrixValues(dense(2, 3, [0, 1.386, 0, 2.1, 0.69, 0])).kind).toBe('log-normalised');
    expect(classifyMatrixValues(dense(2, 3, [0.2, -0.4, 1.3, 0, 2, 1])).kind).toBe('scaled');
    expect(classifyMatrixValues(dense(1, 3, [NaN, 2, 5])).kind).toBe('counts');
    expect(classifyMatrixValues(dense(1, 3, [0, 0, 0]))).toMatchObject({ kind: 'counts', min: 0, max: 0 });
  });

  it('finds a single negative value anywhere, beyond the integer-test sample', () => {
    const values = Array.from({ length: 5000 }, (_, k) => (k % 7) + 0.5);
    values[4999] = -0.01;
    expect(classifyMatrixValues(dense(50, 100, values), 10).kind).toBe('scaled');
  });
});

describe('chooseExpressionInput', () => {
  const counts = dense(3, 2, [1, 4, 0, 2, 5, 5]);
  const logged = normalizeLog1p(counts);

  it("takes counts from layers['counts'] before raw.X and X, and shows the file's own log-normalised X", () => {
    const input = chooseExpressionInput({
      X: logged,
      varNames: names(2),
      raw: { X: counts, varNames: names(2) },
      layers: { counts },
    });
    expect(input.path).toBe('counts');
    expect(input.counts?.source).toBe("layers['counts']");
    expect(input.explorer.source).toBe('X');
    expect(input.explorer.matrix).toBe(logged);
  });

  it('computes log1p(CP10k) for the explorer when the file has only counts', () => {
    const input = chooseExpressionInput({ X: counts, varNames: names(2) });
    expect(input).toMatchObject({ path: 'counts', counts: { source: 'X' }, explorer: { source: 'log1p(CP10k)' } });
    expect(Array.from((input.explorer.matrix as CsrMatrix).data)).toEqual(Array.from(logged.data));
  });

  it('writes log1p(CP10k) over the counts in place when asked, keeping their row totals', () => {
    const own = toCsr(counts);
    const copy = { ...own, data: own.data.slice() };
    const input = chooseExpressionInput({ X: copy, varNames: names(2) }, { inPlace: true });
    expect(input.explorer.matrix).toMatchObject({ kind: 'csr', data: copy.data });
    expect((input.explorer.matrix as CsrMatrix).data).toBe(copy.data);
    expect(Array.from(copy.data)).toEqual(Array.from(logged.data));
    expect(Array.from(input.countTotals!)).toEqual(Array.from(rowSums(counts)));
  });

  it('uses the log-normalised values as they are when there are no counts, and refuses scaled values alone', () => {
    expect(chooseExpressionInput({ X: logged, varNames: names(2) })).toMatchObject({
      path: 'log-normalised',
      counts: null,
      explorer: { source: 'X' },
    });
    const scaled = dense(3, 2, [-1, 0.5, 1, -0.5, 0, 0]);
    expect(() => chooseExpressionInput({ X: scaled, varNames: names(2) })).toThrow(EXPRESSION_INPUT_MSG.scaled);
    expect(EXPRESSION_INPUT_MSG.scaled).toContain("provide raw counts in layers['counts'] or raw.X");
  });
});

describe.skipIf(!hasSharedData('scanpy-pbmc68k-reduced'))('chooseExpressionInput on real files', () => {
  it('pbmc68k_reduced: X scaled, raw.X log-normalised → no counts, the explorer shows raw.X', async () => {
    const adata = await readH5ad(sharedData('scanpy-pbmc68k-reduced/10x_pbmc68k_reduced.h5ad'));
    const input = chooseExpressionInput(adata);
    expect(input.found.map((f) => [f.source, f.values.kind])).toEqual([
      ['raw.X', 'log-normalised'],
      ['X', 'scaled'],
    ]);
    expect(input).toMatchObject({ path: 'log-normalised', counts: null, explorer: { source: 'raw.X' } });
    expect(input.explorer.varNames).toEqual(adata.raw!.varNames);
    // Without raw.X the file holds scaled values only: refused with what to provide.
    expect(() => chooseExpressionInput({ X: adata.X, varNames: adata.varNames })).toThrow(
      "X holds negative values (scaled data): provide raw counts in layers['counts'] or raw.X",
    );
  });

  it('squidpy test_data.h5ad: log-normalised X, no counts', async () => {
    const adata = await readH5ad(sharedData('visium-squidpy-tests/test_data.h5ad'));
    expect(chooseExpressionInput(adata)).toMatchObject({
      path: 'log-normalised',
      counts: null,
      explorer: { source: 'X' },
    });
  });

  it("10x HDF5 matrix: counts; a layers['counts'] written beside a log-normalised X is read back and chosen", async () => {
    const tenx = await readTenxH5(sharedData('visium-squidpy-tests/filtered_feature_bc_matrix.h5'));
    expect(classifyMatrixValues(tenx.X).kind).toBe('counts');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'expr-input-'));
    try {
      const file = path.join(dir, 'layers.h5ad');
      const log: Matrix = normalizeLog1p(tenx.X);
      await writeH5ad(file, {
        X: log,
        obsNames: tenx.barcodes,
        varNames: tenx.featureNames,
        layers: { counts: tenx.X },
      });
      const adata = await readH5ad(file);
      const input = chooseExpressionInput(adata);
      expect(input).toMatchObject({
        path: 'counts',
        counts: { source: "layers['counts']" },
        explorer: { source: 'X' },
      });
      expect(Array.from(input.counts!.matrix.data)).toEqual(Array.from((tenx.X as CsrMatrix).data));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!hasSharedData('scanpy-pbmc68k-reduced'))('the chosen explorer matrix against scanpy', () => {
  it('pbmc68k louvain: top ten per cluster on the chosen matrix (raw.X) equal the DERIVED Welch reference', async () => {
    const adata = await readH5ad(sharedData('scanpy-pbmc68k-reduced/10x_pbmc68k_reduced.h5ad'));
    const { explorer } = chooseExpressionInput(adata);
    const louvain = adata.obs.louvain!;
    if (louvain.kind !== 'categorical') throw new Error('louvain should be categorical');
    const labels = Array.from(louvain.codes, (c) => louvain.categories[c]!);
    const table = topTen(rankClusters(explorer.matrix, labels), explorer.varNames);
    const reference = fs
      .readFileSync(sharedData('scanpy-pbmc68k-reduced/ttest_top10_louvain_DERIVED.csv'), 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#') && !l.startsWith('groupby'))
      .map((l) => l.split(','));
    louvain.categories.forEach((group, c) => {
      const expected = reference.filter((r) => r[1] === group).map((r) => r[4]);
      expect(
        table['1'].map((row) => row[c]),
        group,
      ).toEqual(expected);
    });
  });
});
