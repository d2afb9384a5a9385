import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MSG, QUEUES, type TaskStatus, type TTaskState } from '@atlas/contracts';
import { useTestApp } from '../../../test/harness.js';
import { buildUser, buildVisitor } from '../../../test/factories.js';
import { allTasks } from '../../tasks/index.js';

const t = useTestApp({ workers: QUEUES });

/** Posts a task as the admin, as another token, or (null) anonymously. */
const post = (body: unknown, token: string | null = t.admin) =>
  t.api<TTaskState>('POST', '/api/v1/task', { token: token ?? undefined, body });

/** Polls like the web client does (faster), until the task reaches a final state. */
async function settle(id: string, token: string = t.admin): Promise<TTaskState> {
  const deadline = Date.now() + 10_000;
  const final: TaskStatus[] = ['SUCCESS', 'FAILURE'];
  for (;;) {
    const reply = await t.api<TTaskState>('GET', `/api/v1/task/${id}`, { token });
    expect(reply.status).toBe(200);
    if (final.includes(reply.body.status)) return reply.body;
    if (Date.now() > deadline) throw new Error(`task ${id} still ${reply.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('POST /api/v1/task', () => {
  it('records the task for the signed-in user and runs it: core.task_list describes every task', async () => {
    const reply = await post({ task: 'core.task_list', queue: 'atxcloud_core', kwargs: { queue: '' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      task: 'core.task_list',
      queue: 'atxcloud_core',
      requested_by: 'admin',
      error: null,
    });
    const done = await settle(reply.body._id);
    expect(done).toMatchObject({ status: 'SUCCESS', progress: 100, position: null });
    const result = done.result as { queue: null; tasks: { name: string; args: { name: string }[] }[] };
    expect(result.queue).toBeNull();
    expect(result.tasks.map((task) => task.name)).toEqual(allTasks.map((task) => task.name));
  });

  it('runs core.checksum over a stored object for any group member', async () => {
    const user = await buildUser(t, 'taskuser', ['user']);
    const content = Buffer.from('spatial omics '.repeat(10_000));
    await t.infra.storage.put('atx-data', 'data/D00001/h5/obj/sample.bin', content);
    const reply = await post(
      {
        task: 'core.checksum',
        queue: 'atxcloud_core',
        kwargs: { bucket: 'atx-data', key: 'data/D00001/h5/obj/sample.bin' },
      },
      user,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.requested_by).toBe('taskuser');
    const done = await settle(reply.body._id, user);
    expect(done.result).toEqual({
      bucket: 'atx-data',
      key: 'data/D00001/h5/obj/sample.bin',
      sha256: createHash('sha256').update(content).digest('hex'),
      size: content.length,
    });
  });

  it('refuses an unknown task, a task on another queue and bad arguments with 400, recording nothing', async () => {
    const before = (await t.api<TTaskState[]>('GET', '/api/v1/task', { token: t.admin })).body.length;
    expect(await post({ task: 'gene.nope', queue: 'atxcloud_gene' })).toEqual({
      status: 400,
      body: { msg: MSG.taskUnknown('gene.nope'), status_code: 400 },
    });
    expect(await post({ task: 'core.task_list', queue: 'atxcloud_gene' })).toEqual({
      status: 400,
      body: { msg: "Task 'core.task_list' does not run on queue 'atxcloud_gene'.", status_code: 400 },
    });
    const noKey = await post({ task: 'core.checksum', queue: 'atxcloud_core', kwargs: { bucket: 'atx-data' } });
    expect(noKey.status).toBe(400);
    expect(noKey.body).toEqual({ msg: expect.stringMatching(/^kwargs\.key: /), status_code: 400 });
    const escaping = await post({
      task: 'core.checksum',
      queue: 'atxcloud_core',
      kwargs: { bucket: 'atx-data', key: '../x' },
    });
    expect(escaping.body).toEqual({
      msg: 'kwargs.key: Object key must not contain . or .. segments',
      status_code: 400,
    });
    const badQueue = await post({ task: 'core.task_list', queue: 'atxcloud_core', kwargs: { queue: 'nowhere' } });
    expect(badQueue.body).toEqual({ msg: expect.stringMatching(/^kwargs\.queue: /), status_code: 400 });
    const unknownQueue = await post({ task: 'core.task_list', queue: 'elsewhere' });
    expect(unknownQueue).toEqual({ status: 400, body: { msg: expect.stringMatching(/^queue: /), status_code: 400 } });
    expect((await t.api<TTaskState[]>('GET', '/api/v1/task', { token: t.admin })).body).toHaveLength(before);
  });

  it('needs a signed-in group member', async () => {
    expect(await post({ task: 'core.task_list', queue: 'atxcloud_core' }, null)).toEqual({
      status: 401,
      body: { msg: MSG.unauthenticated, status_code: 401 },
    });
    const visitor = await buildVisitor(t);
    expect((await post({ task: 'core.task_list', queue: 'atxcloud_core' }, visitor)).status).toBe(403);
  });
});

describe('GET /api/v1/task/:id', () => {
  it('answers a task to its requester and admins only: other members and public sessions get 404', async () => {
    const owner = await buildUser(t, 'task-owner', ['user']);
    const other = await buildUser(t, 'task-other', ['user']);
    const posted = await post({ task: 'core.task_list', queue: 'atxcloud_core' }, owner);
    expect((await settle(posted.body._id, owner)).status).toBe('SUCCESS');
    expect((await t.api('GET', `/api/v1/task/${posted.body._id}`, { token: t.admin })).status).toBe(200);
    const visitor = await buildVisitor(t);
    const hidden = { status: 404, body: { msg: MSG.taskNotFound(posted.body._id), status_code: 404 } };
    expect(await t.api('GET', `/api/v1/task/${posted.body._id}`, { token: other })).toEqual(hidden);
    expect(await t.api('GET', `/api/v1/task/${posted.body._id}`, { token: visitor })).toEqual(hidden);
    expect((await t.api('GET', `/api/v1/task/${posted.body._id}`)).status).toBe(401);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const id = '2b0f6f0e-8a4a-4c55-9d1c-1f2e3d4c5b6a';
    expect(await t.api('GET', `/api/v1/task/${id}`, { token: t.admin })).toEqual({
      status: 404,
      body: { msg: MSG.taskNotFound(id), status_code: 404 },
    });
    expect(await t.api('GET', '/api/v1/task/abc', { token: t.admin })).toEqual({
      status: 400,
      body: { msg: 'id: Task id must be a UUID', status_code: 400 },
    });
  });

  it('with wait_ms answers when the task ends (the poll right after posting), and refuses a wait over 1000 ms', async () => {
    const posted = await post({ task: 'core.task_list', queue: 'atxcloud_core' });
    const reply = await t.api<TTaskState>('GET', `/api/v1/task/${posted.body._id}?wait_ms=1000`, {
      token: t.admin,
    });
    expect([reply.status, reply.body.status]).toEqual([200, 'SUCCESS']);
    const tooLong = await t.api('GET', `/api/v1/task/${posted.body._id}?wait_ms=5000`, { token: t.admin });
    expect(tooLong.status).toBe(400);
  });
});

describe('GET /api/v1/task (Job Management)', () => {
  it('lists recent tasks newest first, for admins only', async () => {
    const first = await post({ task: 'core.task_list', queue: 'atxcloud_core' });
    const second = await post({ task: 'core.task_list', queue: 'atxcloud_core' });
    const list = await t.api<TTaskState[]>('GET', '/api/v1/task', { token: t.admin });
    expect(list.status).toBe(200);
    expect(list.body.slice(0, 2).map((task) => task._id)).toEqual([second.body._id, first.body._id]);
    const one = await t.api<TTaskState[]>('GET', '/api/v1/task', { token: t.admin, query: { limit: '1' } });
    expect(one.body.map((task) => task._id)).toEqual([second.body._id]);
    expect((await t.api('GET', '/api/v1/task', { token: t.admin, query: { limit: '0' } })).status).toBe(400);

    const user = await buildUser(t, 'joblister', ['user']);
    expect(await t.api('GET', '/api/v1/task', { token: user })).toEqual({
      status: 403,
      body: { msg: MSG.forbidden, status_code: 403 },
    });
  });
});

describe('GET /api/v1/task_definitions and /api/v1/workers', () => {
  type Definition = { name: string; target: string; queue: string; args: { name: string; positional?: boolean }[] };

  it('lists the tasks each caller may post, by target, with their argument specs', async () => {
    const user = await buildUser(t, 'defs-user', ['user']);
    const all = await t.api<Definition[]>('GET', '/api/v1/task_definitions', { token: t.admin });
    expect(all.body.map((d) => d.name)).toEqual(allTasks.map((d) => d.name));
    const general = await t.api<Definition[]>('GET', '/api/v1/task_definitions', {
      token: user,
      query: { target: 'general' },
    });
    expect(general.body.map((d) => d.name)).toEqual(['core.task_list', 'core.checksum', 'webfile.create_files']);
    expect(general.body[2]!.args.filter((a) => a.positional).map((a) => a.name)).toEqual([
      'aws_path',
      'rna_flag',
      'bucket_name',
    ]);
    // Transfers are for admins: a lab member does not see them.
    const transfers = (target: string, token: string) =>
      t.api<Definition[]>('GET', '/api/v1/task_definitions', { token, query: { target } });
    expect((await transfers('transfer', user)).body).toEqual([]);
    expect((await transfers('transfer', t.admin)).body.map((d) => d.name)).toEqual([
      'core.list_novogene_batch',
      'core.download_from_ftp_to_s3',
      'core.list_basespace_datasets',
      'core.download_from_basespace_href',
    ]);
    const novogene = (await transfers('transfer', t.admin)).body[0]!;
    expect(novogene.args.map((a) => a.name)).toEqual([
      'host',
      'port',
      'username',
      'password',
      'batch_root',
      'storage_root',
    ]);
    expect((await transfers('bogus', t.admin)).status).toBe(400);
  });

  it('shows this server as a worker of every queue, counting the tasks it was asked for', async () => {
    const before = await t.api<{ worker: string; task: string; requested: number }[]>('GET', '/api/v1/workers', {
      token: t.admin,
    });
    const count = (rows: typeof before.body, task: string) => rows.find((r) => r.task === task)!.requested;
    await settle((await post({ task: 'core.task_list', queue: 'atxcloud_core' })).body._id);
    const after = await t.api<{ worker: string; task: string; queues: string[]; requested: number }[]>(
      'GET',
      '/api/v1/workers',
      { token: t.admin },
    );
    expect(after.status).toBe(200);
    expect(count(after.body, 'core.task_list')).toBe(count(before.body, 'core.task_list') + 1);
    expect(after.body.map((r) => r.task).sort()).toEqual(allTasks.map((d) => d.name).sort());
    expect(new Set(after.body.map((r) => r.queues.join(',')))).toEqual(new Set([[...QUEUES].sort().join(',')]));
  });
});
