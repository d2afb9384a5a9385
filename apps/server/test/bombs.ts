import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface BombFigures {
  kind: string;
  bytes: number;
  ms: number;
  cpuMs: number;
  /** Peak resident memory above the probe process's own before the bomb, in MB. */
  peakMB: number;
  outcome: string;
}

/**
 * Runs one bomb of ./bomb-probe.ts in a process of its own (so what the test runner holds does not hide its peak)
 * and answers its figures. A couple of seconds, most of it the process's start.
 */
export function probeBomb(kind: string): BombFigures {
  const child = spawnSync(
    process.execPath,
    ['--import', './scripts/preload-h5wasm.mjs', '--import', 'tsx', 'apps/server/test/bomb-probe.ts', kind],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  const line = child.stdout.trim().split('\n').at(-1) ?? '';
  if (child.status !== 0 || !line.startsWith('{')) throw new Error(`bomb probe ${kind} failed: ${child.stderr}`);
  const figures = JSON.parse(line) as BombFigures;
  console.log(`[bomb] ${kind}: ${figures.ms} ms, ${figures.cpuMs} ms CPU, +${figures.peakMB} MB — ${figures.outcome}`);
  return figures;
}
