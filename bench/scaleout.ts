import fs from 'node:fs';
import os from 'node:os';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/infra/db/index.js';
import { NGINX, startRig, type Rig } from '../apps/server/test/rig.js';
import { seedCatalogue } from './catalogue.js';
import { BENCH_RUN, importGenerated } from './import.js';
import { loadTest, type LoadFigure } from './load.js';
import type { Row } from './row.js';

/** 10k tixels as the features row's run; 2,000 features keep the generated import short. */
const RUN_SIZE = { tixels: 10_000, features: 2000 };
const ROUNDS = 3;
const SLICE = { connections: 32, seconds: 2 };

interface Read {
  name: string;
  path: string;
  headers: Record<string, string>;
  body?: unknown;
}

/**
 * Scale-out (issue 36): the catalogue and a feature read through nginx (TLS, round-robin) to two API processes,
 * against one API process asked directly, in the same run on the same rig (apps/server/test/rig.ts: PostgreSQL,
 * BullMQ, S3 on s3rver), with the API floor (GET /api/v1/app) over both paths as the reference. Slices of the two
 * paths alternate, three rounds, medians printed. Needs DATABASE_URL, REDIS_URL and nginx; says so when they lack.
 */
export async function scaleOutRows(): Promise<Row[]> {
  const { databaseUrl, redisUrl } = loadConfig({ ATLAS_JWT_SECRET: 'bench-only-not-used-bench-only-not-used' });
  const missing = [!databaseUrl && 'DATABASE_URL', !redisUrl && 'REDIS_URL', !fs.existsSync(NGINX) && NGINX].filter(
    Boolean,
  );
  if (missing.length)
    return [
      {
        measure: 'scale-out: reads through nginx to two API processes vs one process directly',
        target: '—',
        figure: `not measured: the rig needs ${missing.join(', ')}`,
        verdict: 'info',
      },
    ];
  const rig = await startRig({ workers: 1 });
  try {
    return await measure(rig);
  } finally {
    await rig.stop();
  }
}

async function measure(rig: Rig): Promise<Row[]> {
  const handle = await openDatabase({ databaseUrl: rig.env.DATABASE_URL, dataDir: rig.env.ATLAS_DATA_DIR! });
  try {
    await seedCatalogue(handle.db);
  } finally {
    await handle.close();
  }
  const env = Object.fromEntries(Object.entries(rig.env).filter((e): e is [string, string] => e[1] !== undefined));
  await importGenerated(rig.env.ATLAS_DATA_DIR!, env, BENCH_RUN, RUN_SIZE);
  const login = await rig.request('/api/v1/auth/login', {
    method: 'POST',
    json: { username: 'admin', password: rig.adminPassword },
  });
  const admin = { authorization: `JWT ${login.json<{ access_token: string }>().access_token}` };
  const visitor = {
    authorization: `JWT ${(await rig.request('/api/v1/auth/log_into_public')).json<{ access_token: string }>().access_token}`,
  };
  const reads: Read[] = [
    { name: 'floor', path: '/api/v1/app', headers: {} },
    { name: 'catalogue', path: '/api/v1/run_db/get_runs_public', headers: { ...visitor, 'accept-encoding': 'gzip' } },
    {
      name: 'feature',
      path: '/api/v1/genes/get_summation',
      headers: { ...admin, accept: 'application/octet-stream' },
      body: { run_id: BENCH_RUN, filename: 'geneSummation', rows: [7] },
    },
  ];
  const paths = { proxy: rig.url, direct: rig.apis[0]!.url! };
  const slices = new Map<string, LoadFigure[]>();
  for (let round = 0; round < ROUNDS; round++)
    for (const read of reads)
      for (const [via, base] of Object.entries(paths)) {
        const figure = await loadTest(`${base}${read.path}`, {
          ...SLICE,
          headers: read.headers,
          body: read.body,
          ca: rig.ca,
        });
        slices.set(`${read.name}/${via}`, [...(slices.get(`${read.name}/${via}`) ?? []), figure]);
      }
  const mid = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  const of = (key: string) => {
    const figures = slices.get(key)!;
    return {
      rps: mid(figures.map((f) => f.requestsPerSecond)),
      p50: mid(figures.map((f) => f.p50Ms)),
      p99: mid(figures.map((f) => f.p99Ms)),
      errors: figures.reduce((n, f) => n + f.errors, 0),
    };
  };
  const text = (f: ReturnType<typeof of>) =>
    `${f.rps.toFixed(0)} req/s, p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, ${f.errors} errors`;
  const labels: Record<string, string> = {
    floor: 'API floor GET /api/v1/app',
    catalogue: 'catalogue, 1k runs (get_runs_public, gzip)',
    feature: `one feature of ${RUN_SIZE.tixels / 1000}k tixels (binary get_summation)`,
  };
  return reads.map(({ name }) => {
    const proxy = of(`${name}/proxy`);
    const direct = of(`${name}/direct`);
    return {
      measure: `scale-out: ${labels[name]}, nginx (TLS) → 2 API processes vs 1 process direct, ${SLICE.connections} connections`,
      target: name === 'floor' ? '(the reference of the rows below)' : '—',
      figure:
        `${(proxy.rps / direct.rps).toFixed(2)}× (proxy ${text(proxy)}; direct ${text(direct)}); ` +
        `medians of ${ROUNDS} ${SLICE.seconds}-second slices, ${os.cpus().length} CPUs shared by nginx, both APIs, the worker, PostgreSQL and the load`,
      verdict: proxy.errors + direct.errors === 0 ? 'info' : 'MISSED',
    };
  });
}
