import { describe, expect, it } from 'vitest';
import { ACCOUNT_REQUEST_LIMIT, MSG, PUBLIC_TASK_LIMIT, TASK_INPUT_MAX_BYTES } from '@atlas/contracts';
import { useTestApp } from '../../test/harness.js';
import { REQUEST } from '../../test/accounts.js';
import { buildRun, buildVisitor } from '../../test/factories.js';

/** The spam limits of issue "Hardening" (item 5): account requests, public tasks, task argument size. */
const t = useTestApp();

const accountRequest = (n: number, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/user_account_request',
    remoteAddress,
    payload: { ...REQUEST, username: `spam${n}x${remoteAddress.replaceAll('.', '')}`, email: `victim${n}@example.org` },
  });

describe('abuse limits', () => {
  it('account requests: a flood from one address is cut off with 429; other addresses go on', async () => {
    for (let n = 0; n < ACCOUNT_REQUEST_LIMIT.max; n++)
      expect((await accountRequest(n, '198.51.100.7')).statusCode, `request ${n}`).toBe(200);
    const refused = await accountRequest(99, '198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ msg: MSG.tooManyAccountRequests, status_code: 429 });
    expect((await accountRequest(0, '198.51.100.8')).statusCode).toBe(200);
  });

  it('public tasks: a public link’s viewers from one address are limited per minute', async () => {
    const run = await buildRun(t, { runId: 'D70001', group: null, public: true });
    const visitor = await buildVisitor(t);
    const link = await t.api<{ encoded: string }>('POST', '/api/v1/run_db/encode_link', {
      token: visitor,
      body: { run_id: run.runId },
    });
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/genes/public_task',
        remoteAddress: '203.0.113.5',
        headers: { authorization: `Bearer ${visitor}` },
        payload: { encoded: link.body.encoded, task: 'gene.compute_qc', kind: 1, selection: [0, 1] },
      });
    for (let n = 0; n < PUBLIC_TASK_LIMIT.max; n++) expect((await post()).statusCode, `task ${n}`).toBe(200);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ msg: MSG.tooManyTasks, status_code: 429 });
  });

  it('task arguments larger than the limit are refused before anything is stored', async () => {
    const before = await t.infra.db
      .selectFrom('tasks')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const reply = await t.api('POST', '/api/v1/task', {
      token: t.admin,
      body: { task: 'core.task_list', queue: 'atxcloud_core', kwargs: { flood: 'x'.repeat(TASK_INPUT_MAX_BYTES) } },
    });
    expect(reply).toEqual({ status: 400, body: { msg: MSG.taskInputTooLarge(4), status_code: 400 } });
    const after = await t.infra.db
      .selectFrom('tasks')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(after!.n)).toBe(Number(before!.n));
  });
});
