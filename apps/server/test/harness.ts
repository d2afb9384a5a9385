import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { migrate, openDatabase, type DatabaseHandle } from '../src/infra/db/index.js';
import type { Infra } from '../src/infra/index.js';
import type { TaskQueue } from '../src/infra/queue/port.js';
import type { QueueName, TTaskState } from '@atlas/contracts';
import { closeInfra, createInfra } from '../src/infra/create.js';
import { taskRegistry } from '../src/tasks/index.js';
import { createRunRecords } from '../src/domains/runs/index.js';
import type { Db } from '../src/infra/db/index.js';
import { adminToken, api, type ApiOptions, type Method, type Reply } from './accounts.js';

type Env = Record<string, string | undefined>;

/**
 * Test infrastructure on real drivers: PGlite copied from the migrated template (or a fresh database on
 * DATABASE_URL's server), filesystem storage and outbox in a temporary folder, and the in-process queue
 * (or BullMQ when REDIS_URL is set).
 */
export interface TestInfra extends Infra {
  dataDir: string;
  cleanup(): Promise<void>;
}

/** A fresh, empty database on the PostgreSQL server of `serverUrl`: its URL, and how to drop it. */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `atlas_test_${randomBytes(6).toString('hex')}`;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

async function openTestDatabase(config: Config): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (config.databaseUrl) {
    const { url, drop } = await createPostgresDatabase(config.databaseUrl);
    const handle = await openDatabase({ databaseUrl: url, dataDir: config.dataDir });
    await migrate(handle.db);
    return { handle, drop };
  }
  fs.cpSync(inject('pgliteTemplate'), path.join(config.dataDir, 'db'), { recursive: true });
  fs.rmSync(path.join(config.dataDir, 'db', 'ready'), { force: true });
  const handle = await openDatabase({ dataDir: config.dataDir });
  return { handle, drop: async () => {} };
}

export async function createTestInfra(overrides: Env = {}): Promise<TestInfra> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-test-'));
  const config = loadConfig({
    ATLAS_ENV: 'test',
    ATLAS_DATA_DIR: dataDir,
    ATLAS_LOG_LEVEL: 'silent',
    ATLAS_JWT_SECRET: randomBytes(32).toString('hex'),
    ATLAS_ADMIN_PASSWORD: 'Admin#Pass1',
    ATLAS_QUEUE_PREFIX: 'atlas-test-' + randomBytes(6).toString('hex'),
    PORT: '0',
    ...overrides,
  });
  const log = pino({ level: 'silent' });
  const { handle, drop } = await openTestDatabase(config);
  const infra = await createInfra(config, log, { tasks: taskRegistry, opened: handle });
  return {
    ...infra,
    dataDir,
    async cleanup() {
      await closeInfra(infra);
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One test server: the whole app on test infrastructure with the first-start seed (admin + groups) applied, a
 * signed-in admin, and the calls every test makes bound to it. Factories (factories.ts) take one of these.
 */
export interface TestContext {
  app: FastifyInstance;
  infra: TestInfra;
  /** A session token of the seeded admin. */
  admin: string;
  /** `api` of accounts.ts, on this app. */
  api<T = Record<string, unknown>>(method: Method, url: string, options?: ApiOptions): Promise<Reply<T>>;
  /** The task's final state (SUCCESS or FAILURE). */
  settle(id: string, timeoutMs?: number): Promise<TTaskState>;
}

export interface TestAppOptions {
  /** Configuration overrides by variable name; a function when they are known only once earlier hooks ran. */
  env?: Env | (() => Env);
  /** Queues whose workers run in the test process (QUEUES for all); none by default. */
  workers?: readonly QueueName[];
}

/** A test server opened now, for a test that needs a second one beside its file's (closed by the test). */
export async function openTestApp(options: TestAppOptions = {}): Promise<TestContext & { close(): Promise<void> }> {
  const infra = await createTestInfra(typeof options.env === 'function' ? options.env() : options.env);
  let app: FastifyInstance | undefined;
  const close = async () => {
    await app?.close();
    await infra.cleanup();
  };
  try {
    const { seedFirstStart } = await import('../src/seed/first-start.js');
    await seedFirstStart(infra);
    const ready = await buildApp(infra);
    app = ready;
    await ready.ready();
    if (options.workers) await infra.queue.startWorkers(options.workers);
    return {
      app: ready,
      infra,
      admin: await adminToken(ready),
      api: (method, url, apiOptions) => api(ready, method, url, apiOptions),
      settle: (id, timeoutMs) => settleTask(infra.queue, id, timeoutMs),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The test server of a file (or of the describe block it is called in): opened in a beforeAll registered here and
 * closed in an afterAll, so hooks registered after this call see it ready. Its fields are read through getters,
 * which throw when read before the beforeAll ran. With `requires`, a file the tests read from the shared data
 * folder, nothing is opened when one is absent and `skip` is true (for `describe.skipIf(ctx.skip)`).
 */
export function useTestApp(
  options: TestAppOptions & { requires?: readonly string[]; timeoutMs?: number } = {},
): TestContext & { skip: boolean } {
  const absent = (options.requires ?? []).filter((file) => !fs.existsSync(file));
  if (absent.length) console.warn(`skipping the tests that read ${absent.join(', ')}: absent`);
  let opened: (TestContext & { close(): Promise<void> }) | undefined;
  beforeAll(async () => {
    if (!absent.length) opened = await openTestApp(options);
  }, options.timeoutMs);
  afterAll(() => opened?.close());
  const ready = (): TestContext => {
    if (!opened) throw new Error('the test server opens in beforeAll: read it in hooks and tests only');
    return opened;
  };
  return {
    skip: absent.length > 0,
    get app() {
      return ready().app;
    },
    get infra() {
      return ready().infra;
    },
    get admin() {
      return ready().admin;
    },
    api: (method, url, apiOptions) => ready().api(method, url, apiOptions),
    settle: (id, timeoutMs) => ready().settle(id, timeoutMs),
  };
}

/** Polls a task until it is SUCCESS or FAILURE (tests only; the product polls over HTTP). */
export async function settleTask(queue: TaskQueue, id: string, timeoutMs = 60_000): Promise<TTaskState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await queue.get(id);
    if (!state) throw new Error(`task ${id} does not exist`);
    if (state.status === 'SUCCESS' || state.status === 'FAILURE') return state;
    if (Date.now() > deadline) throw new Error(`task ${id} still ${state.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Publishes or unpublishes a run through the runs domain, as the admin run tools do. */
export async function setRunPublic(db: Db, runId: string, value: boolean): Promise<void> {
  if (!(await createRunRecords(db).setPublic(runId, value))) throw new Error(`run ${runId} has no catalogue entry`);
}
