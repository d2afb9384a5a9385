import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/chromium';
import { freePortSync } from './e2e/ports';
import { LAB_WEB_DIST } from './e2e/web-build';

/**
 * The browser specs of the scale-out issue (36), run through the deployment rig (apps/server/test/rig-server.ts):
 * two API processes and two workers on PostgreSQL, BullMQ and S3, behind nginx with TLS. Needs DATABASE_URL,
 * REDIS_URL and nginx; `npm test` runs it after the main browser suite when they are there. Besides e2e/rig, the
 * main suite's AtlasXbrowser generation from a lab's BSA_HE.png runs here as it is (it stages its files through the
 * storage API, so the same body works on fs storage and on S3).
 */
process.env.RIG_PORT ??= freePortSync();
// The rig's own control (kill and restart an API process), for e2e/rig/upload.spec.ts.
while (!process.env.RIG_CONTROL_PORT || process.env.RIG_CONTROL_PORT === process.env.RIG_PORT)
  process.env.RIG_CONTROL_PORT = freePortSync();
const url = `https://127.0.0.1:${process.env.RIG_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  projects: [
    { name: 'scale-out', testMatch: /e2e\/rig\/[^/]+\.spec\.ts$/ },
    // After the first project: by then the workers have made the demo runs, which at first start load both cores
    // for a minute (a sign-in then takes longer than the spec waits).
    {
      name: 'generation',
      testMatch: /e2e\/atlasbrowser\.spec\.ts$/,
      grep: /a lab’s BSA_HE\.png beside a text file/,
      dependencies: ['scale-out'],
    },
  ],
  outputDir: 'e2e/.out/rig-results',
  workers: 1,
  timeout: 240_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: url,
    // The rig's certificate is made for the run.
    ignoreHTTPSErrors: true,
    viewport: { width: 1400, height: 900 },
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: {
    command:
      'node --import ./scripts/preload-h5wasm.mjs --import tsx apps/server/test/rig-server.ts ' +
      `--port ${process.env.RIG_PORT} --control-port ${process.env.RIG_CONTROL_PORT} --web-dist "${LAB_WEB_DIST}"`,
    url: `${url}/api/v1/app`,
    ignoreHTTPSErrors: true,
    // Four server processes starting at once take minutes on a loaded 2-core machine.
    timeout: 360_000,
    reuseExistingServer: false,
    // SIGTERM (not Playwright's default SIGKILL), so the rig stops its processes and drops its database and files.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
