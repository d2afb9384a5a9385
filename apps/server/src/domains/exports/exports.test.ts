import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { bitsetOfIndices, EXPORT_MSG, QUEUES, type ZDataRows } from '@atlas/contracts';
import { sharedData } from '@atlas/spatial/testing';
import { useTestApp } from '../../../test/harness.js';
import { buildAnnotation, buildGroup, buildImportedRun, buildUser } from '../../../test/factories.js';
import { anndataSkipReason, inCi, anndataVersion, runAnndataScript } from '../../../test/anndata-python.js';

/**
 * Exports (issue 34): a real run (squidpy's 49 Visium spots), a selection and an annotation of it, written as
 * .h5ad and opened by Debian's anndata, checked against what the explorer reads of the same run.
 */
const H5AD = sharedData('visium-squidpy-tests/test_data.h5ad');
const t = useTestApp({ workers: QUEUES, requires: [H5AD] });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let member: string;
let outsider: string;
let apiToken: string;
let table: z.infer<typeof ZDataRows>;
let barcodes: string[];
let genes: string[];
const selection = [40, 3, 7, 7, 21, 0];

beforeAll(async () => {
  await buildGroup(t, 'lab-exp');
  await buildGroup(t, 'lab-out');
  member = await buildUser(t, 'exp-member', ['user', 'lab-exp']);
  outsider = await buildUser(t, 'exp-outsider', ['user', 'lab-out']);
  const imported = await buildImportedRun(t, { runId: 'D00701', source: H5AD, group: 'lab-exp', public: false });
  expect(imported.status, JSON.stringify(imported.error)).toBe('SUCCESS');
  await buildAnnotation(t, { runId: 'D00701', tixels: [0, 1, 2, 3], name: 'Cortex/L1', token: member });
  const made = await t.api<{ token: string }>('POST', '/api/v1/auth/api_tokens', {
    token: member,
    body: { name: 'notebook' },
  });
  apiToken = made.body.token;
  table = (
    await t.api<z.infer<typeof ZDataRows>>('GET', '/api/v1/genes/data', { token: member, query: { run_id: 'D00701' } })
  ).body;
  barcodes = (await t.api<string[]>('GET', '/api/v1/genes/barcodes', { token: member, query: { run_id: 'D00701' } }))
    .body;
  genes = (await t.api<string[]>('GET', '/api/v1/genes/feature_names', { token: member, query: { run_id: 'D00701' } }))
    .body;
}, 180_000);

/** POST /api/v1/exports as a personal API token's bearer (the README's recipe) or a session. */
const exportOf = (body: Record<string, unknown>, auth = `Bearer ${apiToken}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/exports',
    headers: { authorization: auth, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

interface Opened {
  shape: [number, number];
  obs_names: string[];
  var_names: string[];
  obs: Record<string, (string | null)[]>;
  obsm: Record<string, number[][]>;
  x_type: string;
  /** Values of X's column of `gene`. */
  column: number[];
}

/** Opens an exported file with anndata and answers what the checks compare. */
const OPEN = `
import json, sys
import anndata, numpy as np, scipy.sparse as sp
a = anndata.read_h5ad(sys.argv[1])
col = a[:, sys.argv[2]].X
col = col.toarray().ravel() if sp.issparse(col) else np.asarray(col).ravel()
obs = {c: [None if isinstance(v, float) else str(v) for v in a.obs[c].tolist()] for c in a.obs.columns}
print(json.dumps({
  "shape": list(a.shape), "obs_names": list(a.obs_names), "var_names": list(a.var_names), "obs": obs,
  "obsm": {k: np.asarray(v).tolist() for k, v in a.obsm.items()}, "x_type": type(a.X).__name__,
  "column": col.tolist(),
}))
`;

async function exportAndOpen(body: Record<string, unknown>, gene: string): Promise<Opened> {
  const reply = await exportOf(body);
  expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
  expect(reply.headers['content-type']).toBe('application/x-hdf5');
  expect(Number(reply.headers['content-length'])).toBe(reply.rawPayload.byteLength);
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.h5ad`);
  fs.writeFileSync(file, reply.rawPayload);
  return runAnndataScript<Opened>(OPEN, [file, gene]);
}

