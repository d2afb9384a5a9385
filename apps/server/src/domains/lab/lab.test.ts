import type { KyselyPlugin } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { buildLabRecords, buildUser } from '../../../test/factories.js';
import { labStore } from './store.js';
import { postForm } from '../../../test/forms.js';
import { dataBucket } from '../../config.js';
import { LAB_MSG, ZImportPreview } from '@atlas/contracts';

const t = useTestApp();
const get = (url: string, query: Record<string, string> = {}) => t.api<unknown>('GET', url, { token: t.admin, query });
const put = (url: string, body: unknown) => t.api<Record<string, unknown>>('PUT', url, { token: t.admin, body });
const W = '/api/v1/dataset/wafers';
const C = '/api/v1/dataset/chips';
const D = '/api/v1/dataset/dbits';
const list = async (url: string, filter?: unknown, options?: unknown) => {
  const query: Record<string, string> = {};
  if (filter !== undefined) query.filter = JSON.stringify(filter);
  if (options !== undefined) query.options = JSON.stringify(options);
  return get(url, query) as Promise<{ status: number; body: Array<Record<string, unknown>> & { msg?: string } }>;
};

beforeAll(() =>
  buildLabRecords(t, 'wafers', [
    { wafer_id: 'W001', generation: 3, diameter: 100, date_acquired: '2024-01-05', vendor: 'Acme', tags: ['a'] },
    { wafer_id: 'W002', generation: 4, diameter: 150, vendor: 'acme labs' },
    { wafer_id: 'W003', generation: 4, diameter: 200, vendor: 'Other' },
  ]),
);

describe('filters over the API', () => {
  it('equality, $in, case-insensitive $regex, $or', async () => {
    const keys = async (filter: unknown) => (await list(W, filter)).body.map((r) => r.wafer_id);
    expect(await keys({ generation: 4 })).toEqual(['W002', 'W003']);
    expect(await keys({ wafer_id: 'W001' })).toEqual(['W001']);
    expect(await keys({ wafer_id: { $in: ['W001', 'W003', 'W999'] } })).toEqual(['W001', 'W003']);
    expect(await keys({ vendor: { $regex: '^ACME' } })).toEqual(['W001', 'W002']);
    expect(await keys({ vendor: { $regex: 'acme', $options: 'i' }, generation: 4 })).toEqual(['W002']);
    expect(await keys({ $or: [{ diameter: 200 }, { wafer_id: 'W001' }] })).toEqual(['W001', 'W003']);
    expect(await keys({ tags: ['a'] })).toEqual(['W001']);
    expect(await keys({ missing_field: null })).toEqual(['W001', 'W002', 'W003']);
    expect(await keys({})).toEqual(['W001', 'W002', 'W003']);
  });

  it('projection, sort, limit and skip', async () => {
    const r = await list(W, {}, { projection: { wafer_id: 1, diameter: 1, _id: 0 }, sort: { diameter: -1 }, limit: 2 });
    expect(r.body).toEqual([
      { wafer_id: 'W003', diameter: 200 },
      { wafer_id: 'W002', diameter: 150 },
    ]);
    const skipped = await list(W, {}, { sort: [['diameter', 1]], skip: 1, limit: 1 });
    expect(skipped.body.map((x) => x.wafer_id)).toEqual(['W002']);
    const excluded = await list(W, { wafer_id: 'W001' }, { projection: { vendor: 0, tags: 0 } });
    expect(Object.keys(excluded.body[0]!).sort()).toEqual([
      '_id',
      'date_acquired',
      'diameter',
      'generation',
      'wafer_id',
    ]);
  });

  it.each([
    [{ $where: 'sleep(1)' }, undefined, /\$where/],
    [{ diameter: { $gt: 100 } }, undefined, /\$gt/],
    [{ a: { b: { $ne: 1 } } }, undefined, /\$ne/],
    [{ vendor: { $regex: '[' } }, undefined, /Invalid regular expression/],
    [{}, { hint: 'x' }, /Unsupported option/],
  ])('rejects %j %j with 400 and a message', async (filter, options, message) => {
    const r = await list(W, filter, options);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ status_code: 400 });
    expect(r.body.msg).toMatch(message);
  });

  it('rejects filters that are not JSON', async () => {
    const r = (await get(W, { filter: '{oops' })) as { status: number; body: { msg: string } };
    expect(r).toMatchObject({ status: 400, body: { msg: 'The filter parameter is not valid JSON.' } });
  });
});

