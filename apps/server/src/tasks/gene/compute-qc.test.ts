import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES, type TTaskState } from '@atlas/contracts';
import { deRows, readH5ad, selectRows, welchVsRest, type H5adData } from '@atlas/spatial';
import { sharedData } from '@atlas/spatial/testing';
import { createTestApp, settleTask, type TestApp } from '../../../test/harness.js';
import { adminToken, api } from '../../../test/accounts.js';
import { importRun, sourceFromPath } from '../../domains/imports/service.js';
import type { ComputeQcResult } from './compute-qc.js';

/** gene.compute_qc with kwargs.reference: set A against set B (e.g. two shared annotations) instead of the rest. */
const H5AD = sharedData('visium-squidpy-tests/test_data.h5ad');
const haveData = fs.existsSync(H5AD);

let t: TestApp;
let admin: string;
let source: H5adData;

beforeAll(async () => {
  if (!haveData) return;
  t = await createTestApp();
  await t.infra.queue.startWorkers(QUEUES);
  admin = await adminToken(t.app);
  const posted = await importRun(t.infra, await sourceFromPath(H5AD), {
    runId: 'D00001',
    group: 'user',
    requestedBy: null,
  });
  expect((await settleTask(t.infra.queue, posted._id)).status).toBe('SUCCESS');
  source = await readH5ad(H5AD);
});
afterAll(() => t?.close());

const run = async (args: unknown[], kwargs: Record<string, unknown>): Promise<TTaskState> => {
  const posted = await api<TTaskState>(t.app, 'POST', '/api/v1/task', {
    token: admin,
    body: { task: 'gene.compute_qc', queue: 'atxcloud_gene', args, kwargs },
  });
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  return settleTask(t.infra.queue, posted.body._id);
};

describe.skipIf(!haveData)('gene.compute_qc set A vs set B', () => {
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

  it('refuses sets that share tixels or a tixel outside the run', async () => {
    const shared = await run(['data/D00001/h5/obj/genes.h5ad', [0, 1, 2], ''], { reference: [2, 3, 4] });
    expect([shared.status, shared.error]).toEqual(['FAILURE', 'Set A and set B share tixels']);
    const outside = await run(['data/D00001/h5/obj/genes.h5ad', [0, 1, 2], ''], { reference: [10_000_000] });
    expect(outside.status).toBe('FAILURE');
    expect(outside.error).toMatch(/Tixel index 10000000 is outside/);
  });
});
