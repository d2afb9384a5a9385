// `npm test`: typecheck, lint, formatting, import boundaries and the web build, then the browser specs beside the
// server's steps: the unit and integration suite on the embedded profile (PGlite, in-process queue) and, when
// DATABASE_URL/REDIS_URL are set, the same server suite again on PostgreSQL/BullMQ followed by the scale-out specs
// through the deployment rig (nginx); the browser specs' late lane (e2e/lanes.ts) starts when either side ends.
// Ends with one summary line: "N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'e2e/.out');
fs.mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0 };
const timings = [];
let failedStep = null;
/** Each failed test named once more at the end: CI keeps only the tail of a long, interleaved log. */
const failures = [];
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((line) => line.trim()) ?? '';

/**
 * One step as a child process, its output printed as it comes, or whole when it ends (`buffered`: a step that runs
 * beside others). Resolves when it has ended; a failure is remembered, not thrown, so that every step still runs.
 */
function runStep(name, cmd, args, { env = process.env, buffered = false } = {}) {
  const started = Date.now();
  if (!buffered) console.log(`\n=== ${name} ===`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      if (buffered) {
        console.log(`\n=== ${name} ===`);
        process.stdout.write(Buffer.concat(output));
      }
      timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (status !== 0 && !failedStep) failedStep = name;
      resolve(status === 0);
    });
  });
}

/**
 * Steps that do not depend on each other, run at once: each is one process on one core (tsc, eslint, prettier,
 * depcruise) or a bundler waiting on files, so together they take about half their sum on two cores.
 */
