import { createHash, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import { MSG, QUEUES, type QueueName, type TaskStatus, type TTaskState } from '@atlas/contracts';
import { createTestInfra, type TestInfra } from '../../../test/harness.js';
import type { TaskRow } from '../db/tables.js';
import { allTasks } from '../../tasks/index.js';
import { dataBucket } from '../../config.js';
import { createTaskRegistry, defineTask, parseInput, type TaskRegistry } from '../../tasks/registry.js';
import { createBullmqQueue } from './bullmq.js';
import { createInProcessQueue, INTERRUPTED_INPROCESS } from './inprocess.js';
import { recoverSilentTasks, watchLostTasks, WORKER_LOST } from './lost-tasks.js';
import { createWorkerPresence } from './workers.js';
import type { TaskQueue, TaskRequest } from './port.js';
import { createTaskStore, type TaskStore } from './task-store.js';

/** One suite, every driver this run can reach: in-process always, BullMQ when REDIS_URL points at a Redis. */
const REDIS_URL = process.env.REDIS_URL;
const DRIVERS: { driver: TaskQueue['driver']; redisUrl: string | undefined }[] = [
  { driver: 'inprocess', redisUrl: undefined },
];
if (REDIS_URL) DRIVERS.push({ driver: 'bullmq', redisUrl: REDIS_URL });
else
  console.log('[queue.test] BullMQ driver NOT tested in this run: set REDIS_URL=redis://127.0.0.1:6379 to include it.');

// --- Test tasks: gates let a test hold a task mid-run and look at its state. ---------------------------------

interface Gate {
  reached: Promise<void>;
  arrive(): void;
  released: Promise<void>;
  release(): void;
}
const gates = new Map<string, Gate>();
function gate(name: string): Gate {
  let found = gates.get(name);
  if (!found) {
    let arrive!: () => void;
    let release!: () => void;
    const reached = new Promise<void>((resolve) => (arrive = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    found = { reached, arrive, released, release };
    gates.set(name, found);
  }
  return found;
}

const concurrency = { active: 0, max: 0 };
let runsOfAgain = 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const testTasks = [
  defineTask({
    name: 'test.gated',
    queue: 'atxcloud_gene',
    description: 'Waits at a gate the test opens; optionally reports progress first.',
    argSpecs: [],
    touches: () => ({}),
    parse: (_args, kwargs) =>
      parseInput(z.object({ gate: z.string(), progress: z.number().optional() }), kwargs, 'kwargs'),
    run: async ({ gate: name, progress }, ctx) => {
      if (progress !== undefined) await ctx.progress(progress);
      gate(name).arrive();
      await gate(name).released;
      return { gate: name, done: true };
    },
  }),
  defineTask({
    name: 'test.gated_writer',
    queue: 'atxcloud_core',
    description: 'Writes one object of the data bucket (declared), waiting at a gate the test opens.',
    argSpecs: [],
    touches: ({ key }, config) => ({ write: [{ bucket: dataBucket(config), key }] }),
    parse: (_args, kwargs) => parseInput(z.object({ gate: z.string(), key: z.string() }), kwargs, 'kwargs'),
    run: async ({ gate: name }) => {
      gate(name).arrive();
      await gate(name).released;
      return name;
    },
  }),
  defineTask({
    name: 'test.sleep',
    queue: 'atxcloud_gene',
    description: 'Sleeps and counts how many run at once.',
    argSpecs: [],
    touches: () => ({}),
    parse: (args) => parseInput(z.tuple([z.number().int().min(0)]), args, 'args'),
    run: async ([ms]) => {
      concurrency.max = Math.max(concurrency.max, ++concurrency.active);
      await sleep(ms);
      concurrency.active--;
      return ms;
    },
  }),
  defineTask({
    name: 'test.again',
    queue: 'atxcloud_core',
    idempotent: true,
    description: 'Idempotent: counts its runs.',
    argSpecs: [],
    touches: () => ({}),
    parse: () => ({}),
    run: async () => ++runsOfAgain,
  }),
  defineTask({
    name: 'test.once',
    queue: 'atxcloud_core',
    description: 'Not idempotent.',
    argSpecs: [],
    touches: () => ({}),
    parse: () => ({}),
    run: async () => 'once',
  }),
  defineTask({
    name: 'test.fail',
    queue: 'atxcloud_gene',
    description: 'Always throws.',
    argSpecs: [],
    touches: () => ({}),
    parse: () => ({}),
    run: async () => {
      throw new Error('boom: the handler failed');
    },
  }),
];
const testRegistry = createTaskRegistry([...allTasks, ...testTasks]);

const request = (task: string, queue: QueueName, extra: Partial<TaskRequest> = {}): TaskRequest => ({
  task,
  queue,
  args: [],
  kwargs: {},
  requestedBy: 'alice',
  ...extra,
});

async function waitForStatus(
  queue: TaskQueue,
  id: string,
  status: TaskStatus,
  timeoutMs = 10_000,
): Promise<TTaskState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await queue.get(id);
    if (state?.status === status) return state;
    if (Date.now() > deadline) throw new Error(`task ${id} is ${state?.status}, not ${status}, after ${timeoutMs} ms`);
    await sleep(10);
  }
}

describe.each(DRIVERS)('task queue on the $driver driver', ({ driver, redisUrl }) => {
  let infra: TestInfra;
  const open = new Set<TaskQueue>();

  // One database per driver (opening one costs seconds on a busy machine); each test starts from an empty
  // tasks table and an empty Redis prefix instead.
  beforeAll(async () => {
    // Heartbeats every 250 ms: a lost worker is found in about a second (the default is 10 s). 100 ms was too
    // short beside the browser specs on two cores: a live worker's beats were once 400 ms late (4 silent beats).
    infra = await createTestInfra({
      REDIS_URL: redisUrl ?? '',
      ATLAS_WORKER_CONCURRENCY: '2',
      ATLAS_TASK_HEARTBEAT_MS: '250',
    });
  });
  afterAll(() => infra.cleanup());

  afterEach(async () => {
    for (const g of gates.values()) g.release();
    gates.clear();
    for (const queue of open) await queue.close();
    open.clear();
    await infra.db.deleteFrom('tasks').execute();
    if (redisUrl) await deleteKeys(redisUrl, `${infra.config.queuePrefix}:*`);
    concurrency.active = concurrency.max = 0;
  });

  /** A queue on this test's database (and Redis prefix), like a fresh server process would open it. */
  async function openQueue(options: { registry?: TaskRegistry; store?: TaskStore } = {}): Promise<TaskQueue> {
    const { db, storage, mailer, config, log } = infra;
    const common = {
      store: options.store ?? createTaskStore(db),
      tasks: options.registry ?? testRegistry,
      deps: { db, storage, mailer, config, log },
      concurrency: config.workerConcurrency,
      closeTimeoutMs: 200,
    };
    const presence = createWorkerPresence({ db, tasks: common.tasks, driver, log });
    const queue = redisUrl
      ? await createBullmqQueue({ ...common, presence, redisUrl, prefix: config.queuePrefix })
      : createInProcessQueue({ ...common, presence });
    open.add(queue);
    return queue;
  }
  const policyOf = (queue: TaskQueue) => ({
    retryable: testRegistry.retryable(),
    requeue: (row: TaskRow) => queue.requeue(row),
  });
  async function closeQueue(queue: TaskQueue): Promise<void> {
    open.delete(queue);
    await queue.close();
  }

  it('is the driver the config selects', () => {
    expect(infra.queue.driver).toBe(driver);
  });

  it('records a posted task as PENDING at position 0 and reads it back', async () => {
    const queue = await openQueue();
    const posted = await queue.post(request('test.gated', 'atxcloud_gene', { kwargs: { gate: 'a' } }));
    expect(posted).toMatchObject({
      task: 'test.gated',
      queue: 'atxcloud_gene',
      status: 'PENDING',
      progress: 0,
      position: 0,
      result: null,
      error: null,
      requested_by: 'alice',
    });
    expect(posted._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(posted.created_at).toISOString()).toBe(posted.created_at);
    expect(await queue.get(posted._id)).toEqual(posted);
    expect(await queue.get('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await queue.get('not-a-uuid')).toBeNull();
  });

  it('counts positions per queue among PENDING tasks, and lists newest first', async () => {
    const queue = await openQueue();
    const a = await queue.post(request('test.sleep', 'atxcloud_gene', { args: [0] }));
    const b = await queue.post(request('test.sleep', 'atxcloud_gene', { args: [0] }));
    const other = await queue.post(request('core.task_list', 'atxcloud_core'));
    const c = await queue.post(request('test.sleep', 'atxcloud_gene', { args: [0] }));
    expect([a, b, other, c].map((t) => t.position)).toEqual([0, 1, 0, 2]);
    expect((await queue.get(c._id))!.position).toBe(2);
    expect((await queue.list(10)).map((t) => t._id)).toEqual([c._id, other._id, b._id, a._id]);
    expect(await queue.list(2)).toHaveLength(2);
  });

  it('starts work only once workers consume the queue, then goes STARTED → PROGRESS → SUCCESS', async () => {
    const queue = await openQueue();
    const first = await queue.post(request('test.gated', 'atxcloud_gene', { kwargs: { gate: 'first' } }));
    const second = await queue.post(
      request('test.gated', 'atxcloud_gene', { kwargs: { gate: 'second', progress: 40 } }),
    );
    const third = await queue.post(request('test.sleep', 'atxcloud_gene', { args: [0] }));
    await sleep(100);
    expect((await queue.get(first._id))!.status).toBe('PENDING');

    await queue.startWorkers(['atxcloud_gene']);
    await Promise.all([gate('first').reached, gate('second').reached]);
    expect(await queue.get(first._id)).toMatchObject({ status: 'STARTED', position: null, progress: 0 });
    expect(await queue.get(second._id)).toMatchObject({ status: 'PROGRESS', position: null, progress: 40 });
    // Two run (concurrency 2), so the third is next in line.
    expect(await queue.get(third._id)).toMatchObject({ status: 'PENDING', position: 0 });

    gate('first').release();
    gate('second').release();
    const done = await waitForStatus(queue, second._id, 'SUCCESS');
    expect(done).toMatchObject({ progress: 100, position: null, result: { gate: 'second', done: true }, error: null });
    expect(await waitForStatus(queue, third._id, 'SUCCESS')).toMatchObject({ result: 0 });
    expect(Date.parse(done.updated_at)).toBeGreaterThanOrEqual(Date.parse(done.created_at));
  });

  it('lists its live workers: queues, each task of them and how often it was requested; gone once closed', async () => {
    const queue = await openQueue();
    expect(await queue.workers()).toEqual([]);
    await queue.startWorkers(['atxcloud_gene']);
    const done = await queue.post(request('test.sleep', 'atxcloud_gene', { args: [0] }));
    await waitForStatus(queue, done._id, 'SUCCESS');
    // The worker's count is written beside the task, never holding it up: on a busy machine it lands after the task.
    const requested = async () => (await queue.workers()).find((r) => r.task === 'test.sleep')?.requested;
    await expect.poll(requested, { timeout: 10_000 }).toBe(1);
    const rows = await queue.workers();
    const worker = rows[0]!.worker;
    expect(worker).toMatch(new RegExp(`^atlas@.+\\.${process.pid}\\.${driver}$`));
    expect(rows.map((r) => r.task)).toEqual(testRegistry.list('atxcloud_gene').map((d) => d.name));
    expect(rows.find((r) => r.task === 'test.sleep')).toMatchObject({
      worker,
      queues: ['atxcloud_gene'],
      requested: 1,
      driver,
    });
    expect(rows.find((r) => r.task === 'test.fail')).toMatchObject({ requested: 0 });
    // A second call adds queues to the same worker.
    await queue.startWorkers(['atxcloud_core']);
    expect(new Set((await queue.workers()).map((r) => r.queues.join(',')))).toEqual(
      new Set(['atxcloud_core,atxcloud_gene']),
    );
    await closeQueue(queue);
    expect(await (await openQueue()).workers()).toEqual([]);
  });

  it('records a handler error as FAILURE with its message', async () => {
    const queue = await openQueue();
    await queue.startWorkers(['atxcloud_gene']);
    const failed = await queue.post(request('test.fail', 'atxcloud_gene'));
    expect(await waitForStatus(queue, failed._id, 'FAILURE')).toMatchObject({
      error: 'boom: the handler failed',
      result: null,
    });
  });

  it('fails a task whose stored arguments do not parse, naming the field', async () => {
    const queue = await openQueue();
    await queue.startWorkers(['atxcloud_gene']);
    const bad = await queue.post(request('test.sleep', 'atxcloud_gene', { args: ['soon'] }));
    const state = await waitForStatus(queue, bad._id, 'FAILURE');
    expect(state.error).toMatch(/^args\.0: /);
  });

  it('fails an unknown task name, and a task posted on a queue it does not belong to', async () => {
    const queue = await openQueue();
    await queue.startWorkers(['atxcloud_core', 'atxcloud_gene']);
    const unknown = await queue.post(request('nope.missing', 'atxcloud_core'));
    expect(await waitForStatus(queue, unknown._id, 'FAILURE')).toMatchObject({
      error: MSG.taskUnknown('nope.missing'),
    });
    const misplaced = await queue.post(request('test.fail', 'atxcloud_core'));
    expect(await waitForStatus(queue, misplaced._id, 'FAILURE')).toMatchObject({
      error: "Task 'test.fail' does not run on queue 'atxcloud_core'.",
    });
  });

  it('keeps rows across a restart: PENDING tasks run, tasks cut short are marked interrupted', async () => {
    const before = await openQueue();
    const waiting = await before.post(request('test.sleep', 'atxcloud_gene', { args: [0] }));
    const cutShort = await before.post(request('test.sleep', 'atxcloud_gene', { args: [0] }));
    await closeQueue(before);
    // As if a runner had claimed it and then died.
    expect(await createTaskStore(infra.db).markStarted(cutShort._id)).toBe(true);

    const after = await openQueue();
    expect((await after.get(waiting._id))!.status).toBe('PENDING');
    await after.startWorkers(['atxcloud_gene']);
    expect(await waitForStatus(after, waiting._id, 'SUCCESS')).toMatchObject({ result: 0 });
    const interrupted = await waitForStatus(after, cutShort._id, 'FAILURE');
    expect(interrupted.error).toMatch(/^Interrupted: /);
  });

  it('runs an idempotent task cut short by a stop once more after the restart', async () => {
    const before = await openQueue();
    runsOfAgain = 0;
    const cutShort = await before.post(request('test.again', 'atxcloud_core'));
    await closeQueue(before);
    expect(await createTaskStore(infra.db).markStarted(cutShort._id)).toBe(true);
    const after = await openQueue();
    await after.startWorkers(['atxcloud_core']);
    await waitForStatus(after, cutShort._id, 'SUCCESS').catch(async (e) => {
      throw new Error(`${(e as Error).message}: ${JSON.stringify(await after.get(cutShort._id))}`);
    });
    expect(runsOfAgain).toBe(1);
  });

  it('marks a task whose worker stopped beating FAILURE (worker lost), never one whose worker beats', async () => {
    const store = createTaskStore(infra.db);
    const queue = await openQueue();
    // Runs for 3 s, far longer than 4 silent beats (1 s): only its heartbeat keeps it alive.
    const live = await queue.post(request('test.sleep', 'atxcloud_gene', { args: [3000] }));
    // Claimed by a worker of another queue that then died: it never beats again.
    const lost = await queue.post(request('test.once', 'atxcloud_core'));
    expect(await store.markStarted(lost._id)).toBe(true);
    const stopWatch = watchLostTasks(store, infra.log, infra.config.taskHeartbeatMs, policyOf(queue));
    try {
      await queue.startWorkers(['atxcloud_gene']);
      expect(await waitForStatus(queue, lost._id, 'FAILURE', 5000)).toMatchObject({ error: WORKER_LOST });
      expect(await waitForStatus(queue, live._id, 'SUCCESS', 15_000)).toMatchObject({ result: 3000 });
    } finally {
      stopWatch();
    }
  });

  it('never takes a task this process runs for lost, however long its beats were held up', async () => {
    const store = createTaskStore(infra.db);
    const queue = await openQueue();
    await queue.startWorkers(['atxcloud_gene']);
    const busy = await queue.post(request('test.gated', 'atxcloud_gene', { kwargs: { gate: 'busy-here' } }));
    await gate('busy-here').reached;
    // As after a long synchronous stretch of its handler (a 5M-cell matrix read): the checks below count every
    // running task as silent (silent since an hour from now), as if its beats had been held up for an hour. The
    // row's beat is not rewritten: the infra queue's own watcher on this database, which does not run the task and
    // looks every half beat, would take such a row for lost before the second check (it did on a loaded CI run).
    const heldUpAnHour = -60 * 60 * 1000;
    const here = { ...policyOf(queue), runningHere: () => testRegistry.runningHere() };
    expect(testRegistry.runningHere().has(busy._id)).toBe(true);
    expect(await recoverSilentTasks(store, infra.log, heldUpAnHour, here)).toEqual({ retried: [], failed: [] });
    // Seen from a process that does not run it, the same task is lost.
    expect(await recoverSilentTasks(store, infra.log, heldUpAnHour, policyOf(queue))).toEqual({
      retried: [],
      failed: [busy._id],
    });
    gate('busy-here').release();
  });

  it('runs an idempotent task once more when its worker is lost, and fails it when that happens twice', async () => {
    const store = createTaskStore(infra.db);
    const queue = await openQueue();
    runsOfAgain = 0;
    const lost = await queue.post(request('test.again', 'atxcloud_core'));
    expect(await store.markStarted(lost._id)).toBe(true);
    const stopWatch = watchLostTasks(store, infra.log, infra.config.taskHeartbeatMs, policyOf(queue));
    try {
      await queue.startWorkers(['atxcloud_core']);
      expect(await waitForStatus(queue, lost._id, 'SUCCESS', 5000)).toMatchObject({ result: 1, error: null });
      expect((await store.getRow(lost._id))!.attempts).toBe(1);
      expect(runsOfAgain).toBe(1);

      // Its retry lost as well: no third start.
      const twice = await queue.post(request('test.again', 'atxcloud_core'));
      await waitForStatus(queue, twice._id, 'SUCCESS');
      await infra.db
        .updateTable('tasks')
        .set({ status: 'PROGRESS', attempts: 1, heartbeat_at: sql`now() - interval '1 hour'` })
        .where('id', '=', twice._id)
        .execute();
      expect(await waitForStatus(queue, twice._id, 'FAILURE', 5000)).toMatchObject({ error: WORKER_LOST });
      expect(runsOfAgain).toBe(2);
    } finally {
      stopWatch();
    }
  });

  it('runs writers of one object one at a time (a folder overlaps what is under it), and of others at once', async () => {
    const queue = await openQueue();
    const write = (name: string, key: string) =>
      queue.post(request('test.gated_writer', 'atxcloud_core', { requestedBy: null, kwargs: { gate: name, key } }));
    await queue.startWorkers(['atxcloud_core']);
    const file = await write('file', 'data/D00001/fastq/a.fq.gz');
    await gate('file').reached;
    const folder = await write('folder', 'data/D00001/fastq/');
    // Claimed by a worker, and waiting for the file's writer: its handler has not begun.
    await waitForStatus(queue, folder._id, 'STARTED');
    const waited = await Promise.race([gate('folder').reached.then(() => 'ran'), sleep(800).then(() => 'waits')]);
    expect(waited).toBe('waits');
    gate('file').release();
    await gate('folder').reached;
    // The file's writer let its lease go before recording SUCCESS: the folder's may begin in between.
    await waitForStatus(queue, file._id, 'SUCCESS');

    // Another run's object is not in the way.
    const other = await write('other', 'data/D00002/fastq/a.fq.gz');
    await gate('other').reached;
    gate('folder').release();
    gate('other').release();
    await waitForStatus(queue, folder._id, 'SUCCESS');
    await waitForStatus(queue, other._id, 'SUCCESS');
    // Leases are let go before the final state is recorded: a caller that sees SUCCESS never waits for them.
    expect(await infra.db.selectFrom('task_write_leases').selectAll().execute()).toEqual([]);
  });

  it('does not wait for the write lease of a task that no longer runs', async () => {
    const queue = await openQueue();
    const store = createTaskStore(infra.db);
    // A writer whose worker was lost and that was marked so: its lease is still in the table.
    const lost = await queue.post(request('test.once', 'atxcloud_core', { requestedBy: null }));
    expect(await store.markStarted(lost._id)).toBe(true);
    await infra.db
      .insertInto('task_write_leases')
      .values({ task_id: lost._id, bucket: dataBucket(infra.config), key: 'data/D00003/fastq/a.fq.gz' })
      .execute();
    await store.failRunning([lost._id], WORKER_LOST);
    const writer = await queue.post(
      request('test.gated_writer', 'atxcloud_core', {
        requestedBy: null,
        kwargs: { gate: 'after-lost', key: 'data/D00003/fastq/a.fq.gz' },
      }),
    );
    await queue.startWorkers(['atxcloud_core']);
    await gate('after-lost').reached;
    gate('after-lost').release();
    await waitForStatus(queue, writer._id, 'SUCCESS');
  });

  it('respects the concurrency limit per queue', async () => {
    const queue = await openQueue();
    const posted = [];
    for (let i = 0; i < 6; i++) posted.push(await queue.post(request('test.sleep', 'atxcloud_gene', { args: [60] })));
    const started = Date.now();
    await queue.startWorkers(['atxcloud_gene']);
    for (const task of posted) await waitForStatus(queue, task._id, 'SUCCESS');
    expect(concurrency.max).toBe(2);
    // 6 × 60 ms two at a time: at least three rounds.
    expect(Date.now() - started).toBeGreaterThanOrEqual(170);
  });

  it('refuses posts once closed', async () => {
    const queue = await openQueue();
    await closeQueue(queue);
    await expect(queue.post(request('test.fail', 'atxcloud_gene'))).rejects.toThrow('The task queue is closed');
  });

  it('runs core.task_list from the real registry', async () => {
    const queue = await openQueue({ registry: createTaskRegistry(allTasks) });
    await queue.startWorkers(QUEUES);
    const all = await queue.post(request('core.task_list', 'atxcloud_core'));
    const core = await queue.post(request('core.task_list', 'atxcloud_core', { kwargs: { queue: 'atxcloud_core' } }));
    const gene = await queue.post(request('core.task_list', 'atxcloud_core', { kwargs: { queue: 'atxcloud_gene' } }));
    const allResult = (await waitForStatus(queue, all._id, 'SUCCESS')).result as {
      queue: null;
      tasks: { name: string }[];
    };
    expect(allResult.queue).toBeNull();
    expect(allResult.tasks.map((t) => t.name)).toEqual(allTasks.map((t) => t.name));
    const describe = (queueName: string) =>
      allTasks
        .filter((t) => t.queue === queueName)
        .map((t) => ({ name: t.name, queue: t.queue, description: t.description, args: t.argSpecs }));
    expect((await waitForStatus(queue, core._id, 'SUCCESS')).result).toEqual({
      queue: 'atxcloud_core',
      tasks: describe('atxcloud_core'),
    });
    const geneTasks = describe('atxcloud_gene');
    expect(geneTasks.map((t) => t.name)).toEqual([
      'gene.compute_qc',
      'gene.rank_clusters',
      'gene.compute_cell_type',
      'gene.seq_logo',
      'gene.subcluster',
    ]);
    expect((await waitForStatus(queue, gene._id, 'SUCCESS')).result).toEqual({
      queue: 'atxcloud_gene',
      tasks: geneTasks,
    });
    const checksumSpec = allResult.tasks.find((t) => t.name === 'core.checksum') as unknown as {
      args: { name: string }[];
    };
    expect(checksumSpec.args.map((a) => a.name)).toEqual(['bucket', 'key']);

    const badQueue = await queue.post(request('core.task_list', 'atxcloud_core', { kwargs: { queue: 'nowhere' } }));
    expect((await waitForStatus(queue, badQueue._id, 'FAILURE')).error).toMatch(/^kwargs\.queue: /);
  });

  it('runs core.checksum: storage → task → result, with progress by bytes read', async () => {
    // Progress as the handler reports it, through a store that records each write.
    const store = createTaskStore(infra.db);
    const reported: number[] = [];
    const recording: TaskStore = {
      ...store,
      setProgress: (id, percent) => (reported.push(percent), store.setProgress(id, percent)),
    };
    const queue = await openQueue({ registry: createTaskRegistry(allTasks), store: recording });
    await queue.startWorkers(['atxcloud_core']);
    const checksum = (bucket: string, key: string) =>
      queue.post(request('core.checksum', 'atxcloud_core', { kwargs: { bucket, key }, requestedBy: null }));

    await infra.storage.put('atx-data', 'checks/hello.txt', 'hello world');
    const hello = await checksum('atx-data', 'checks/hello.txt');
    expect((await waitForStatus(queue, hello._id, 'SUCCESS')).result).toEqual({
      bucket: 'atx-data',
      key: 'checks/hello.txt',
      sha256: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9',
      size: 11,
    });

    reported.length = 0;
    // The worker checks the requester again before it runs: an account that is gone may not read anything.
    const orphan = await queue.post(
      request('core.checksum', 'atxcloud_core', { kwargs: { bucket: 'atx-data', key: 'checks/hello.txt' } }),
    );
    expect((await waitForStatus(queue, orphan._id, 'FAILURE')).error).toBe(MSG.taskRequesterInactive('alice'));

    const big = randomBytes(3 * 1024 * 1024 + 17);
    await infra.storage.put('atx-data', 'checks/big.bin', big);
    const posted = await checksum('atx-data', 'checks/big.bin');
    const state = await waitForStatus(queue, posted._id, 'SUCCESS');
    expect(state).toMatchObject({
      progress: 100,
      result: { sha256: createHash('sha256').update(big).digest('hex'), size: big.length },
    });
    // Whole percents, rising, ending at 100: one write per percent at most, however small the chunks.
    expect(reported.length).toBeGreaterThan(2);
    expect(reported.length).toBeLessThanOrEqual(101);
    expect(reported).toEqual([...reported].sort((x, y) => x - y));
    expect(new Set(reported).size).toBe(reported.length);
    expect(reported.every(Number.isInteger)).toBe(true);
    expect(reported.at(-1)).toBe(100);

    const missing = await checksum('atx-data', 'checks/none');
    expect((await waitForStatus(queue, missing._id, 'FAILURE')).error).toBe(
      "No object 'checks/none' in bucket 'atx-data'",
    );
    const foreign = await checksum('elsewhere', 'x');
    expect((await waitForStatus(queue, foreign._id, 'FAILURE')).error).toBe("Unknown bucket 'elsewhere'");
  });

  if (driver === 'inprocess') {
    it('marks tasks still running when the server stopped as interrupted, and runs the ones it never started', async () => {
      const before = await openQueue();
      await before.startWorkers(['atxcloud_gene']);
      const stuck = [];
      for (const name of ['stuck-1', 'stuck-2'])
        stuck.push(await before.post(request('test.gated', 'atxcloud_gene', { kwargs: { gate: name } })));
      const queued = await before.post(request('test.sleep', 'atxcloud_gene', { args: [0] }));
      await Promise.all([gate('stuck-1').reached, gate('stuck-2').reached]);
      await closeQueue(before); // gives up after closeTimeoutMs: both handlers still wait at their gates

      const after = await openQueue();
      await after.startWorkers(['atxcloud_gene']);
      for (const task of stuck)
        expect(await after.get(task._id)).toMatchObject({ status: 'FAILURE', error: INTERRUPTED_INPROCESS });
      expect((await waitForStatus(after, queued._id, 'SUCCESS')).result).toBe(0);

      // The old handlers finishing late cannot overwrite the recorded failure.
      gate('stuck-1').release();
      gate('stuck-2').release();
      await sleep(50);
      for (const task of stuck) expect((await after.get(task._id))!.status).toBe('FAILURE');
    });
  }

  if (driver === 'bullmq') {
    it('mirrors progress on the BullMQ job and keeps Redis keys under the configured prefix', async () => {
      const queue = await openQueue();
      await queue.startWorkers(['atxcloud_gene']);
      const posted = await queue.post(
        request('test.gated', 'atxcloud_gene', { kwargs: { gate: 'job', progress: 25 } }),
      );
      await gate('job').reached;
      const { Queue } = await import('bullmq');
      const connection = new Redis(redisUrl!, { maxRetriesPerRequest: null });
      const probe = new Queue('atxcloud_gene', { connection, prefix: infra.config.queuePrefix });
      try {
        const job = await probe.getJob(posted._id);
        expect(job?.data).toEqual({ taskId: posted._id, attempt: 0 });
        expect(job?.progress).toBe(25);
      } finally {
        await probe.close();
        await connection.quit();
      }
      gate('job').release();
      await waitForStatus(queue, posted._id, 'SUCCESS');
      const keys = await scanKeys(redisUrl!, `${infra.config.queuePrefix}:*`);
      expect(keys.length).toBeGreaterThan(0);
    });
  }
});

async function scanKeys(redisUrl: string, pattern: string): Promise<string[]> {
  const redis = new Redis(redisUrl);
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      keys.push(...found);
      cursor = next;
    } while (cursor !== '0');
    return keys;
  } finally {
    await redis.quit();
  }
}

async function deleteKeys(redisUrl: string, pattern: string): Promise<void> {
  const keys = await scanKeys(redisUrl, pattern);
  if (keys.length === 0) return;
  const redis = new Redis(redisUrl);
  await redis.del(...keys);
  await redis.quit();
}