describe('PUT, DELETE, existence, history', () => {
  it('creates and updates by key, keeping free-form fields; audits before and after', async () => {
    const created = await put(W, [{ wafer_id: 'W100', generation: 1, lab_note: 'fresh', nested: { a: 1 } }]);
    expect(created.body).toMatchObject({ created: 1, updated: 0 });
    const updated = await put(W, [{ wafer_id: 'W100', generation: 2 }]);
    expect(updated.body).toMatchObject({ created: 0, updated: 1 });
    const same = await put(W, [{ wafer_id: 'W100', generation: 2 }]);
    expect(same.body).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    const [record] = (await list(W, { wafer_id: 'W100' })).body;
    expect(record).toMatchObject({ wafer_id: 'W100', generation: 2, lab_note: 'fresh', nested: { a: 1 } });

    // By _id: the key may change.
    const renamed = await put(W, [{ _id: record!._id, wafer_id: 'W101' }]);
    expect(renamed.body).toMatchObject({ updated: 1 });
    expect((await get('/api/v1/dataset/check_wafer', { wafer_id: 'W101' })).body).toEqual({ exists: true });
    expect((await get('/api/v1/dataset/check_wafer', { wafer_id: 'W100' })).body).toEqual({ exists: false });
    const history = (await get(`${W}/history`, { key: 'W100' })).body as Array<Record<string, unknown>>;
    expect(history.map((h) => h.action)).toEqual(['wafer.update', 'wafer.create']);
    expect(history[0]).toMatchObject({
      actor: 'admin',
      before: { generation: 1 },
      after: { generation: 2, lab_note: 'fresh' },
    });
  });

  it('rejects a record without key, an unknown _id and a key taken by another record', async () => {
    expect(await put(W, [{ wafer_id: 'W1' }, { generation: 2 }])).toMatchObject({
      status: 400,
      body: { msg: 'Record 2 has no wafer_id.' },
    });
    expect((await list(W, { wafer_id: 'W1' })).body).toEqual([]); // nothing of the batch was kept
    expect((await put(W, [{ _id: '00000000-0000-4000-8000-000000000000', wafer_id: 'W9' }])).status).toBe(404);
    const [w2] = (await list(W, { wafer_id: 'W002' })).body;
    expect((await put(W, [{ _id: w2!._id, wafer_id: 'W003' }])).status).toBe(409);
  });

  it('create=true refuses a key that exists instead of overwriting it (an editor’s Duplicate)', async () => {
    const [before] = (await list(W, { wafer_id: 'W002' })).body;
    const reply = await put(`${W}?create=true`, [{ wafer_id: 'W002', generation: 99 }]);
    expect(reply).toMatchObject({ status: 409, body: { msg: "Another record already has wafer_id 'W002'." } });
    expect((await list(W, { wafer_id: 'W002' })).body).toEqual([before]);
    const created = await put(`${W}?create=true`, [{ wafer_id: 'W-NEW', generation: 3 }]);
    expect(created).toMatchObject({
      status: 200,
      body: { created: 1, records: [{ wafer_id: 'W-NEW', generation: 3 }] },
    });
  });

  it('chips accept waferid and store wafer_id', async () => {
    const r = await put(C, [
      { chip_id: 'C1', waferid: 'W001', diameter: 10 },
      { chip_id: 'C2', wafer_id: 'W001', waferid: 'ignored' },
    ]);
    expect(r.body).toMatchObject({ created: 2 });
    const chips = (await list(C, { wafer_id: 'W001' })).body;
    expect(chips.map((c) => [c.chip_id, c.wafer_id, c.waferid])).toEqual([
      ['C1', 'W001', undefined],
      ['C2', 'W001', undefined],
    ]);
    expect((await get('/api/v1/dataset/check_chip', { chip_id: 'C1' })).body).toEqual({ exists: true });
  });

  it('deletes by a filter on _id (or key) only, with an audit entry', async () => {
    await buildLabRecords(t, 'dbits', [
      { run_id: 'D00500', chip_a_id: 'C1' },
      { run_id: 'D00501' },
      { run_id: 'D00502' },
    ]);
    const rows = (await list(D, { run_id: { $in: ['D00500', 'D00501'] } })).body;
    const del = (filter: unknown) =>
      t.api<Record<string, unknown>>('DELETE', D, { token: t.admin, query: { filter: JSON.stringify(filter) } });
    expect(await del({ _id: { $in: rows.map((r) => r._id) } })).toMatchObject({
      status: 200,
      body: { deleted: 2, msg: 'Item has been successfully deleted.' },
    });
    expect((await del({ run_id: 'D00502' })).body).toMatchObject({ deleted: 1 });
    expect((await del({ chip_a_id: 'C1' })).status).toBe(400);
    expect((await del({})).status).toBe(400);
    expect((await get('/api/v1/dataset/check_dbit', { run_id: 'D00500' })).body).toEqual({ exists: false });
    const history = (await get(`${D}/history`, { key: 'D00500' })).body as Array<Record<string, unknown>>;
    expect(history[0]).toMatchObject({
      action: 'dbit.delete',
      before: { run_id: 'D00500', chip_a_id: 'C1' },
      after: null,
    });
  });

  it('is admin only', async () => {
    const user = await buildUser(t, 'lab-user', ['user']);
    expect((await t.api('GET', W, { token: user })).status).toBe(403);
    expect((await t.api('GET', W)).status).toBe(401);
  });
});