async function parallelSteps(steps) {
  const started = Date.now();
  await Promise.all(steps.map(({ name, cmd, args }) => runStep(name, cmd, args, { buffered: true })));
  timings.push(`checks and web build together: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed +=
    (report.numFailedTests ?? 0) +
    (report.numTotalTestSuites && report.success === false && !report.numFailedTests ? 1 : 0);
  for (const fileResult of report.testResults ?? []) {
    const where = path.relative(root, fileResult.name);
    if (fileResult.status === 'failed' && fileResult.message)
      failures.push(`${where}: ${firstLine(fileResult.message)}`);
    for (const test of fileResult.assertionResults ?? []) {
      if (test.status === 'failed')
        failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
  if (report.success === false && !report.numFailedTests && !report.numFailedTestSuites) {
    failures.push(`${path.basename(file)}: an error outside any test (the step's output above names it)`);
  }
}

/** The failed specs of a Playwright JSON report, found through its nested suites. */
function failedSpecs(suite) {
  const own = (suite.specs ?? [])
    .filter((spec) => !spec.ok)
    .map((spec) => {
      const error = spec.tests?.flatMap((test) => test.results ?? []).find((result) => result.error)?.error;
      return `${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error?.message)}`;
    });
  return [...own, ...(suite.suites ?? []).flatMap(failedSpecs)];
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const stats = report.stats ?? {};
  failures.push(...(report.suites ?? []).flatMap(failedSpecs));
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
}

const PROFILE_FREE = [
  'src/domains/imports/formats.test.ts',
  'src/seed/demo-run-data.test.ts',
  'src/http/content-security-policy.test.ts',
  // Bad input refused by the shared schemas before any query (the fuzz suite still runs on both profiles).
  'src/http/bad-input.test.ts',
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

/**
 * The browser specs run beside the server's test steps: the unit and integration suite on the embedded profile, then,
 * when DATABASE_URL/REDIS_URL are set, the server suite on PostgreSQL/BullMQ and the specs through the deployment
 * rig. The browser suite, one Chromium on one server, keeps about 1.4 of the 2 cores busy (/proc/stat over a run of
 * 16 specs) and the server steps wait on child processes, sockets and timers; each side has its own data folders,
 * databases, queues and ports. Same machine, same morning: one after the other they took 1,723 s (unit 499 s,
 * PostgreSQL 155 s, browser 964 s, rig 105 s), beside each other 1,322–1,463 s (browser 1,271–1,463 s; unit
 * 859–903 s, PostgreSQL 300–322 s, rig 97–221 s). Tests that timed heartbeats or waits tightly were loosened for
 * the load this brings (about 9 on two cores). The browser specs print as they go; each server step's output is
 * printed whole when it ends.
 */
const browserLane = async (lane, name, { buffered = false } = {}) => {
  const pwReport = path.join(out, `playwright-${lane}.json`);
  await runStep(name, 'node', ['scripts/e2e.mjs', '--no-build', '--reporter=list,json'], {
    env: { ...embedded, ATLAS_E2E_LANE: lane, PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport },
    buffered,
  });
  countPlaywright(pwReport);
};
const browserSteps = () => browserLane('early', 'browser specs (Chromium)');
/**
 * The browser specs of the late lane (e2e/lanes.ts) on a server of their own, started when the first of the two
 * sides ends: one lane alone was the longest, and for its last ~400 s the machine ran nothing beside it. Which side
 * ends first differs by machine (CI: unit 768 s beside browser 1,649 s; here: unit 1,234 s beside the early lane's
 * 1,343 s, with PostgreSQL and the rig still to come).
 */
const lateBrowserSteps = () => browserLane('late', 'browser specs, late lane (Chromium)', { buffered: true });

const serverSteps = async () => {
  await runStep('unit + integration (PGlite, in-process queue, fs storage)', 'npx', vitestArgs('embedded'), {
    env: embedded,
    buffered: true,
  });
  countVitest(path.join(out, 'vitest-embedded.json'));
  if (!process.env.DATABASE_URL && !process.env.REDIS_URL) {
    console.log(
      '\n(DATABASE_URL and REDIS_URL are not set: the PostgreSQL/BullMQ profile is not exercised in this run.)',
    );
    return;
  }
  const profile = [process.env.DATABASE_URL && 'PostgreSQL', process.env.REDIS_URL && 'BullMQ/Redis']
    .filter(Boolean)
    .join(' + ');
  await runStep(
    `server suite again on ${profile}`,
    'npx',
    [
      ...vitestArgs('production'),
      '--project',
      'server',
      // Files whose subject is the same on every profile (matrix file formats, demo science, response headers):
      // they pass through the database only as any route does, and the embedded run covers them.
      ...PROFILE_FREE.flatMap((file) => ['--exclude', file]),
    ],
    { buffered: true },
  );
  countVitest(path.join(out, 'vitest-production.json'));
  await rigSteps();
};

// The scale-out specs (issue 36) through the deployment rig: two API processes and two workers on PostgreSQL,
// BullMQ and S3 behind nginx (apps/server/test/rig.ts). CI installs nginx (.ci/run); a developer's run without it
// says so.
// Debian's nginx, as apps/server/test/rig.ts expects it.
const nginx = '/usr/sbin/nginx';
async function rigSteps() {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) return;
  if (fs.existsSync(nginx)) {
    const rigReport = path.join(out, 'playwright-rig.json');
    await runStep(
      'browser specs through the deployment rig (nginx, 2 API processes, 2 workers)',
      'node',
      ['scripts/e2e.mjs', '--no-build', '-c', 'playwright.rig.config.ts', '--reporter=list,json'],
      { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: rigReport }, buffered: true },
    );
    countPlaywright(rigReport);
  } else if (process.env.CI) {
    console.error(`\nThe deployment rig needs nginx at ${nginx} (Debian: apt-get install -y nginx); CI must run it.`);
    failedStep ??= 'deployment rig (nginx missing)';
  } else {
    console.log(`\n(nginx is not installed at ${nginx}: the browser specs through the deployment rig do not run.)`);
  }
}

const together = Date.now();
const sides = [browserSteps(), serverSteps()];
await Promise.race(sides);
await Promise.all([...sides, lateBrowserSteps()]);
timings.push(`browser specs beside the server steps: ${((Date.now() - together) / 1000).toFixed(1)} s`);

console.log(`\n${timings.join('\n')}`);
if (failedStep && totals.failed === 0) totals.failed = 1;
if (failures.length) console.log(`\nFailed:\n${failures.map((line) => `  ${line.slice(0, 300)}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
if (failedStep) {
  console.error(`npm test failed at: ${failedStep}`);
  process.exit(1);
}
