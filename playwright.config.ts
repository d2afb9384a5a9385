import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_DIRECTORY_SETTINGS } from './apps/server/test/e2e-directory';
import { OIDC_TEST_CLIENT } from './apps/server/test/oidc-provider';
import { directoryEnv, SLAPD } from './apps/server/test/slapd';
import { CHROMIUM_LAUNCH } from './e2e/chromium';
import { LATE_SPEC_FILES, laneOf } from './e2e/lanes';
import { freePortSync } from './e2e/ports';
import { LAB_WEB_DIST } from './e2e/web-build';

/**
 * End-to-end specs drive the built portal in Debian's Chromium: the `lab` build (e2e/web-build.ts), which
 * scripts/e2e.mjs makes before the run. The server runs on a fresh temporary
 * data folder (embedded PGlite, fs storage, file outbox) so specs can read confirmation codes from the outbox.
 * scripts/e2e.mjs makes the folder and removes it after the run; run without it (`npx playwright test`), the
 * runner process makes one and leaves it. Workers inherit it through the environment.
 */
process.env.ATLAS_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-e2e-'));
// A free port, so a stray server on a fixed port can never fail the suite (ATLAS_E2E_PORT pins one).
process.env.ATLAS_E2E_PORT ??= freePortSync();
const port = Number(process.env.ATLAS_E2E_PORT);
// The Illumina transfer spec starts a loopback BaseSpace API on this port; the server is told where it is.
process.env.ATLAS_E2E_BASESPACE_PORT ??= freePortSync();
// The OIDC spec starts a loopback OpenID provider on this port; the server finds it at the first sign-in.
process.env.ATLAS_E2E_OIDC_PORT ??= freePortSync();
// The LDAP spec's directory (Debian's slapd, which .ci/run installs) runs beside the server for the whole suite: with
// a directory configured, every sign-in of a username no local account has asks it. Without slapd (a developer's
// machine) the server has no directory and e2e/ldap.spec.ts says why it is skipped.
const directory = fs.existsSync(SLAPD) ? { port: (process.env.ATLAS_E2E_LDAP_PORT ??= freePortSync()) } : null;
const directorySettings = directory
  ? { ...directoryEnv(`ldap://127.0.0.1:${directory.port}`), ...E2E_DIRECTORY_SETTINGS }
  : {};

// `npm test` runs the specs in two lanes (e2e/lanes.ts); each has its own server and results folder.
const lane = laneOf(process.env.ATLAS_E2E_LANE);

export default defineConfig({
  testDir: 'e2e',
  // The scale-out specs run through the deployment rig (playwright.rig.config.ts), not this single server.
  // A pattern on the path inside the repository: a glob 'rig/**' also matched a checkout in a folder named rig.
  testIgnore: lane === 'early' ? [/e2e\/rig\//, LATE_SPEC_FILES] : /e2e\/rig\//,
  ...(lane === 'late' && { testMatch: LATE_SPEC_FILES }),
  // Playwright empties its results folder when it starts: the late lane may start while the early one still runs.
  outputDir: lane === 'late' ? 'e2e/.out/results-late' : 'e2e/.out/results',
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1400, height: 900 },
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: [
    ...(directory
      ? [
          {
            command: `npx tsx apps/server/test/slapd-server.ts --port ${directory.port}`,
            port: Number(directory.port),
            timeout: 60_000,
            reuseExistingServer: false,
            // SIGTERM, so the directory stops slapd and removes its folder.
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
          },
        ]
      : []),
    {
      command: 'npx tsx apps/server/src/main.ts',
      url: `http://127.0.0.1:${port}/api/v1/app`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        ATLAS_ENV: 'test',
        ATLAS_DATA_DIR: process.env.ATLAS_E2E_DATA_DIR,
        ATLAS_WEB_DIST: LAB_WEB_DIST,
        ATLAS_ADMIN_PASSWORD: 'Admin#Pass1',
        ATLAS_LOG_LEVEL: 'warn',
        // The catalogue spec browses the demo runs (off by default when ATLAS_ENV=test).
        ATLAS_DEMO_DATA: 'true',
        // The e2e suite always runs the embedded profile: a fresh machine has no PostgreSQL or Redis.
        DATABASE_URL: '',
        REDIS_URL: '',
        BASESPACE_API_URL: `http://127.0.0.1:${process.env.ATLAS_E2E_BASESPACE_PORT}`,
        BASESPACE_TOKEN: 'e2e-basespace-token',
        // The transfers spec takes a file off its FTP server mid-read: the task looks after 10 s without a byte.
        ATLAS_TRANSFER_STALL_MS: '10000',
        // Institution sign-in (e2e/oidc.spec.ts): the provider's claim values map to portal groups.
        ATLAS_OIDC_ISSUER: `http://127.0.0.1:${process.env.ATLAS_E2E_OIDC_PORT}`,
        ATLAS_OIDC_CLIENT_ID: OIDC_TEST_CLIENT.id,
        ATLAS_OIDC_CLIENT_SECRET: OIDC_TEST_CLIENT.secret,
        ATLAS_OIDC_NAME: 'Loopback ID',
        ATLAS_OIDC_GROUP_MAP: 'lab-members=user|lab-oidc;portal-admins=admin',
        ATLAS_OIDC_NEW_ACCOUNTS: 'create',
        // Institution sign-in (e2e/ldap.spec.ts): the directory beside the server, its groups mapped by name.
        ...directorySettings,
      },
    },
  ],
});
