// Type-checks every workspace project with one `tsc --build` over the solution tsconfig.json. Each project is
// checked once (dependants read the declarations of the packages they import), and projects whose inputs did not
// change since the last run are skipped, using the state kept in node_modules/.cache/tsbuild (see tsconfig.json).
// Exits non-zero when any project has errors; `--force` rebuilds everything.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// tsc directly rather than through npx: npx costs about a second per call, most of a warm run.
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

// `tsc --build` sees changed sources and tsconfigs but not changed dependencies (a new @types or zod .d.ts leaves
// every project "up to date"), so the saved state is only trusted for the package-lock.json it was built with.
const stamp = path.join(root, 'node_modules/.cache/tsbuild/package-lock.sha1');
const hash = crypto.createHash('sha1');
const lock = hash.update(fs.readFileSync(path.join(root, 'package-lock.json'))).digest('hex');
const stale = !fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== lock;

const started = Date.now();
const flags = ['--pretty', 'false', ...(stale ? ['--force'] : []), ...process.argv.slice(2)];
const args = [tsc, '--build', 'tsconfig.json', ...flags];
const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
if (run.status !== null) {
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, lock);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (run.status !== 0) {
  console.error(`typecheck failed (${seconds} s)`);
  process.exit(run.status ?? 1);
}
console.log(`typecheck: all projects ok (${seconds} s${stale ? ', full run' : ''})`);
