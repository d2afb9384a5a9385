import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { childProcessEnv, loadConfig } from '../src/config.js';
import { createPostgresDatabase } from './harness.js';
import { freePort } from './ports.js';
import { startServerProcess, type ServerProcess } from './processes.js';
import { S3RVER_ENV, startS3rver } from './s3rver.js';

/**
 * The deployment rig (issue 36): API processes and task workers on one fresh PostgreSQL database, one Redis
 * (BullMQ) and S3 (s3rver), behind nginx from Debian with TLS (a certificate made for the run), round-robin,
 * `ATLAS_TRUST_PROXY` set to the proxy as the README says. nginx serves the checked-in deploy/nginx/atlas.conf
 * with the rig's ports and certificate in place of its examples. Needs DATABASE_URL, REDIS_URL and nginx.
 */
export interface Rig {
  /** The proxy's address: https://127.0.0.1:<port>. */
  url: string;
  /** The certificate the proxy serves (made for the run): a client trusts the rig with it. */
  ca: Buffer;
  apis: ServerProcess[];
  workers: ServerProcess[];
  /** The settings every process shares: an in-test infra opened on them sees the same deployment. */
  env: NodeJS.ProcessEnv;
  adminPassword: string;
  /** Starts API process `index` again on its port (as systemd's restart does), ending it first if it runs. */
  restartApi(index: number): Promise<void>;
  /** One request through the proxy (trusting the rig's certificate). */
  request(path: string, init?: RigRequest): Promise<RigReply>;
  stop(): Promise<void>;
}

export interface RigRequest {
  method?: string;
  headers?: Record<string, string>;
  /** A JSON body (sent with content-type application/json) or raw bytes. */
  json?: unknown;
  body?: Buffer;
}

export interface RigReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SITE_FILE = path.join(ROOT, 'deploy/nginx/atlas.conf');
/** Debian's nginx, which .ci/run installs. */
export const NGINX = '/usr/sbin/nginx';

/** The site file with the rig's upstreams, port and certificate in place of the examples. */
export function rigSiteFile(site: string, options: { upstreams: string[]; port: number; tlsDir: string }): string {
  const servers = options.upstreams
    .map((url) => `    server ${new URL(url).host} max_fails=1 fail_timeout=5s;`)
    .join('\n');
  const replaced = site
    .replace(/(?:^ {4}server 127\.0\.0\.1:\d+ [^\n]*\n)+/m, `${servers}\n`)
    .replace(/^ {4}listen 443 /m, `    listen 127.0.0.1:${options.port} `)
    .replaceAll('/etc/atlas/tls', options.tlsDir);
  if (/^ {4}server 127\.0\.0\.1:300[12] /m.test(replaced) || !replaced.includes(`127.0.0.1:${options.port}`))
    throw new Error(`${SITE_FILE} no longer has the example lines the rig replaces`);
  return replaced;
}

function nginxConf(dir: string): string {
  const runAsRoot = process.getuid?.() === 0 ? 'user root;' : '';
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'tmp', name)};`;
  return `${runAsRoot}
