import { spawnSync } from 'node:child_process';
import { runningInCi } from '../src/config.js';

/**
 * Debian's python3-anndata (apt), which opens the files our exports write: `/usr/bin/python3` explicitly, since a
 * `python3` on PATH may be another interpreter without it. In CI (`CI=true`, where .ci/run installs it) its absence
 * fails the tests that need it; elsewhere they are skipped with this reason.
 */
export const ANNDATA_PYTHON = '/usr/bin/python3';

const probe = spawnSync(ANNDATA_PYTHON, ['-c', 'import anndata; print(anndata.__version__)'], { encoding: 'utf8' });
export const anndataVersion: string | null = probe.status === 0 ? probe.stdout.trim() : null;
export const inCi = runningInCi();
/** Why the anndata tests do not run here, or null when they do (in CI they always run, and fail without it). */
export const anndataSkipReason: string | null =
  anndataVersion || inCi ? null : `${ANNDATA_PYTHON} has no anndata module (apt install python3-anndata)`;

/** Runs a Python script with anndata and answers its stdout parsed as JSON (the script prints one JSON object). */
export function runAnndataScript<T>(script: string, args: string[]): T {
  if (!anndataVersion) throw new Error(`${ANNDATA_PYTHON} cannot import anndata: apt install python3-anndata`);
  const run = spawnSync(ANNDATA_PYTHON, ['-c', script, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`python failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}
