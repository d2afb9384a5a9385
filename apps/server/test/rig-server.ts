import http from 'node:http';
import { parseArgs } from 'node:util';
import { startRig, type Rig } from './rig.js';

/**
 * The deployment rig as a server for the browser specs (playwright.rig.config.ts): two API processes and two workers
 * on PostgreSQL, BullMQ and S3 behind nginx with TLS on `--port`, serving the built web app of `--web-dist` with the
 * demo runs, until SIGTERM or SIGINT. With `--control-port`, a spec can end and restart an API process (see
 * `controlServer`).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, 'web-dist': { type: 'string' }, 'control-port': { type: 'string' } },
  });
  const proxyPort = Number(values.port);
  if (!Number.isInteger(proxyPort) || proxyPort <= 0) throw new Error('--port must name the proxy port');
  const rig = await startRig({
    proxyPort,
    webDist: values['web-dist'],
    env: { ATLAS_DEMO_DATA: 'true' },
  });
  const control = values['control-port'] ? await controlServer(rig, Number(values['control-port'])) : undefined;
  console.log(`rig ready on ${rig.url}: ${rig.apis.length} API processes, ${rig.workers.length} workers`);
  const stop = () => void Promise.all([rig.stop(), control?.close()]).then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/**
 * The rig's own control, on loopback only and in no product code: `POST /apis/{name}/kill` ends that API process
 * with SIGKILL (a crash) and answers once it is gone; `POST /apis/{name}/restart` starts it again on its port (as
 * systemd's restart does) and answers once it serves. A spec kills a process mid-upload and restarts it after.
 */
function controlServer(rig: Rig, port: number): Promise<http.Server> {
  const server = http.createServer((request, reply) => {
    const match = /^\/apis\/([\w-]+)\/(kill|restart)$/.exec(request.url ?? '');
    const index = match ? rig.apis.findIndex((api) => api.name === match[1]) : -1;
    const answer = (status: number, text: string) =>
      reply.writeHead(status, { 'content-type': 'text/plain' }).end(text);
    if (request.method !== 'POST' || !match || index < 0) return answer(404, 'POST /apis/{api name}/kill|restart');
    const action = match[2] === 'kill' ? rig.apis[index]!.kill() : rig.restartApi(index);
    action.then(
      () => answer(200, `${match[1]}: ${match[2]} done`),
      (error: unknown) => answer(500, String(error)),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
