import { parseArgs } from 'node:util';
import { startRig } from './rig.js';

/**
 * The deployment rig as a server for the browser specs (playwright.rig.config.ts): two API processes and two workers
 * on PostgreSQL, BullMQ and S3 behind nginx with TLS on `--port`, serving the built web app of `--web-dist` with the
 * demo runs, until SIGTERM or SIGINT.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { port: { type: 'string' }, 'web-dist': { type: 'string' } } });
  const proxyPort = Number(values.port);
  if (!Number.isInteger(proxyPort) || proxyPort <= 0) throw new Error('--port must name the proxy port');
  const rig = await startRig({
    proxyPort,
    webDist: values['web-dist'],
    env: { ATLAS_DEMO_DATA: 'true' },
  });
  console.log(`rig ready on ${rig.url}: ${rig.apis.length} API processes, ${rig.workers.length} workers`);
  const stop = () => void rig.stop().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
