import { describe, expect, it } from 'vitest';
import { LAB_MSG, type TBulkResult } from '@atlas/contracts';
import { useTestApp } from '../../../test/harness.js';

/**
 * Bulk creates (`POST /api/v1/dataset/{kind}`, issue 20): a lab script posts many records at once; each row is
 * checked as a single record is, and either every row is created or none is, with a refusal that names its row.
 */
const t = useTestApp();
const post = (kind: string, body: unknown, token = t.admin) =>
  t.api<TBulkResult & { msg?: string; row?: number }>('POST', `/api/v1/dataset/${kind}`, { token, body });
const count = async (table: 'wafers' | 'chips' | 'dbits' | 'qc') =>
  Number(
    (
      await t.infra.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('bulk create of lab records', () => {
  it('creates many records in one call, keeping free-form fields and auditing each', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({
      wafer_id: `BW${String(i).padStart(4, '0')}`,
      generation: i % 5,
      vendor: 'Acme',
    }));
    const reply = await post('wafers', rows);
    expect(reply.status, JSON.stringify(reply.body).slice(0, 300)).toBe(200);
    expect(reply.body.created).toBe(500);
    expect(reply.body.records[0]).toMatchObject({ wafer_id: 'BW0000', generation: 0, vendor: 'Acme' });
    expect(typeof reply.body.records[0]!._id).toBe('string');
    expect(await count('wafers')).toBe(500);
    const history = await t.api<{ action: string }[]>('GET', '/api/v1/dataset/wafers/history', {
      token: t.admin,
      query: { key: 'BW0499' },
    });
    expect(history.body.map((e) => e.action)).toEqual(['wafer.create']);
  });

  it('folds the chips’ waferid alias like the single-record path', async () => {
    const reply = await post('chips', [{ chip_id: 'BC1', waferid: 'BW0001' }]);
    expect(reply.status).toBe(200);
    expect(reply.body.records[0]).toMatchObject({ chip_id: 'BC1', wafer_id: 'BW0001' });
    expect(reply.body.records[0]).not.toHaveProperty('waferid');
  });

  it('creates nothing when one row is bad, and names that row', async () => {
    const before = await count('dbits');
    const missingKey = await post('dbits', [{ run_id: 'D09001' }, { run_id: 'D09002' }, { study_id: 'S1' }]);
    expect(missingKey).toMatchObject({
      status: 400,
      body: { msg: LAB_MSG.row(3, LAB_MSG.bulkKeyMissing('run_id')), row: 3 },
    });

    const notObject = await post('dbits', [{ run_id: 'D09001' }, 'D09002']);
    expect(notObject.status).toBe(400);
    expect(notObject.body).toMatchObject({ row: 2 });
    expect(notObject.body.msg).toMatch(/^Row 2: /);

    const withId = await post('dbits', [{ run_id: 'D09001', _id: '00000000-0000-4000-8000-000000000000' }]);
    expect(withId).toMatchObject({ status: 400, body: { msg: LAB_MSG.row(1, LAB_MSG.bulkHasId), row: 1 } });

    const twice = await post('dbits', [{ run_id: 'D09001' }, { run_id: 'D09002' }, { run_id: 'D09001' }]);
    expect(twice).toMatchObject({
      status: 409,
      body: { msg: LAB_MSG.row(3, LAB_MSG.bulkDuplicate('run_id', 'D09001', 1)), row: 3 },
    });

    expect((await post('dbits', [{ run_id: 'D09005' }])).status).toBe(200);
    const taken = await post('dbits', [{ run_id: 'D09003' }, { run_id: 'D09004' }, { run_id: 'D09005' }]);
    expect(taken).toMatchObject({
      status: 409,
      body: { msg: LAB_MSG.row(3, LAB_MSG.bulkKeyTaken('run_id', 'D09005')), row: 3 },
    });
    expect(await count('dbits')).toBe(before + 1);
  });

  it('checks QC rows with the QC record schema and its file rules', async () => {
    const good = { id: 'QC-B1', files: { root: 'data/QC-B1/', images: { 'umi-1': 'umi-1.png' } } };
    const badRoot = { id: 'QC-B2', files: { root: '/etc/', images: {} } };
    const refused = await post('qc', [good, badRoot]);
    expect(refused).toMatchObject({ status: 400, body: { msg: LAB_MSG.row(2, LAB_MSG.qcRootInvalid), row: 2 } });
    const noFiles = await post('qc', [{ id: 'QC-B3' }]);
    expect(noFiles.status).toBe(400);
    expect(noFiles.body.msg).toMatch(/^Row 1: files/);
    expect(await count('qc')).toBe(0);
    const created = await post('qc', [good]);
    expect(created.status).toBe(200);
    expect(created.body.records[0]).toMatchObject({ id: 'QC-B1', files: good.files });
  });

  it('refuses an empty body, a body that is not an array, and non-admins', async () => {
    expect((await post('wafers', [])).status).toBe(400);
    expect((await post('wafers', { wafer_id: 'W1' })).status).toBe(400);
    const body = { username: 'bulk-user', password: 'Good#Pass1', name: 'B', email: 'b@example.org', groups: ['user'] };
    await t.api('POST', '/api/v1/auth/user', { token: t.admin, body });
    await t.api('PUT', '/api/v1/auth/confirm', { token: t.admin, body: { username: 'bulk-user' } });
    const user = await t.api<{ access_token: string }>('POST', '/api/v1/auth/login', {
      body: { username: 'bulk-user', password: 'Good#Pass1' },
    });
    expect((await post('wafers', [{ wafer_id: 'W1' }], user.body.access_token)).status).toBe(403);
  });

  it('is what an admin’s API token script uses', async () => {
    const created = await t.api<{ token: string }>('POST', '/api/v1/auth/api_tokens', {
      token: t.admin,
      body: { name: 'importer' },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dataset/chips',
      headers: { authorization: `Bearer ${created.body.token}` },
      payload: [{ chip_id: 'BC2', wafer_id: 'BW0002' }],
    });
    expect(response.statusCode).toBe(200);
    const audit = await t.api<{ actor: string }[]>('GET', '/api/v1/dataset/chips/history', {
      token: t.admin,
      query: { key: 'BC2' },
    });
    expect(audit.body[0]!.actor).toBe('admin');
  });
});
