import { gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BARCODE_BLOCK,
  CATALOGUE_MSG,
  GENES_MSG,
  QUEUES,
  SELECTION_TABLE_ROWS,
  type TTaskState,
} from '@atlas/contracts';
import {
  column,
  decodeTixelTable,
  getSummationText,
  parseSummationLine,
  readH5ad,
  summationChunkPath,
  type H5adData,
} from '@atlas/spatial';
import { setRunPublic, useTestApp } from '../../../test/harness.js';
import { buildGroup, buildImportedRun, buildUser, buildVisitor } from '../../../test/factories.js';
import type { CellTypeReport } from '../../tasks/gene/compute-cell-type.js';
import type { ComputeQcResult } from '../../tasks/gene/compute-qc.js';
import { sharedData } from '@atlas/spatial/testing';
import { decodeSparseValues, SPARSE_VALUES_MEDIA_TYPE } from '@atlas/spatial/feature-values';
import { readObject } from '../../infra/storage/index.js';

const H5AD = sharedData('visium-squidpy-tests/test_data.h5ad');

const t = useTestApp({ workers: QUEUES, requires: [H5AD] });
let member: string;
let outsider: string;
let visitor: string;
let source: H5adData;

const setPublic = (runId: string, value: boolean) => setRunPublic(t.infra.db, runId, value);

beforeAll(async () => {
  await buildGroup(t, 'lab2');
  member = await buildUser(t, 'member', ['user']);
  outsider = await buildUser(t, 'outsider', ['lab2']);
  visitor = await buildVisitor(t);
  expect((await buildImportedRun(t, { runId: 'D00001', source: H5AD, group: 'user' })).status).toBe('SUCCESS');
  await t.infra.storage.put(
    'atx-data',
    'data/D00001/h5/obj/motifs.csv',
    'motif,1,2,3\nMA0001.1_AGL3,4,0,1\nMA0001.1_AGL3,0,4,1\nMA0001.1_AGL3,0,0,1\nMA0001.1_AGL3,0,0,1\n',
  );
  source = await readH5ad(H5AD);
});

