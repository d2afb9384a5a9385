// Builds the web app (its `lab` build, with the /viz-lab page) and runs the Playwright specs in Debian's Chromium.
// Without Chromium a developer's run says so and stops cleanly; in CI (CI=true) it is an error.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  const message = `Browser tests need Chromium at ${chromium} (Debian: apt-get install -y chromium).`;
  if (process.env.CI) {
    console.error(`${message} CI must run them.`);
    process.exit(1);
  }
  console.warn(`\n*** SKIPPING BROWSER TESTS: ${message} ***\n`);
  process.exit(0);
}

const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
// The specs run on the production build plus the development-only /viz-lab page (e2e/web-build.ts); `npm test`
// makes it beside the other checks and says so with --no-build.
const args = process.argv.slice(2);
if (!args.includes('--no-build')) run('npm', ['run', 'build:lab', '--silent']);
// The server's data folder (playwright.config.ts takes it from the environment) holds ~570 MB after a whole run: it
// is removed when the run ends, whatever its result, unless the caller named one to look into (ATLAS_E2E_DATA_DIR).
// Left behind, CI's runs on the same machine filled /tmp by a gigabyte each (both lanes).
const ownDataDir = !process.env.ATLAS_E2E_DATA_DIR;
if (ownDataDir) process.env.ATLAS_E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-e2e-'));
const specs = spawnSync('npx', ['playwright', 'test', ...args.filter((arg) => arg !== '--no-build')], {
  stdio: 'inherit',
});
if (ownDataDir) fs.rmSync(process.env.ATLAS_E2E_DATA_DIR, { recursive: true, force: true });
process.exit(specs.status ?? 1);
