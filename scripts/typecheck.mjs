// Type-checks every workspace project with one `tsc --build` over the solution tsconfig.json. Each project is
// checked once (dependants read the declarations of the packages they import), and projects whose inputs did not
// change since the last run are skipped, using the state kept in node_modules/.cache/tsbuild (see tsconfig.json).
// Exits non-zero when any project has errors; `--force` rebuilds everything.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// tsc directly rather than through npx: npx costs about a second per call, most of a warm run.
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const started = Date.now();
const args = [tsc, '--build', 'tsconfig.json', '--pretty', 'false', ...process.argv.slice(2)];
const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (run.status !== 0) {
  console.error(`typecheck failed (${seconds} s)`);
  process.exit(run.status ?? 1);
}
console.log(`typecheck: all projects ok (${seconds} s)`);
