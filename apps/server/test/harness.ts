import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { migrate, openDatabase, type DatabaseHandle } from '../src/infra/db/index.js';
import type { Infra } from '../src/infra/index.js';
import type { TaskQueue } from '../src/infra/queue/port.js';
import type { TTaskState } from '@atlas/contracts';
import { closeInfra, createInfra } from '../src/infra/create.js';
import { taskRegistry } from '../src/tasks/index.js';
import { createRunRecords } from '../src/domains/runs/index.js';
import type { Db } from '../src/infra/db/index.js';

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

export async function createTestInfra(overrides: Record<string, string | undefined> = {}): Promise<TestInfra> {
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

export interface TestApp {
  app: FastifyInstance;
  infra: TestInfra;
  close(): Promise<void>;
}

/** The whole app on test infrastructure, with the first-start seed (admin + groups) applied. */
export async function createTestApp(overrides: Record<string, string | undefined> = {}): Promise<TestApp> {
  const infra = await createTestInfra(overrides);
  const { seedFirstStart } = await import('../src/seed/first-start.js');
  await seedFirstStart(infra);
  const app = await buildApp(infra);
  await app.ready();
  return {
    app,
    infra,
    async close() {
      await app.close();
      await infra.cleanup();
    },
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