describe('CSV upload', () => {
  const upload = (kind: string, name: string, content: string, extra: Record<string, string> = {}) =>
    postForm(t.app, `/api/v1/dataset/${kind}/upload`, t.admin, [
      { name: 'file', filename: name, content, type: 'text/csv' },
      { name: 'meta', value: JSON.stringify({ remarks: 'batch 7' }) },
      { name: 'output_filename', value: name },
      ...Object.entries(extra).map(([n, value]) => ({ name: n, value })),
    ]);

  it('imports a messy export: counts, duplicates, typed values, audit', async () => {
    const csv =
      '\ufeff,ChipID,WaferID,Diameter,Date Acquired,Notes,Notes,\r\n' +
      '0,C10,W001,10,2024-01-01,"a, b",x,\r\n' +
      '1,C11,W002,12.5,2024-01-02,"two\r\nlines",,\r\n' +
      '2,C10,W001,11,2024-01-03,later wins,,\r\n' +
      '3,C1,W001,10,,,,\r\n' +
      ',,,,,,,\r\n'.repeat(200);
    const r = await upload('chips', 'chips.csv', csv);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      created: 2,
      updated: 1,
      empty_rows: 200,
      skipped: 201,
      duplicates: [{ key: 'C10', rows: [2, 4] }],
    });
    expect(r.body.stored_as).toMatch(/^metadata\/chips\/.*chips\.csv$/);
    const [c10] = (await list(C, { chip_id: 'C10' })).body;
    expect(c10).toMatchObject({ wafer_id: 'W001', diameter: 11, notes: 'later wins', notes_2: '' });
    const [c11] = (await list(C, { chip_id: 'C11' })).body;
    expect(c11).toMatchObject({ diameter: 12.5, notes: 'two\nlines' });
    const [c1] = (await list(C, { chip_id: 'C1' })).body;
    expect(c1).toMatchObject({ diameter: 10, date_acquired: '' });
    const audit = await t.infra.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'chip.import')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ filename: 'chips.csv', meta: { remarks: 'batch 7' }, created: 2, updated: 1 });
  });

  it('ids stay text, numbers stay numbers', async () => {
    const r = await upload(
      'dbits',
      'runs.csv',
      'run_id,chip_a_id,chip_b_id,study_id,channels\nD00012,0007,C11,12,50\n',
    );
    expect(r.body).toMatchObject({ created: 1 });
    const [run] = (await list(D, { run_id: 'D00012' })).body;
    expect(run).toMatchObject({ run_id: 'D00012', chip_a_id: '0007', study_id: '12', channels: 50 });
  });

  it('a bad row rolls back the whole file', async () => {
    const r = await upload('wafers', 'bad.csv', 'wafer_id,generation\nW700,1\nW701,2\n,3\n');
    expect(r).toMatchObject({ status: 400, body: { msg: 'Row 4 (line 4) has no wafer_id.', status_code: 400 } });
    expect((await list(W, { wafer_id: { $in: ['W700', 'W701'] } })).body).toEqual([]);
  });

  it('rejects a file without key column, a non-CSV file, a form without file', async () => {
    expect((await upload('wafers', 'w.csv', 'name,generation\nx,1\n')).body.msg).toBe(
      'The CSV file has no wafer_id column (columns: name, generation).',
    );
    expect((await upload('wafers', 'w.xlsx', 'wafer_id\nW1\n')).body).toMatchObject({
      status_code: 400,
      msg: 'Only CSV files are supported.',
    });
    const none = await postForm(t.app, '/api/v1/dataset/wafers/upload', t.admin, [{ name: 'meta', value: '{}' }]);
    expect(none.body).toMatchObject({ status_code: 400, msg: 'Field cannot be empty.' });
  });
});

