import { beforeAll, describe, expect, it } from 'vitest';
import { bitsetOfIndices, QUEUES, type TTaskState } from '@atlas/contracts';
import {
  buildSelectionTiling,
  decodeSelectionIndex,
  deRows,
  encodeSelectionIndex,
  readH5ad,
  selectionWalkOf,
  selectRows,
  welchVsRest,
  wilcoxonVsRest,
  type H5adData,
} from '@atlas/spatial';
import { sharedData } from '@atlas/spatial/testing';
import { useTestApp } from '../../../test/harness.js';
import { buildImportedRun, buildTask } from '../../../test/factories.js';
import { readObject } from '../../infra/storage/index.js';
import type { ComputeQcResult } from './compute-qc.js';
import { cachedRowsRead, selectionCacheSize } from './selection-index.js';

/** gene.compute_qc with kwargs.reference: set A against set B (e.g. two shared annotations) instead of the rest. */
const H5AD = sharedData('visium-squidpy-tests/test_data.h5ad');

const t = useTestApp({ env: { ATLAS_DE_READ_PARTS_FROM_MB: '0' }, workers: QUEUES, requires: [H5AD] });
let source: H5adData;

beforeAll(async () => {
  expect((await buildImportedRun(t, { runId: 'D00001', source: H5AD, group: 'user' })).status).toBe('SUCCESS');
  source = await readH5ad(H5AD);
  // The import builds every web file; on a loaded shared machine that can take longer than the default hook limit.
}, 180_000);

const run = (args: unknown[], kwargs: Record<string, unknown>): Promise<TTaskState> =>
  buildTask(t, { name: 'gene.compute_qc', args, kwargs });

describe.skipIf(t.skip)('gene.compute_qc set A vs set B', () => {
  it('reads only the rows a ranking needs from an index read in parts, and keeps them', async () => {
    const first = await run(['data/D00001/h5/obj/genes.h5ad', [3, 4], ''], { reference: [5, 6] });
    expect(first.error).toBeNull();
    // (The cache is per process: other files' apps may hold entries too, and this file's replaces theirs.)
    expect(cachedRowsRead('atx-data', 'data/D00001/h5/obj/genes.h5ad')).toBe(4);
    const held = selectionCacheSize().bytes;
    await run(['data/D00001/h5/obj/genes.h5ad', [3, 4], ''], { reference: [5, 8] });
    expect(cachedRowsRead('atx-data', 'data/D00001/h5/obj/genes.h5ad')).toBe(5);
    // A partial index is counted by what it holds: its head and the rows read, growing as rows are read.
    expect(selectionCacheSize().bytes).toBeGreaterThan(held);
  });

  it('ranks set A against set B only, as Welch on those rows alone does', async () => {
    const a = Array.from({ length: 10 }, (_, i) => i);
    const b = Array.from({ length: 15 }, (_, i) => 20 + i);
    const done = await run(['data/D00001/h5/obj/genes.h5ad', a, 'ab'], { reference: b });
    expect(done.error).toBeNull();
    const result = done.result as ComputeQcResult;
    expect(result.n_selected).toBe(10);
    const expected = deRows(
      welchVsRest(
        selectRows(source.X, [...a, ...b]),
        a.map((_, i) => i),
      ),
    );
    const best = expected.reduce((x, y) => (y.score > x.score ? y : x));
    expect(result.table[0]!.name).toBe(source.varNames[best.index]);
    expect(result.table[0]!.score).toBeCloseTo(best.score, 4);
    const vsRest = (await run(['data/D00001/h5/obj/genes.h5ad', a, 'rest'], {})).result as ComputeQcResult;
    expect(vsRest.table[0]!.score).not.toBeCloseTo(result.table[0]!.score, 4);
  });

  it('takes either set as a bitset or as ranges (the forms a large lasso is posted in) and ranks it as the list', async () => {
    const asBitset = (indices: number[]) => ({ bitset: Buffer.from(bitsetOfIndices(indices)).toString('base64') });
    const a = [2, 9, 11, 30, 31];
    const b = [33, 40, 41, 47];
    const listed = await run(['data/D00001/h5/obj/genes.h5ad', a, 'k'], { reference: b });
    expect(listed.error).toBeNull();
    const packed = await run(['data/D00001/h5/obj/genes.h5ad', asBitset(a), 'k'], { reference: asBitset(b) });
    expect(packed.error).toBeNull();
    expect(packed.result).toEqual(listed.result);
    // The ranges form ([start, length, …]) of the same sets.
    const ranged = await run(['data/D00001/h5/obj/genes.h5ad', { ranges: [2, 1, 9, 1, 11, 1, 30, 2] }, 'k'], {
      reference: { ranges: [33, 1, 40, 2, 47, 1] },
    });
    expect(ranged.result).toEqual(listed.result);
    // An empty bitset is refused when posted, as an empty list is.
    await expect(run(['data/D00001/h5/obj/genes.h5ad', { bitset: 'AAA=' }, 'k'], {})).rejects.toThrow(
      /400 .*args\.1: Select at least one tixel/,
    );
  });

  it('refuses sets that share tixels or a tixel outside the run', async () => {
    const shared = await run(['data/D00001/h5/obj/genes.h5ad', [0, 1, 2], ''], { reference: [2, 3, 4] });
    expect([shared.status, shared.error]).toEqual(['FAILURE', 'Set A and set B share tixels']);
    const outside = await run(['data/D00001/h5/obj/genes.h5ad', [0, 1, 2], ''], { reference: [10_000_000] });
    expect(outside.status).toBe('FAILURE');
    expect(outside.error).toMatch(/Tixel index 10000000 is outside/);
  });
});

