import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './ports.js';

/**
 * Real server processes for the scale-out tests (issue 36): `main.ts --role api|worker` as child processes, as a
 * deployment runs them (deploy/systemd). The caller gives the shared settings (database, Redis, storage, signing
 * key); each process gets its name (`X-Atlas-Process`) and, for the API, its port.
 */
export interface ServerProcess {
  name: string;
  role: 'api' | 'worker';
  /** The API's own address (not the proxy's); undefined for a worker. */
  url: string | undefined;
  /** Its process id, which names it in the worker status table (`atlas@host.<pid>.bullmq`). */
  pid: number;
  /** Ends the process with SIGKILL, as a crash would, and waits for it to be gone. */
  kill(): Promise<void>;
  /** Ends it with SIGTERM (a graceful stop) and waits. */
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVER_MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const PRELOAD = path.join(ROOT, 'scripts/preload-h5wasm.mjs');
// Four processes starting at once on a loaded 2-core machine (tsx compiling, migrations) can take minutes each.
const START_TIMEOUT_MS = 240_000;

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Resolves once `ready()` holds; rejects with the process's last output when it exits first or takes too long. */
async function waitUntil(child: ChildProcess, ready: () => Promise<boolean>, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server process exited with ${child.exitCode}: ${output()}`);
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server process not ready within ${START_TIMEOUT_MS} ms: ${output()}`);
}

/**
 * Starts one process and resolves when it serves: an API once GET /api/v1/app answers, a worker once it logs that
 * its task workers started. An API listens on `apiPort` when given (a restart behind a proxy), else a free port.
 */
export async function startServerProcess(
  role: 'api' | 'worker',
  name: string,
  env: NodeJS.ProcessEnv,
  apiPort?: number,
): Promise<ServerProcess> {
  const port = role === 'api' ? (apiPort ?? (await freePort())) : undefined;
  const url = port ? `http://127.0.0.1:${port}` : undefined;
  const child = spawn(process.execPath, ['--import', PRELOAD, '--import', 'tsx', SERVER_MAIN, '--role', role], {
    cwd: ROOT,
    env: {
      ...env,
      ATLAS_PROCESS_NAME: name,
      ATLAS_LOG_FORMAT: 'json',
      ATLAS_LOG_LEVEL: 'info',
      ...(port && { PORT: String(port), HOST: '127.0.0.1' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const ready =
    role === 'api'
      ? () =>
          fetch(`${url}/api/v1/app`).then(
            (reply) => reply.ok,
            () => false,
          )
      : () => Promise.resolve(output.includes('task workers started'));
  const process_: ServerProcess = {
    name,
    role,
    url,
    pid: child.pid!,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
  try {
    await waitUntil(child, ready, () => output);
  } catch (error) {
    await process_.kill();
    throw error;
  }
  return process_;
}