describe('CSV encodings, columns, preview and confirm (issue 37 item 6)', () => {
  const upload = (kind: string, name: string, content: Buffer | string, dryRun = false) =>
    postForm(t.app, `/api/v1/dataset/${kind}/upload${dryRun ? '?dry_run=true' : ''}`, t.admin, [
      { name: 'file', filename: name, content, type: 'text/csv' },
      { name: 'meta', value: JSON.stringify({ remarks: '' }) },
      { name: 'output_filename', value: name },
    ]);
  const wafer = async (id: string) => (await list(W, { wafer_id: id })).body[0];
  const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();

  it.each([
    ['UTF-16 LE with BOM (Excel "Unicode text")', 'W77101', (t: string) => Buffer.from(`\ufeff${t}`, 'utf16le')],
    ['UTF-16 BE with BOM', 'W77102', (t: string) => utf16be(`\ufeff${t}`)],
    ['UTF-8 with BOM', 'W77103', (t: string) => Buffer.from(`\ufeff${t}`, 'utf8')],
  ])('reads %s', async (_name, id, encode) => {
    const r = await upload('wafers', 'wafers.csv', encode(`wafer_id,generation,vendor\r\n${id},5,Müller Wafers\r\n`));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ created: 1, columns: ['wafer_id', 'generation', 'vendor'] });
    expect(await wafer(id)).toMatchObject({ wafer_id: id, generation: 5, vendor: 'Müller Wafers' });
  });

  it('refuses a file holding NUL bytes (UTF-16 without its BOM) with 400 and how to save it', async () => {
    const r = await upload('wafers', 'wafers.csv', Buffer.from('wafer_id,generation\r\nW77104,5\r\n', 'utf16le'));
    expect(r).toMatchObject({ status: 400, body: { msg: LAB_MSG.csvNulBytes } });
    expect(await wafer('W77104')).toBeUndefined();
  });

  it('refuses a chip CSV uploaded as the wafer table, naming the column and the expected ones; nothing changes', async () => {
    await buildLabRecords(t, 'wafers', [{ wafer_id: 'W77001', generation: 5, diameter: 100 }]);
    const chips = 'chip_id,wafer_id,diameter,date_acquired\nC77001,W77001,20,2024-03-01\n';
    for (const dryRun of [true, false]) {
      const r = await upload('wafers', 'chips_W77001.csv', chips, dryRun);
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(
        "This file does not look like the wafer table: 'chip_id' is the chip table's id. Wafer CSV columns: " +
          'wafer_id, generation, diameter, date_acquired and your own fields. Choose the table the file belongs to; nothing was written.',
      );
    }
    const stored = await wafer('W77001');
    expect(stored).toMatchObject({ diameter: 100 });
    expect(stored).not.toHaveProperty('chip_id');
    // The same file as the chip table is fine.
    expect((await upload('chips', 'chips_W77001.csv', chips)).body).toMatchObject({ created: 1 });
  });

  it('a dry run previews new, changed (old → new) and unchanged rows and writes nothing; confirming writes them', async () => {
    await buildLabRecords(t, 'wafers', [
      { wafer_id: 'W77201', generation: 5, diameter: 100, vendor: 'Acme' },
      { wafer_id: 'W77202', generation: 5, diameter: 150 },
    ]);
    const csv =
      'wafer_id,generation,diameter,vendor,lot\nW77201,5,120,Acme,L-7\nW77202,5,150,,\nW77203,6,200,Acme,L-8\n';
    const preview = await upload('wafers', 'wafers_batch7.csv', csv, true);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const parsed = ZImportPreview.parse(preview.body);
    expect(parsed).toMatchObject({ dry_run: true, created: 1, updated: 2, unchanged: 0, new_fields: ['lot'] });
    expect(parsed.rows).toEqual([
      {
        key: 'W77201',
        row: 2,
        status: 'changed',
        changes: [
          { field: 'diameter', old: 100, new: 120 },
          { field: 'lot', new: 'L-7' },
        ],
      },
      {
        key: 'W77202',
        row: 3,
        status: 'changed',
        changes: [
          { field: 'vendor', new: '' },
          { field: 'lot', new: '' },
        ],
      },
      { key: 'W77203', row: 4, status: 'new', changes: [] },
    ]);
    expect(await wafer('W77201')).toMatchObject({ diameter: 100 });
    expect(await wafer('W77203')).toBeUndefined();

    const written = await upload('wafers', 'wafers_batch7.csv', csv);
    expect(written.body).toMatchObject({ created: 1, updated: 2, unchanged: 0 });
    expect(await wafer('W77201')).toMatchObject({ diameter: 120, lot: 'L-7' });
    const again = ZImportPreview.parse((await upload('wafers', 'wafers_batch7.csv', csv, true)).body);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 3, new_fields: [] });
    expect(again.rows.map((row) => row.status)).toEqual(['unchanged', 'unchanged', 'unchanged']);
  });
});