describe.skipIf(t.skip)('gene.compute_qc against the rest, from the web files selection index', () => {
  const file = 'data/D00001/h5/obj/genes.h5ad';
  const selected = [3, 5, 8, 13, 21, 34, 40];

  it('writes summations/genes.sel at import and ranks as welchVsRest / wilcoxonVsRest do, naming the test', async () => {
    expect(await t.infra.storage.exists('atx-data', 'data/D00001/h5/summations/genes.sel')).toBe(true);
    const cases = [
      { kwargs: {}, expected: welchVsRest(source.X, selected), test: ['t-test', false] },
      {
        kwargs: { method: 'wilcoxon' },
        expected: wilcoxonVsRest(source.X, selected, { tieCorrect: false }),
        test: ['wilcoxon', false],
      },
      {
        kwargs: { method: 'wilcoxon', tie_correct: true },
        expected: wilcoxonVsRest(source.X, selected, { tieCorrect: true }),
        test: ['wilcoxon', true],
      },
    ];
    for (const { kwargs, expected, test } of cases) {
      const done = await run([file, selected, 'k'], { ...kwargs, full_table: true });
      expect(done.error).toBeNull();
      const result = done.result as ComputeQcResult;
      expect([result.method, result.tie_correct]).toEqual(test);
      const byName = new Map(result.table.map((row) => [row.name, row]));
      deRows(expected).forEach((row) => {
        const got = byName.get(source.varNames[row.index]!)!;
        const close = (a: number, b: number) =>
          Number.isFinite(b) ? Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)) : true;
        expect(close(got.score, row.score) && close(got.log2fc, row.logFoldChange) && close(got.p_adj, row.pAdj)).toBe(
          true,
        );
      });
    }
  });

  it('takes whole tiles’ sums from an index with tilings, without reading their rows', async () => {
    const key = 'data/D00001/h5/summations/genes.sel';
    const bytes = await readObject(t.infra.storage, 'atx-data', key);
    const index = decodeSelectionIndex(bytes);
    // The run's observations on an 8-wide grid, in tiles of 8: a lasso over the first two tiles and one more row.
    const xy = Float64Array.from({ length: 2 * index.nObs }, (_, i) =>
      i % 2 === 0 ? (i / 2) % 8 : Math.floor(i / 16),
    );
    const tiling = buildSelectionTiling({ ...index, indptr: index.rowPtr, rankRowPtr: index.rowPtr }, xy, 8);
    const group = [...Array(index.nObs).keys()].filter((row) => tiling.tileOf[row]! < 2 || row === index.nObs - 1);
    const tiled = encodeSelectionIndex({ ...index, tilings: [tiling] });
    expect(selectionWalkOf(decodeSelectionIndex(tiled), group)).toMatchObject({
      tiles: { tiles: Int32Array.of(0, 1) },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await t.infra.storage.put('atx-data', key, Buffer.from(tiled));
    try {
      for (const [kwargs, expected] of [
        [{}, welchVsRest(source.X, group)],
        [{ method: 'wilcoxon' }, wilcoxonVsRest(source.X, group, { tieCorrect: false })],
      ] as const) {
        const done = await run([file, group, ''], { ...kwargs, full_table: true });
        expect(done.error).toBeNull();
        const byName = new Map((done.result as ComputeQcResult).table.map((row) => [row.name, row]));
        for (const row of deRows(expected)) {
          expect(byName.get(source.varNames[row.index]!)!.score).toBeCloseTo(row.score, 9);
        }
      }
    } finally {
      await t.infra.storage.put('atx-data', key, Buffer.from(bytes));
    }
  });

  it('keeps the decoded index between lassos and drops it when the web files change', async () => {
    await run([file, selected, ''], {});
    const before = selectionCacheSize();
    expect(before.entries).toBeGreaterThan(0);
    await run([file, [1, 2, 3], ''], {});
    expect(selectionCacheSize()).toEqual(before);
    // New web files (another matrix) replace the entry: scale every value, and the scores' log2FC follow.
    const key = 'data/D00001/h5/summations/genes.sel';
    const bytes = await readObject(t.infra.storage, 'atx-data', key);
    const index = decodeSelectionIndex(bytes);
    const shifted = { ...index, values: index.values.map((v) => v * 2), shift: index.shift.map((v) => v * 2) };
    shifted.shiftedSum = index.shiftedSum.map((v) => v * 2);
    shifted.shiftedSquares = index.shiftedSquares.map((v) => v * 4);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await t.infra.storage.put('atx-data', key, Buffer.from(encodeSelectionIndex(shifted)));
    const doubled = (await run([file, selected, ''], {})).result as ComputeQcResult;
    const expected = deRows(welchVsRest(scaled(source.X, 2), selected));
    const best = expected.reduce((x, y) => (y.score > x.score ? y : x));
    expect(doubled.table[0]!.name).toBe(source.varNames[best.index]);
    expect(doubled.table[0]!.log2fc).toBeCloseTo(best.logFoldChange, 6);
    await t.infra.storage.put('atx-data', key, Buffer.from(bytes));
  });
});

function scaled(matrix: H5adData['X'], by: number): H5adData['X'] {
  return { ...matrix, data: matrix.data.map((v) => v * by) } as H5adData['X'];
}