describe.skipIf(t.skip)('run-data routes /api/v1/genes', () => {
  it('serves names, data rows and expressions to members of the run’s group', async () => {
    const names = await t.api<string[]>('GET', '/api/v1/genes/feature_names', {
      token: member,
      query: { run_id: 'D00001', kind: 'genes' },
    });
    expect(names).toEqual({ status: 200, body: source.varNames });
    // As browsers ask: gzipped, with an ETag that answers a caller holding the same names with a 304.
    const asked = { authorization: `JWT ${member}`, 'accept-encoding': 'gzip, deflate, br' };
    const url = '/api/v1/genes/feature_names?run_id=D00001&kind=genes';
    const zipped = await t.app.inject({ method: 'GET', url, headers: asked });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(source.varNames);
    const etag = String(zipped.headers.etag);
    const again = await t.app.inject({ method: 'GET', url, headers: { ...asked, 'if-none-match': etag } });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    // Another caller's token is checked before any kept answer: the outsider still gets the 404.
    const other = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `JWT ${outsider}`, 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(404);
    const rows = await t.api<{ clusters: string[]; spatial: number[]; umap: number[] }>('GET', '/api/v1/genes/data', {
      token: member,
      query: { run_id: 'D00001' },
    });
    expect(rows.status).toBe(200);
    expect(rows.body.clusters).toHaveLength(49);
    // The tixel under the pointer is named by the file's own obs names, in the table's order.
    const barcodes = await t.api<string[]>('GET', '/api/v1/genes/barcodes', {
      token: member,
      query: { run_id: 'D00001' },
    });
    expect(barcodes).toEqual({ status: 200, body: source.obsNames });
    // The tooltip's block of them; a block past the run's names, or not a block number, is refused with the reason.
    const block = (b: string) =>
      t.api<unknown>('GET', '/api/v1/genes/barcodes', { token: member, query: { run_id: 'D00001', block: b } });
    expect(await block('0')).toEqual({ status: 200, body: source.obsNames.slice(0, BARCODE_BLOCK) });
    expect(await block('1')).toMatchObject({
      status: 400,
      body: { msg: GENES_MSG.barcodeBlockOutside(1, source.obsNames.length, BARCODE_BLOCK) },
    });
    for (const bad of ['-1', '0.5', 'first']) expect((await block(bad)).status).toBe(400);
    expect(rows.body.spatial.slice(0, 2)).toEqual(Array.from(source.obsm.spatial!.data.subarray(0, 2)));
    // The same table in binary, as the explorer asks for it: each column the plots draw equal to the JSON one.
    const binary = await t.app.inject({
      method: 'GET',
      url: '/api/v1/genes/data?run_id=D00001',
      headers: { authorization: `JWT ${member}`, accept: 'application/octet-stream' },
    });
    expect(binary.statusCode).toBe(200);
    expect(binary.headers['content-type']).toBe('application/octet-stream');
    const raw = binary.rawPayload;
    const table = decodeTixelTable(new Uint8Array(raw).buffer);
    expect(table.runId).toBe('D00001');
    const clusters = table.categories.clusters!;
    expect(Array.from(clusters.codes, (c) => clusters.names[c])).toEqual(rows.body.clusters);
    expect(Array.from(table.spatial)).toEqual(rows.body.spatial.map(Math.fround));
    expect(Array.from(table.umap)).toEqual(rows.body.umap);
    const name = source.varNames[7]!;
    const expression = await t.api<{ index: number; values: number[] }>('GET', '/api/v1/genes/expression', {
      token: member,
      query: { run_id: 'D00001', name: name.toLowerCase() },
    });
    expect(expression.body.index).toBe(7);
    expect(expression.body.values).toEqual(Array.from(column(source.X, 7)));
    expect(
      (
        await t.api('GET', '/api/v1/genes/expression', {
          token: member,
          query: { run_id: 'D00001', name: 'NoSuchGene' },
        })
      ).body,
    ).toEqual({ msg: GENES_MSG.featureNotFound('NoSuchGene'), status_code: 404 });
    expect(
      (
        await t.api('GET', '/api/v1/genes/feature_names', {
          token: member,
          query: { run_id: 'D00001', kind: 'motifs' },
        })
      ).body,
    ).toEqual({ msg: GENES_MSG.kindUnavailable('motifs'), status_code: 404 });
    const bad = await t.api('POST', '/api/v1/genes/get_summation', {
      token: member,
      body: { run_id: 'D00001', filename: 'geneSummation', rows: [5000] },
    });
    expect(bad).toEqual({ status: 400, body: { msg: 'Feature index 5000 is outside 0..1998', status_code: 400 } });
  });

  it('answers get_summation text from the binary matrix, line for line the stored text files', async () => {
    const rows = [1998, 7, 0, 7, 1000, 999];
    const ask = () =>
      t.api<string[]>('POST', '/api/v1/genes/get_summation', {
        token: member,
        body: { run_id: 'D00001', filename: 'geneSummation', rows },
      });
    const chunkKey = (k: number) => `data/D00001/h5/${summationChunkPath('geneSummation', k)}`;
    const stored = await getSummationText(rows, (k) => readObject(t.infra.storage, 'atx-data', chunkKey(k)));
    expect(await ask()).toEqual({ status: 200, body: stored });
    // Never from the text chunks while the .csc is there (a chunk is 1,000 lines to decompress for one): a broken
    // chunk changes nothing. The run's web files of a Visium HD run have no chunks at all.
    const saved = Buffer.from(await readObject(t.infra.storage, 'atx-data', chunkKey(0)));
    await t.infra.storage.put('atx-data', chunkKey(0), 'not gzip');
    try {
      expect(await ask()).toEqual({ status: 200, body: stored });
    } finally {
      await t.infra.storage.put('atx-data', chunkKey(0), saved);
    }
  });

  it('answers a run without a .csc (made by the original system) from its stored text files', async () => {
    const csc = 'data/D00001/h5/summations/genes.csc';
    const saved = Buffer.from(await readObject(t.infra.storage, 'atx-data', csc));
    await t.infra.storage.delete('atx-data', csc);
    try {
      const text = await t.api<string[]>('POST', '/api/v1/genes/get_summation', {
        token: member,
        body: { run_id: 'D00001', filename: 'geneSummation', rows: [1998, 3] },
      });
      const stored = await getSummationText([1998, 3], (k) =>
        readObject(t.infra.storage, 'atx-data', `data/D00001/h5/${summationChunkPath('geneSummation', k)}`),
      );
      expect(text).toEqual({ status: 200, body: stored });
      const binary = await t.app.inject({
        method: 'POST',
        url: '/api/v1/genes/get_summation',
        headers: { authorization: `JWT ${member}`, accept: 'application/octet-stream' },
        payload: { run_id: 'D00001', filename: 'geneSummation', rows: [3] },
      });
      expect(binary.headers['x-tixels']).toBe('49');
      const values = new Float32Array(new Uint8Array(binary.rawPayload).buffer);
      expect(Array.from(values)).toEqual(Array.from(parseSummationLine(stored[1]!)));
      expect(
        (
          await t.api('POST', '/api/v1/genes/get_summation', {
            token: member,
            body: { run_id: 'D00001', filename: 'geneSummation', rows: [1999] },
          })
        ).body,
      ).toEqual({ msg: 'Feature index 1999 is outside 0..1998', status_code: 400 });
    } finally {
      await t.infra.storage.put('atx-data', csc, saved);
    }
  });

  it('sends a mostly-zero gene in the sparse form to a browser that asks for it, the same values once decoded', async () => {
    const pick = (accept: string, rows: number[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/genes/get_summation',
        headers: { authorization: `JWT ${member}`, accept },
        payload: { run_id: 'D00001', filename: 'geneSummation', rows },
      });
    const asked = `${SPARSE_VALUES_MEDIA_TYPE}, application/octet-stream;q=0.9`;
    // The demo run's genes: find one zero on at least three quarters of the 49 tixels, and one that is not.
    let sparseRow = -1;
    let denseRow = -1;
    for (let row = 0; row < 60 && (sparseRow < 0 || denseRow < 0); row++) {
      const dense = new Float32Array(new Uint8Array((await pick('application/octet-stream', [row])).rawPayload).buffer);
      const nonZero = dense.filter((v) => v !== 0).length;
      if (nonZero * 4 <= dense.length && sparseRow < 0) sparseRow = row;
      if (nonZero * 4 > dense.length && denseRow < 0) denseRow = row;
    }
    expect(sparseRow).toBeGreaterThanOrEqual(0);
    const dense = new Float32Array(
      new Uint8Array((await pick('application/octet-stream', [sparseRow])).rawPayload).buffer,
    );
    const sparse = await pick(asked, [sparseRow]);
    expect(sparse.headers['content-type']).toBe(SPARSE_VALUES_MEDIA_TYPE);
    expect(sparse.rawPayload.byteLength).toBeLessThanOrEqual(dense.byteLength / 2);
    const body = new Uint8Array(sparse.rawPayload).slice().buffer;
    expect(Array.from(decodeSparseValues(body, Number(sparse.headers['x-tixels'])))).toEqual(Array.from(dense));
    // Dense when sparse would not halve it, and for several rows at once.
    if (denseRow >= 0) expect((await pick(asked, [denseRow])).headers['content-type']).toBe('application/octet-stream');
    expect((await pick(asked, [sparseRow, 0])).headers['content-type']).toBe('application/octet-stream');
    // A row past the run's features, asked in the sparse form (read from the stored entries): the same refusal.
    const outside = await pick(asked, [1999]);
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toEqual({ msg: 'Feature index 1999 is outside 0..1998', status_code: 400 });
  });

  it('keeps the tixel table serialised per version of data.csv.gz: an ETag, a 304, a new answer once it changes', async () => {
    const url = '/api/v1/genes/data?run_id=D00001';
    const headers = { authorization: `JWT ${member}` };
    const first = await t.app.inject({ method: 'GET', url, headers });
    expect(first.statusCode).toBe(200);
    expect(first.headers.vary).toContain('accept');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"/);
    const again = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    // Another caller's token is checked before any kept answer.
    expect((await t.app.inject({ method: 'GET', url, headers: { authorization: `JWT ${outsider}` } })).statusCode).toBe(
      404,
    );
    const key = 'data/D00001/h5/data.csv.gz';
    const saved = Buffer.from(await readObject(t.infra.storage, 'atx-data', key));
    const csv = gunzipSync(saved).toString('utf8');
    const renamed = csv.replace(/\n(\S+?),/, '\nRENAMED,');
    expect(renamed).not.toBe(csv);
    try {
      await t.infra.storage.put('atx-data', key, gzipSync(renamed));
      const changed = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
    } finally {
      await t.infra.storage.put('atx-data', key, saved);
    }
  });

  it('hides the run from other groups and from public sessions (404), refuses anonymous callers (401)', async () => {
    const notFound = { status: 404, body: { msg: GENES_MSG.runNotFound('D00001'), status_code: 404 } };
    expect(await t.api('GET', '/api/v1/genes/feature_names', { token: outsider, query: { run_id: 'D00001' } })).toEqual(
      notFound,
    );
    expect(await t.api('GET', '/api/v1/genes/data', { token: visitor, query: { run_id: 'D00001' } })).toEqual(notFound);
    expect(
      await t.api('POST', '/api/v1/genes/get_summation', {
        token: outsider,
        body: { run_id: 'D00001', filename: 'geneSummation', rows: [0] },
      }),
    ).toEqual(notFound);
    expect((await t.api('GET', '/api/v1/genes/data', { query: { run_id: 'D00001' } })).status).toBe(401);
  });

  it('serves a public run to a public session holding its link, and public tasks resolved from it; private runs have no link', async () => {
    expect(await t.api('POST', '/api/v1/run_db/encode_link', { token: member, body: { run_id: 'D00001' } })).toEqual({
      status: 409,
      body: { msg: CATALOGUE_MSG.linkPrivateRun('D00001'), status_code: 409 },
    });
    await setPublic('D00001', true);
    const link = await t.api<{ encoded: string }>('POST', '/api/v1/run_db/encode_link', {
      token: member,
      body: { run_id: 'D00001' },
    });
    expect(link.status).toBe(200);
    const encoded = link.body.encoded;
    expect(
      (
        await t.api<string[]>('GET', '/api/v1/genes/feature_names', {
          token: visitor,
          query: { encoded, kind: '1' },
        })
      ).body,
    ).toEqual(source.varNames);
    const text = await t.api<string[]>('POST', '/api/v1/genes/get_summation', {
      token: visitor,
      body: { encoded, filename: 'data/D00001/h5/summations/geneSummation', rows: [3, 0] },
    });
    expect(text.body).toHaveLength(2);
    expect(text.body[0]!.split(',')).toHaveLength(49);
    expect(
      (await t.api('GET', '/api/v1/genes/data', { token: visitor, query: { encoded: `${encoded}x` } })).status,
    ).toBe(400);

    const posted = await t.api<TTaskState>('POST', '/api/v1/genes/public_task', {
      token: visitor,
      body: { encoded, task: 'gene.compute_qc', kind: 1, selection: [0, 1, 2, 3, 4, 5], key: 'anti' },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const done = await t.settle(posted.body._id);
    expect(done.status).toBe('SUCCESS');
    expect((done.result as ComputeQcResult).top_selected).toHaveLength(10);
    // The same cells as ranges, the form the explorer posts a lasso of consecutive cells in: the same answer.
    const ranged = await t.api<TTaskState>('POST', '/api/v1/genes/public_task', {
      token: visitor,
      body: { encoded, task: 'gene.compute_qc', kind: 1, selection: { ranges: [0, 6] }, key: 'anti' },
    });
    expect(ranged.status, JSON.stringify(ranged.body)).toBe(200);
    expect((await t.settle(ranged.body._id)).result).toEqual(done.result);
    expect(
      (
        await t.api('POST', '/api/v1/genes/public_task', {
          token: visitor,
          body: { encoded, task: 'gene.compute_qc', kind: 2, selection: [0] },
        })
      ).body,
    ).toEqual({ msg: GENES_MSG.kindUnavailable('motifs'), status_code: 400 });

    // A run made private closes its links at once: data, tasks and the task's state.
    await setPublic('D00001', false);
    const closed = { status: 404, body: { msg: GENES_MSG.runNotFound('D00001'), status_code: 404 } };
    expect(
      await t.api('GET', '/api/v1/genes/feature_names', { token: visitor, query: { encoded, kind: '1' } }),
    ).toEqual(closed);
    expect(
      await t.api('POST', '/api/v1/genes/public_task', {
        token: visitor,
        body: { encoded, task: 'gene.compute_qc', kind: 1, selection: [0] },
      }),
    ).toEqual(closed);
    expect((await t.api('GET', `/api/v1/task/${posted.body._id}`, { token: visitor, query: { encoded } })).status).toBe(
      404,
    );
  });
});

describe.skipIf(t.skip)('GET /api/v1/genes/top_ten', () => {
  async function stored(kind: string): Promise<unknown> {
    const { body } = await t.infra.storage.get('atx-data', `data/D00001/h5/topTen_${kind}.json`);
    const chunks: Buffer[] = [];
    for await (const c of body as AsyncIterable<Buffer>) chunks.push(c);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  }

  it('answers topTen_{kind}.json as stored to a member of the run’s group', async () => {
    const reply = await t.api<{ '1': string[][]; '-1': string[][] }>('GET', '/api/v1/genes/top_ten', {
      token: member,
      query: { run_id: 'D00001', kind: 'genes' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(await stored('genes'));
    expect(reply.body['1']).toHaveLength(10);
    expect(reply.body['-1']).toHaveLength(10);
  });

  it('hides the run from other groups and from public sessions without a link (404)', async () => {
    const notFound = { status: 404, body: { msg: GENES_MSG.runNotFound('D00001'), status_code: 404 } };
    expect(
      await t.api('GET', '/api/v1/genes/top_ten', { token: outsider, query: { run_id: 'D00001', kind: 'genes' } }),
    ).toEqual(notFound);
    expect(
      await t.api('GET', '/api/v1/genes/top_ten', { token: visitor, query: { run_id: 'D00001', kind: 'genes' } }),
    ).toEqual(notFound);
  });

  it('serves a public session holding a valid encoded link', async () => {
    await setPublic('D00001', true);
    const link = await t.api<{ encoded: string }>('POST', '/api/v1/run_db/encode_link', {
      token: member,
      body: { run_id: 'D00001' },
    });
    const reply = await t.api('GET', '/api/v1/genes/top_ten', {
      token: visitor,
      query: { encoded: link.body.encoded, kind: '1' },
    });
    await setPublic('D00001', false);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(await stored('genes'));
  });

  it('is a 404 with a clear message when the run has no such table', async () => {
    expect(
      await t.api('GET', '/api/v1/genes/top_ten', { token: member, query: { run_id: 'D00001', kind: 'motifs' } }),
    ).toEqual({
      status: 404,
      body: { msg: GENES_MSG.topTenMissing('D00001', 'motifs'), status_code: 404 },
    });
  });
});

describe.skipIf(t.skip)('gene tasks on atxcloud_gene', () => {
  const post = (token: string, task: string, args: unknown[]) =>
    t.api<TTaskState>('POST', '/api/v1/task', { token, body: { task, queue: 'atxcloud_gene', args } });

  it('gene.compute_qc: top_selected 10 names, the top rows or the full ranked table; other groups’ runs are refused', async () => {
    const clusters = (
      await t.api<{ clusters: string[] }>('GET', '/api/v1/genes/data', {
        token: member,
        query: { run_id: 'D00001' },
      })
    ).body.clusters;
    const selected = clusters.flatMap((c, i) => (c === '0' ? [i] : [])); // leiden '0', the file's own name
    const ranked = async (kwargs: Record<string, unknown>) => {
      const reply = await t.api<TTaskState>('POST', '/api/v1/task', {
        token: member,
        body: {
          task: 'gene.compute_qc',
          queue: 'atxcloud_gene',
          args: ['data/D00001/h5/obj/genes.h5ad', selected, 'key1'],
          kwargs,
        },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const done = await t.settle(reply.body._id);
      expect(done.error).toBeNull();
      return done.result as ComputeQcResult;
    };
    // By default the top rows only (what the dialog shows), and how many features there are.
    const top = await ranked({});
    expect(top).toMatchObject({ key: 'key1', n_selected: selected.length, n_features: 1999 });
    expect(top.table).toHaveLength(SELECTION_TABLE_ROWS);
    const result = await ranked({ full_table: true });
    expect(result).toMatchObject({ key: 'key1', n_selected: selected.length, n_features: 1999 });
    expect(result.table).toHaveLength(1999);
    expect(result.table.slice(0, SELECTION_TABLE_ROWS)).toEqual(top.table);
    expect(result.top_selected).toEqual(result.table.slice(0, 10).map((r) => r.name));
    for (let i = 1; i < result.table.length; i++)
      expect(result.table[i - 1]!.score).toBeGreaterThanOrEqual(result.table[i]!.score);
    expect(Object.keys(result.table[0]!).sort()).toEqual(['log2fc', 'name', 'p', 'p_adj', 'score']);

    // Refused when posted (no task row), as for a missing run.
    expect((await post(outsider, 'gene.compute_qc', ['data/D00001/h5/obj/genes.h5ad', [0, 1], ''])).body).toEqual({
      msg: GENES_MSG.runNotFound('D00001'),
      status_code: 404,
    });
    expect((await post(member, 'gene.compute_qc', ['../etc/passwd', [0], ''])).status).toBe(400);
    // Tixel indices: refused when posted, with the reason and the place of the first bad one.
    const file = 'data/D00001/h5/obj/genes.h5ad';
    for (const [selected, reason] of [
      [[], 'Select at least one tixel'],
      [[0, -1], 'Expected a tixel index'],
      [[0, 1.5], 'Expected a tixel index'],
      [[0, 'x'], 'expected number'],
    ] as const) {
      const refused = await post(member, 'gene.compute_qc', [file, selected, '']);
      expect(refused.status, JSON.stringify(selected)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(reason);
    }
  });

  it('gene.compute_cell_type and gene.seq_logo', async () => {
    const topTen = JSON.parse(
      (
        await t.infra.storage.get('atx-data', 'data/D00001/h5/topTen_genes.json').then(async (o) => {
          const chunks: Buffer[] = [];
          for await (const c of o.body as AsyncIterable<Buffer>) chunks.push(c);
          return Buffer.concat(chunks);
        })
      ).toString(),
    ) as { '1': string[][] };
    const markers = { Astrocytes: topTen['1'].slice(0, 3).map((row) => row[0]!) };
    const cellTypes = await t.settle(
      (await post(t.admin, 'gene.compute_cell_type', ['data/D00001/h5/obj/genes.h5ad', markers])).body._id,
    );
    expect(cellTypes.error).toBeNull();
    const map = cellTypes.result as Record<string, string[]>;
    expect(Object.keys(map)).toEqual(['0', '2', '6', '7', '9']); // the file's leiden categories present, natural order
    // Each cluster carries its labels, or 'Undefined' when no marker passes the Yuen test (t > 2) on this small run.
    for (const labels of Object.values(map))
      expect(labels.length > 0 && labels.every((l) => l === 'Astrocytes' || l === 'Undefined')).toBe(true);
    // kwargs explain (the explorer's dialog): the same map, and why each 'Undefined' cluster has no label.
    const explained = await t.api<TTaskState>('POST', '/api/v1/task', {
      token: t.admin,
      body: {
        task: 'gene.compute_cell_type',
        queue: 'atxcloud_gene',
        args: ['data/D00001/h5/obj/genes.h5ad', markers],
        kwargs: { explain: true },
      },
    });
    const report = (await t.settle(explained.body._id)).result as CellTypeReport;
    expect(report.cell_types).toEqual(map);
    expect(report.skipped).toEqual([
      { cluster: '6', n: 1 },
      { cluster: '7', n: 1 },
      { cluster: '9', n: 1 },
    ]);
    expect(Object.keys(report.reasons).sort()).toEqual(
      Object.entries(map)
        .filter(([, labels]) => labels[0] === 'Undefined')
        .map(([c]) => c)
        .sort(),
    );

    const logo = await t.settle(
      (await post(t.admin, 'gene.seq_logo', ['data/D00001/h5/obj/motifs.csv', 'MA0001.1-AGL3'])).body._id,
    );
    expect(logo.error).toBeNull();
    expect(logo.result).toEqual([
      [
        ['A', 1],
        ['C', 0],
        ['G', 0],
        ['T', 0],
      ],
      [
        ['A', 0],
        ['C', 1],
        ['G', 0],
        ['T', 0],
      ],
      [
        ['A', 0.25],
        ['C', 0.25],
        ['G', 0.25],
        ['T', 0.25],
      ],
    ]);
    const missing = await t.settle(
      (await post(t.admin, 'gene.seq_logo', ['data/D00001/h5/obj/motifs.csv', 'NOPE'])).body._id,
    );
    expect(missing).toMatchObject({ status: 'FAILURE', error: 'Motif not found' });
  });
});

describe.skipIf(t.skip)('barcodes of web files built before they were kept', () => {
  it('answers 404 with what to do, not 500', async () => {
    await t.infra.storage.delete('atx-data', 'data/D00001/h5/barcodes.txt.gz');
    const answer = await t.api('GET', '/api/v1/genes/barcodes', { token: member, query: { run_id: 'D00001' } });
    expect(answer).toEqual({ status: 404, body: { msg: GENES_MSG.barcodesMissing('D00001'), status_code: 404 } });
  });
});