describe('wafer trace', () => {
  it('nests wafer → chip → DBiT runs, in one SQL statement', async () => {
    await buildLabRecords(t, 'chips', [{ chip_id: 'C20', wafer_id: 'W003' }]);
    await buildLabRecords(t, 'dbits', [
      { run_id: 'D00020', chip_a_id: 'C20', chip_b_id: 'C1' },
      { run_id: 'D00021', chip_a_id: 'C20' },
    ]);
    const r = await get('/api/v1/dataset/wafertrace', {
      filter: JSON.stringify({ wafer_id: { $in: ['W001', 'W003'] } }),
    });
    const trace = r.body as Record<string, Record<string, Array<Record<string, unknown>>>>;
    expect(Object.keys(trace).sort()).toEqual(['W001', 'W003']);
    expect(trace.W003!.C20!.map((d) => d.run_id)).toEqual(['D00020', 'D00021']);
    expect(trace.W001!.C1!.map((d) => d.run_id)).toEqual(['D00020']);
    expect(trace.W001!.C2).toEqual([]);

    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const direct = await labStore.waferTrace(t.infra.db.withPlugin(counter), {}, { sort: [] });
    expect(queries).toBe(1);
    expect(Object.keys(direct)).toEqual(expect.arrayContaining(['W001', 'W002', 'W003']));
  });
});

