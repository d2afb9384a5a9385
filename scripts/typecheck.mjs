// Type-checks every workspace project; exits non-zero on the first failure.
import { spawnSync } from 'node:child_process';

const projects = ['packages/contracts', 'packages/spatial', 'packages/viz', 'apps/server', 'apps/web', 'e2e', 'bench'];
for (const project of projects) {
  const started = Date.now();
  const run = spawnSync('npx', ['tsc', '-p', project, '--pretty', 'false'], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`typecheck failed in ${project}`);
    process.exit(run.status ?? 1);
  }
  console.log(`typecheck ${project}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
