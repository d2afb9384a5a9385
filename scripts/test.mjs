// `npm test`: typecheck, lint, formatting, import boundaries, the unit and integration suite on the embedded profile (PGlite, in-process
// queue), the same server suite again on PostgreSQL/BullMQ when DATABASE_URL/REDIS_URL are set, then the
// browser specs, and with PostgreSQL and Redis the scale-out specs through the deployment rig (nginx).
// Ends with one summary line: "N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'e2e/.out');
fs.mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0 };
const timings = [];
let failedStep = null;

function step(name, cmd, args, env = process.env) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0 && !failedStep) failedStep = name;
  return result.status === 0;
}

/**
 * Steps that do not depend on each other, run at once: each is one process on one core (tsc, eslint, prettier,
 * depcruise) or a bundler waiting on files, so together they take about half their sum on two cores. Their output
 * is printed whole, step by step, when all have ended.
 */
async function parallelSteps(steps) {
  const started = Date.now();
  const results = await Promise.all(
    steps.map(
      ({ name, cmd, args, env = process.env }) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (status) =>
            resolve({ name, status, output: Buffer.concat(output), seconds: (Date.now() - started) / 1000 }),
          );
        }),
    ),
  );
  for (const { name, status, output, seconds } of results) {
    console.log(`\n=== ${name} ===`);
    process.stdout.write(output);
    timings.push(`${name}: ${seconds.toFixed(1)} s (at once with the other checks)`);
    if (status !== 0 && !failedStep) failedStep = name;
  }
  timings.push(`checks and web build together: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed +=
    (report.numFailedTests ?? 0) +
    (report.numTotalTestSuites && report.success === false && !report.numFailedTests ? 1 : 0);
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const stats = JSON.parse(fs.readFileSync(file, 'utf8')).stats ?? {};
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
}

const PROFILE_FREE = [
  'src/domains/imports/formats.test.ts',
  'src/seed/demo-run-data.test.ts',
  'src/http/content-security-policy.test.ts',
];

const embedded = { ...process.env };
delete embedded.DATABASE_URL;
delete embedded.REDIS_URL;

await parallelSteps([
  { name: 'typecheck', cmd: 'node', args: ['scripts/typecheck.mjs'] },
  { name: 'lint', cmd: 'npx', args: ['eslint', '.'] },
  { name: 'format (prettier --check)', cmd: 'npx', args: ['prettier', '--check', '--log-level', 'warn', '.'] },
  {
    name: 'import boundaries (dependency-cruiser)',
    cmd: 'node',
    args: ['scripts/boundaries.mjs'],
  },
  // The browser specs' build (scripts/e2e.mjs makes it when run alone).
  { name: 'web build for the browser specs', cmd: 'npm', args: ['run', 'build:lab', '--silent'] },
]);

const vitestArgs = (name) => [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(out, `vitest-${name}.json`)}`,
];
for (const f of fs.readdirSync(out).filter((f) => f.endsWith('.json'))) fs.rmSync(path.join(out, f));

step('unit + integration (PGlite, in-process queue, fs storage)', 'npx', vitestArgs('embedded'), embedded);
countVitest(path.join(out, 'vitest-embedded.json'));

if (process.env.DATABASE_URL || process.env.REDIS_URL) {
  const profile = [process.env.DATABASE_URL && 'PostgreSQL', process.env.REDIS_URL && 'BullMQ/Redis']
    .filter(Boolean)
    .join(' + ');
  step(`server suite again on ${profile}`, 'npx', [
    ...vitestArgs('production'),
    '--project',
    'server',
    // Files whose subject is the same on every profile (matrix file formats, demo science, response headers):
    // they pass through the database only as any route does, and the embedded run covers them.
    ...PROFILE_FREE.flatMap((file) => ['--exclude', file]),
  ]);
  countVitest(path.join(out, 'vitest-production.json'));
} else {
  console.log(
    '\n(DATABASE_URL and REDIS_URL are not set: the PostgreSQL/BullMQ profile is not exercised in this run.)',
  );
}

const pwReport = path.join(out, 'playwright.json');
step('browser specs (Chromium)', 'node', ['scripts/e2e.mjs', '--no-build', '--reporter=list,json'], {
  ...embedded,
  PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport,
});
countPlaywright(pwReport);

// The scale-out specs (issue 36) through the deployment rig: two API processes and two workers on PostgreSQL,
// BullMQ and S3 behind nginx (apps/server/test/rig.ts). CI installs nginx (.ci/run); a developer's run without it
// says so.
// Debian's nginx, as apps/server/test/rig.ts expects it.
const nginx = '/usr/sbin/nginx';
if (process.env.DATABASE_URL && process.env.REDIS_URL) {
  if (fs.existsSync(nginx)) {
    const rigReport = path.join(out, 'playwright-rig.json');
    step(
      'browser specs through the deployment rig (nginx, 2 API processes, 2 workers)',
      'node',
      ['scripts/e2e.mjs', '--no-build', '-c', 'playwright.rig.config.ts', '--reporter=list,json'],
      { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: rigReport },
    );
    countPlaywright(rigReport);
  } else if (process.env.CI) {
    console.error(`\nThe deployment rig needs nginx at ${nginx} (Debian: apt-get install -y nginx); CI must run it.`);
    failedStep ??= 'deployment rig (nginx missing)';
  } else {
    console.log(`\n(nginx is not installed at ${nginx}: the browser specs through the deployment rig do not run.)`);
  }
}

console.log(`\n${timings.join('\n')}`);
if (failedStep && totals.failed === 0) totals.failed = 1;
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
if (failedStep) {
  console.error(`npm test failed at: ${failedStep}`);
  process.exit(1);
}
