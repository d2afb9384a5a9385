import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, openDatabase, type Db } from '../apps/server/src/infra/db/index.js';
import { LAB_WEB_DIST } from '../e2e/web-build.js';
import { freePort } from '../apps/server/test/ports.js';

/** A real server process (embedded profile) on a free port and a fresh data folder, for loopback benchmarks. */
export interface BenchServer {
  url: string;
  pid: number;
  dataDir: string;
  env: Record<string, string>;
  rssMb(): number;
  stop(): Promise<void>;
}

/** `prepare` fills the database before the server opens it (PGlite is one process at a time). */
export async function startBenchServer(
  prepare?: (db: Db) => Promise<void>,
  beforeStart?: (dataDir: string, env: Record<string, string>) => Promise<unknown>,
): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-bench-'));
  if (prepare) {
    const handle = await openDatabase({ dataDir });
    await migrate(handle.db);
    await prepare(handle.db);
    await handle.close();
  }
  const port = await freePort();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    ATLAS_ENV: 'production',
    ATLAS_DATA_DIR: dataDir,
    // The lab build: the production build plus the /viz-lab page of the million-tixel row.
    ATLAS_WEB_DIST: LAB_WEB_DIST,
    ATLAS_ADMIN_PASSWORD: 'Bench#Pass1',
    ATLAS_JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    ATLAS_LOG_LEVEL: 'warn',
    // Demo content would be generated in the background while we measure.
    ATLAS_DEMO_DATA: 'false',
    DATABASE_URL: '',
    REDIS_URL: '',
  };
  await beforeStart?.(dataDir, env);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Up to 10 minutes: on a shared 2-core machine the server's start (tsx, migrations) alone can take over a minute.
  let listening = false;
  for (let i = 0; i < 6000 && !listening; i++) {
    try {
      listening = (await fetch(`${url}/api/v1/app`)).ok;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error('bench server exited during start');
    if (!listening) await new Promise((r) => setTimeout(r, 100));
  }
  if (!listening) {
    child.kill('SIGTERM');
    throw new Error('bench server did not answer within 10 minutes');
  }
  return {
    url,
    pid: child.pid!,
    dataDir,
    env,
    rssMb() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