/** The explorer's values of one gene for these rows, to compare X with. */
async function explorerValues(gene: string, rows: number[]): Promise<number[]> {
  const reply = await t.api<{ values: number[] }>('GET', '/api/v1/genes/expression', {
    token: member,
    query: { run_id: 'D00701', name: gene },
  });
  return rows.map((r) => reply.body.values[r]!);
}

describe.skipIf(t.skip)('exports', () => {
  it.skipIf(anndataSkipReason !== null)(
    `a whole run opens in anndata with X, obs, obsm and var as the explorer has them (${anndataSkipReason ?? `anndata ${anndataVersion}`})`,
    async () => {
      expect(anndataVersion, inCi ? 'CI must install python3-anndata (.ci/run)' : '').not.toBeNull();
      const gene = genes[5]!;
      const a = await exportAndOpen({ run_id: 'D00701' }, gene);
      const n = table.clusters.length;
      expect(a.shape).toEqual([n, genes.length]);
      expect(a.x_type).toBe('csr_matrix');
      expect(a.obs_names).toEqual(barcodes);
      expect(a.var_names).toEqual(genes);
      expect(Object.keys(a.obs)).toEqual(['cluster', 'annotation_Cortex_L1']);
      expect(a.obs.cluster).toEqual(table.clusters);
      expect(a.obs.annotation_Cortex_L1!.slice(0, 6)).toEqual([
        'Cortex/L1',
        'Cortex/L1',
        'Cortex/L1',
        'Cortex/L1',
        null,
        null,
      ]);
      expect(Object.keys(a.obsm).sort()).toEqual(['X_umap', 'spatial']);
      expect(a.obsm.spatial!.flat()).toEqual(table.spatial);
      expect(a.obsm.X_umap!.flat().map(Math.fround)).toEqual(table.umap.map(Math.fround));
      const values = await explorerValues(
        gene,
        Array.from({ length: n }, (_, i) => i),
      );
      expect(a.column.map(Math.fround)).toEqual(values.map(Math.fround));
      expect(values.some((v) => v > 0)).toBe(true);
    },
    120_000,
  );

  it.skipIf(anndataSkipReason !== null)(
    'a selection keeps its rows in run order, each once',
    async () => {
      const gene = genes[0]!;
      const a = await exportAndOpen({ run_id: 'D00701', observations: selection }, gene);
      const rows = [0, 3, 7, 21, 40];
      expect(a.shape).toEqual([rows.length, genes.length]);
      expect(a.obs_names).toEqual(rows.map((r) => barcodes[r]));
      expect(a.obs.cluster).toEqual(rows.map((r) => table.clusters[r]));
      expect(a.obsm.spatial).toEqual(rows.map((r) => [table.spatial[2 * r], table.spatial[2 * r + 1]]));
      expect(a.column.map(Math.fround)).toEqual((await explorerValues(gene, rows)).map(Math.fround));
    },
    120_000,
  );

  it.skipIf(anndataSkipReason !== null)(
    "a selection is read from the run's selection index alone, the whole run from its .csc",
    async () => {
      // With the .csc moved away, a selection still exports the same rows and values (its rows' entries come from
      // summations/genes.sel) and the whole run cannot: proof that a selection no longer reads the run's matrix.
      const gene = genes[3]!;
      const rows = [0, 3, 7, 21, 40];
      const expected = (await explorerValues(gene, rows)).map(Math.fround);
      const csc = { bucket: 'atx-data', key: 'data/D00701/h5/summations/genes.csc' };
      const aside = { ...csc, key: `${csc.key}.aside` };
      await t.infra.storage.move(csc, aside);
      try {
        const a = await exportAndOpen({ run_id: 'D00701', observations: selection }, gene);
        expect(a.shape).toEqual([rows.length, genes.length]);
        expect(a.obs_names).toEqual(rows.map((r) => barcodes[r]));
        expect(a.column.map(Math.fround)).toEqual(expected);
        const whole = await exportOf({ run_id: 'D00701' });
        expect([whole.statusCode, whole.json<{ msg: string }>().msg]).toEqual([404, EXPORT_MSG.noMatrix('D00701')]);
      } finally {
        await t.infra.storage.move(aside, csc);
      }
    },
    120_000,
  );

  it.skipIf(anndataSkipReason !== null)(
    "a selection of a run whose table is not cached reads its rows' lines alone, with the same result",
    async () => {
      // data.csv.gz and barcodes.txt.gz written again (same bytes, a new modification time): the cached table and
      // names are stale, so the export reads the selected lines from the files themselves.
      for (const file of ['data.csv.gz', 'barcodes.txt.gz']) {
        const stored = { bucket: 'atx-data', key: `data/D00701/h5/${file}` };
        const copy = { ...stored, key: `${stored.key}.copy` };
        await t.infra.storage.copy(stored, copy);
        await t.infra.storage.move(copy, stored);
      }
      const gene = genes[2]!;
      const rows = [0, 3, 7, 21, 40];
      const a = await exportAndOpen({ run_id: 'D00701', observations: selection }, gene);
      expect(a.obs_names).toEqual(rows.map((r) => barcodes[r]));
      expect(a.obs.cluster).toEqual(rows.map((r) => table.clusters[r]));
      expect(a.obsm.spatial).toEqual(rows.map((r) => [table.spatial[2 * r], table.spatial[2 * r + 1]]));
      expect(a.obsm.X_umap!.flat().map(Math.fround)).toEqual(
        rows.flatMap((r) => [table.umap[2 * r]!, table.umap[2 * r + 1]!]).map(Math.fround),
      );
      expect(a.obs.annotation_Cortex_L1).toEqual(['Cortex/L1', 'Cortex/L1', null, null, null]);
      expect(a.column.map(Math.fround)).toEqual((await explorerValues(gene, rows)).map(Math.fround));
    },
    120_000,
  );

  it('an annotation exports its tixels; barcodes come as CSV', async () => {
    const list = await t.api<{ id: string }[]>('GET', '/api/v1/annotations', {
      token: member,
      query: { run_id: 'D00701' },
    });
    const id = list.body[0]!.id;
    const csv = await exportOf({ run_id: 'D00701', annotation_id: id, format: 'csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="D00701_Cortex_L1_barcodes.csv"');
    expect(csv.body.trim().split('\n')).toEqual([
      'index,barcode,cluster',
      ...[0, 1, 2, 3].map((r) => `${r},${barcodes[r]},${table.clusters[r]}`),
    ]);
    const whole = await exportOf({ run_id: 'D00701', format: 'csv' });
    expect(whole.body.trim().split('\n')).toHaveLength(table.clusters.length + 1);
  });

  it('refuses a private run to another group as missing, and bad or out-of-range input with a message', async () => {
    const refused = await exportOf({ run_id: 'D00701' }, `JWT ${outsider}`);
    expect(refused.statusCode).toBe(404);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ run_id: 'D00701', observations: [999] }, 400, EXPORT_MSG.observationOutOfRange(999, 'D00701', 49)],
      // The bitset form (how the explorer posts a large selection) is read into the same indices and checked alike.
      [
        { run_id: 'D00701', observations: { bitset: Buffer.from(bitsetOfIndices([2, 999])).toString('base64') } },
        400,
        EXPORT_MSG.observationOutOfRange(999, 'D00701', 49),
      ],
      [{ run_id: 'D00701', observations: [] }, 400, 'observations: An annotation holds at least one tixel'],
      [{ run_id: 'D00701', observations: [1], annotation_id: '00000000-0000-4000-8000-000000000000' }, 400, 'not both'],
      [{ run_id: 'D00701', format: 'zip' }, 400, 'format'],
      [{ run_id: 'D00701', annotation_id: '00000000-0000-4000-8000-000000000000' }, 404, 'not found'],
    ];
    for (const [body, status, msg] of cases) {
      const reply = await exportOf(body);
      expect([reply.statusCode, reply.json<{ msg: string }>().msg], JSON.stringify(body)).toEqual([
        status,
        expect.stringContaining(msg),
      ]);
    }
  });
});
