// Type-checks every workspace project, each once: a project reads the declarations its references emitted
// (node_modules/.cache/tsbuild) instead of re-checking their sources, and `tsc --build` skips a project whose inputs
// did not change since the last run. Projects run in dependency order, and the two largest, which do not depend on
// each other (apps/server, apps/web), run at once on two cores: a cold check takes about the time of the larger
// instead of the sum (issue 39 §8).
// `tsc --build` sees changed sources and tsconfigs but not changed dependencies (a new @types or zod .d.ts leaves
// every project "up to date"), so the saved state is only trusted for the package-lock.json it was built with.
// Exits non-zero when any project has errors; `--force` drops the saved state first.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// tsc directly rather than through npx: npx costs about a second per call, most of a warm run.
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const cache = path.join(root, 'node_modules/.cache/tsbuild');
const stamp = path.join(root, 'node_modules/.cache/tsbuild-package-lock.sha1');
const lock = crypto.createHash('sha1').update(fs.readFileSync(path.join(root, 'package-lock.json'))).digest('hex');
const stale = !fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== lock;

/**
 * Each stage's projects run at once; a stage starts when the one before has passed. `--build` of a project also
 * builds its references, so packages/viz brings contracts and spatial, and bench brings e2e.
 */
const STAGES = [['packages/viz'], ['apps/server', 'apps/web'], ['bench']];

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '--build', project, '--pretty', 'false'], { cwd: root });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => resolve({ project, status, output: Buffer.concat(output).toString() }));
  });
}

const cold = stale || process.argv.includes('--force');
if (cold) fs.rmSync(cache, { recursive: true, force: true });
const started = Date.now();
let failed = [];
for (const stage of STAGES) {
  const results = await Promise.all(stage.map(check));
  for (const { output } of results) process.stdout.write(output);
  failed = results.filter((r) => r.status !== 0).map((r) => r.project);
  if (failed.length) break;
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
fs.mkdirSync(path.dirname(stamp), { recursive: true });
fs.writeFileSync(stamp, lock);
if (failed.length) {
  console.error(`typecheck failed in ${failed.join(', ')} (${seconds} s)`);
  process.exit(1);
}
console.log(`typecheck: all projects ok (${seconds} s${cold ? ', cold' : ''})`);