worker_processes 1;
daemon off;
pid ${path.join(dir, 'nginx.pid')};
events { worker_connections 512; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  include ${path.join(dir, 'atlas.conf')};
}
`;
}

function makeCertificate(dir: string): Buffer {
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1'].concat([
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      'key.pem',
      '-out',
      'cert.pem',
    ]),
    { cwd: dir, stdio: 'ignore' },
  );
  return fs.readFileSync(path.join(dir, 'cert.pem'));
}

function request(agent: https.Agent, base: string, pathname: string, init: RigRequest = {}): Promise<RigReply> {
  const body = init.json !== undefined ? Buffer.from(JSON.stringify(init.json)) : init.body;
  const headers = { ...(init.json !== undefined && { 'content-type': 'application/json' }), ...init.headers };
  return new Promise((resolve, reject) => {
    const req = https.request(new URL(pathname, base), { method: init.method ?? 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function startNginx(upstreams: string[], port: number, dir: string) {
  const tlsDir = path.join(dir, 'tls');
  fs.mkdirSync(tlsDir, { recursive: true });
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    fs.mkdirSync(path.join(dir, 'tmp', name), { recursive: true });
  const ca = makeCertificate(tlsDir);
  const site = rigSiteFile(fs.readFileSync(SITE_FILE, 'utf8'), { upstreams, port, tlsDir });
  fs.writeFileSync(path.join(dir, 'atlas.conf'), site);
  fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConf(dir));
  const errorLog = path.join(dir, 'error.log');
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', errorLog], {
    stdio: 'ignore',
  });
  const url = `https://127.0.0.1:${port}`;
  const agent = new https.Agent({ ca, keepAlive: true });
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = await request(agent, url, '/api/v1/app').then(
      (reply) => (reply.status === 200 ? 'ok' : `HTTP ${reply.status}`),
      (error: Error) => error.message,
    );
    if (answer === 'ok') break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      const log = fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '';
      throw new Error(`nginx did not start (last answer: ${answer}): ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    agent,
    ca,
    async stop() {
      agent.destroy();
      if (child.exitCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await gone;
    },
  };
}

export interface RigOptions {
  apis?: number;
  workers?: number;
  /** The built web app the API processes serve (ATLAS_WEB_DIST). */
  webDist?: string;
  /** The proxy's port (a free one when unset). */
  proxyPort?: number;
  /** More settings for every process (e.g. ATLAS_DEMO_DATA). */
  env?: Record<string, string>;
}

export async function startRig(options: RigOptions = {}): Promise<Rig> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-rig-'));
  const dataDir = path.join(dir, 'data');
  const jwtSecret = randomBytes(32).toString('hex');
  // The server this test runs against (DATABASE_URL, REDIS_URL); the rig's own database is made on it below.
  const { databaseUrl, redisUrl } = loadConfig({ ATLAS_DATA_DIR: dataDir, ATLAS_JWT_SECRET: jwtSecret });
  if (!databaseUrl || !redisUrl) throw new Error('the rig needs DATABASE_URL and REDIS_URL');
  const cleanups: (() => Promise<void>)[] = [async () => fs.rmSync(dir, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  };
  try {
    const database = await createPostgresDatabase(databaseUrl);
    cleanups.push(database.drop);
    const s3 = await startS3rver();
    cleanups.push(() => s3.close());
    const adminPassword = 'Admin#Pass1';
    const proxyPort = options.proxyPort ?? (await freePort());
    const env = childProcessEnv({
      ...S3RVER_ENV(s3.endpoint),
      ATLAS_ENV: 'test',
      ATLAS_DATA_DIR: dataDir,
      ATLAS_JWT_SECRET: jwtSecret,
      ATLAS_ADMIN_PASSWORD: adminPassword,
      ATLAS_QUEUE_PREFIX: `atlas-rig-${randomBytes(6).toString('hex')}`,
      ATLAS_DEMO_DATA: 'false',
      ATLAS_TRUST_PROXY: '127.0.0.1',
      ATLAS_PUBLIC_URL: `https://127.0.0.1:${proxyPort}`,
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      ...(options.webDist && { ATLAS_WEB_DIST: options.webDist }),
      ...options.env,
    });
    const started = (processes: ServerProcess[]) =>
      cleanups.push(() => Promise.all(processes.map((p) => p.stop())).then(() => {}));
    const apis = await Promise.all(
      Array.from({ length: options.apis ?? 2 }, (_, i) => startServerProcess('api', `api-${i}`, env)),
    );
    started(apis);
    const workers = await Promise.all(
      Array.from({ length: options.workers ?? 2 }, (_, i) => startServerProcess('worker', `worker-${i}`, env)),
    );
    started(workers);
    const proxy = await startNginx(
      apis.map((api) => api.url!),
      proxyPort,
      path.join(dir, 'nginx'),
    );
    cleanups.push(() => proxy.stop());
    return {
      url: proxy.url,
      ca: proxy.ca,
      apis,
      workers,
      env,
      adminPassword,
      async restartApi(index) {
        const old = apis[index]!;
        await old.kill();
        apis[index] = await startServerProcess('api', old.name, env, Number(new URL(old.url!).port));
      },
      request: (pathname, init) => request(proxy.agent, proxy.url, pathname, init),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
