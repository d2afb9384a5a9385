import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from './harness.js';

/**
 * Real API processes for the scale-out tests (issue 36): `main.ts --role api` started as child processes on one
 * fresh PostgreSQL database, one Redis and one storage folder, with one signing key, as a deployment behind a proxy
 * runs them. Each answers with `X-Atlas-Process: api-<i>`. They start at once, so their migrations race as a
 * rolling deployment's do. Needs DATABASE_URL and REDIS_URL.
 */
export interface ApiProcesses {
  /** Base URL of each process, e.g. http://127.0.0.1:41234. */
  urls: string[];
  /** The admin's password (set through ATLAS_ADMIN_PASSWORD). */
  adminPassword: string;
  /** Ends one process with SIGKILL, as a crash would, and waits for it to be gone. */
  kill(index: number): Promise<void>;
  stop(): Promise<void>;
}

const SERVER_MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
const START_TIMEOUT_MS = 90_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once the process answers GET /api/v1/app; rejects with its stderr when it exits first. */
async function answering(child: ChildProcess, url: string, stderr: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API process exited with ${child.exitCode}: ${stderr()}`);
    const ok = await fetch(`${url}/api/v1/app`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`API process at ${url} did not answer within ${START_TIMEOUT_MS} ms: ${stderr()}`);
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** `env`: more settings for every process (e.g. ATLAS_TRUST_PROXY for requests that come "through the proxy"). */
export async function startApiProcesses(count: number, env: Record<string, string> = {}): Promise<ApiProcesses> {
  const { DATABASE_URL, REDIS_URL } = process.env;
  if (!DATABASE_URL || !REDIS_URL) throw new Error('startApiProcesses needs DATABASE_URL and REDIS_URL');
  const database = await createPostgresDatabase(DATABASE_URL);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-processes-'));
  const adminPassword = 'Admin#Pass1';
  const shared = {
    ...process.env,
    ATLAS_ENV: 'test',
    ATLAS_DATA_DIR: dataDir,
    ATLAS_LOG_LEVEL: 'warn',
    ATLAS_JWT_SECRET: randomBytes(32).toString('hex'),
    ATLAS_ADMIN_PASSWORD: adminPassword,
    ATLAS_QUEUE_PREFIX: `atlas-test-${randomBytes(6).toString('hex')}`,
    ATLAS_DEMO_DATA: 'false',
    DATABASE_URL: database.url,
    REDIS_URL,
    HOST: '127.0.0.1',
    ...env,
  };
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map(exited));
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const ports = await Promise.all(Array.from({ length: count }, freePort));
    const urls = ports.map((port) => `http://127.0.0.1:${port}`);
    await Promise.all(
      ports.map((port, i) => {
        const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN, '--role', 'api'], {
          env: { ...shared, PORT: String(port), ATLAS_PROCESS_NAME: `api-${i}` },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        children.push(child);
        let stderr = '';
        child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
        return answering(child, urls[i]!, () => stderr);
      }),
    );
    return {
      urls,
      adminPassword,
      async kill(index) {
        const child = children[index]!;
        child.kill('SIGKILL');
        await exited(child);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
