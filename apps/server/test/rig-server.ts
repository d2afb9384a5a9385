import { startRig } from './rig.js';

/**
 * The deployment rig as a server for the browser specs (playwright.rig.config.ts): two API processes and two workers
 * on PostgreSQL, BullMQ and S3 behind nginx with TLS on RIG_PORT, serving the web app's lab build with the demo runs,
 * until SIGTERM or SIGINT.
 */
async function main(): Promise<void> {
  const proxyPort = Number(process.env.RIG_PORT);
  if (!Number.isInteger(proxyPort) || proxyPort <= 0) throw new Error('RIG_PORT must name the proxy port');
  const rig = await startRig({
    proxyPort,
    webDist: process.env.ATLAS_WEB_DIST,
    env: { ATLAS_DEMO_DATA: 'true', ATLAS_LOG_LEVEL: 'warn' },
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