describe('QC records', () => {
  const Q = '/api/v1/dataset/qc';
  const files = (id: string) => ({ root: `data/${id}/`, images: { 'umi-1': 'umi-1.png' } });

  it('PUT checks the rules; GET by id or id list', async () => {
    expect(
      (
        await put(Q, [
          { id: 'D00031', files: files('D00031'), species: 'mouse' },
          { id: 'D00032', files: files('D00032') },
        ])
      ).body,
    ).toMatchObject({ created: 2 });
    expect((await put(Q, { id: 'D00031', files: files('D00031'), species: 'human' })).body).toMatchObject({
      updated: 1,
    });
    expect((await put(Q, [{ id: '../x', files: files('x') }])).status).toBe(400);
    expect((await put(Q, [{ id: 'D1', files: { root: '/etc/', images: {} } }])).body).toMatchObject({
      msg: "files.root must be a folder key under 'data/' ending with '/'.",
    });
    expect(
      (await put(Q, [{ id: 'D1', files: { root: 'data/D1/', images: { x: '../secret.png' } } }])).body,
    ).toMatchObject({ msg: "Image 'x' must be a relative path inside the QC folder." });
    const one = (await get(Q, { id: 'D00031' })).body as Array<Record<string, unknown>>;
    expect(one).toMatchObject([{ id: 'D00031', species: 'human', files: files('D00031') }]);
    const two = (await get(Q, { id: 'D00031,D00032,D99999' })).body as unknown[];
    expect(two).toHaveLength(2);
    const filtered = (await get(Q, { filter: JSON.stringify({ id: { $in: ['D00032'] } }) })).body as unknown[];
    expect(filtered).toHaveLength(1);
    const history = (await get(`${Q}/history`, { key: 'D00031' })).body as Array<Record<string, unknown>>;
    expect(history[0]).toMatchObject({
      action: 'qc.update',
      before: { species: 'mouse' },
      after: { species: 'human' },
    });
  });

  it('qc_entry builds a record from a directory and its metadata.json', async () => {
    const bucket = dataBucket(t.infra.config);
    const put = (key: string, body: string) => t.infra.storage.put(bucket, key, body);
    await put('data/QC_D00040/metadata.json', JSON.stringify({ species: 'mouse', assay: 'ATAC-seq' }));
    await put('data/QC_D00040/umi-1.png', 'png');
    await put('data/QC_D00040/before_after_umi-1.png', 'png');
    await put('data/QC_D00040/plots/genes-1.jpg', 'jpg');
    await put('data/QC_D00040/notes.txt', 'text');
    await put('data/QC_D00040/spatial/tissue_hires_image.png', 'run data, not QC');
    const post = (dir: string) =>
      t.api<Record<string, unknown>>('POST', '/api/v1/storage/qc_entry', { token: t.admin, query: { qc_dir: dir } });
    const r = await post('QC_D00040');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      id: 'QC_D00040',
      metadata: { species: 'mouse', assay: 'ATAC-seq' },
      files: {
        root: 'data/QC_D00040/',
        images: {
          'before_after_umi-1': 'before_after_umi-1.png',
          'plots/genes-1': 'plots/genes-1.jpg',
          'umi-1': 'umi-1.png',
        },
      },
    });
    expect(await post('QC_D00040')).toMatchObject({
      status: 409,
      body: { msg: 'Some entries already exist in the database' },
    });
    expect((await post('NO_SUCH_DIR')).status).toBe(404);
    expect((await post('../etc')).status).toBe(400);
    await put('data/QC_BAD/metadata.json', '[1,2]');
    expect((await post('QC_BAD')).status).toBe(422);
  });
});
