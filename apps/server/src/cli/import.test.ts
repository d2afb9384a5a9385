import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasSharedData, sharedData } from '@atlas/spatial/testing';

/**
 * `npm run import` checks its input before the configuration, database or storage: a bad input exits 1 with the
 * reason, and the data folder stays empty (no embedded database was started, no run stored). Timed against a bare
 * `node --import tsx` start in the same run, since the machine is shared.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-cli-import-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function run(args: string[]): { status: number | null; stdout: string; stderr: string; ms: number } {
  const started = performance.now();
  const child = spawnSync(
    process.execPath,
    ['--import', './scripts/preload-h5wasm.mjs', '--import', 'tsx', 'apps/server/src/cli/import.ts', ...args],
    { cwd: ROOT, env: { ...process.env, ATLAS_DATA_DIR: dataDir }, encoding: 'utf8', timeout: 120_000 },
  );
  return { status: child.status, stdout: child.stdout, stderr: child.stderr, ms: performance.now() - started };
}

describe('npm run import on bad inputs', () => {
  it('a non-HDF5 file: exit 1 with the reason, nothing created in the data folder', () => {
    const bad = path.join(dataDir, '..', `${path.basename(dataDir)}-notes.h5ad`);
    fs.writeFileSync(bad, 'barcode,x,y\n');
    try {
      const reference = performance.now();
      spawnSync(process.execPath, ['--import', 'tsx', '-e', '0'], { cwd: ROOT });
      const floor = performance.now() - reference;
      const result = run([bad, '--run', 'D00042']);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('D00042: nothing imported.');
      expect(result.stderr).toMatch(/notes\.h5ad: not an HDF5 file/);
      expect(fs.readdirSync(dataDir)).toEqual([]);
      console.log(
        `import CLI on a bad file: ${result.ms.toFixed(0)} ms; bare tsx start ${floor.toFixed(0)} ms ` +
          `(ratio ${(result.ms / floor).toFixed(2)})`,
      );
    } finally {
      fs.rmSync(bad, { force: true });
    }
  }, 120_000);

  it.skipIf(!hasSharedData('visium-hd'))(
    'positions that do not match the matrix: says which and what to give',
    () => {
      const result = run([sharedData('visium-hd/seurat-fake-hd/binned_outputs/square_016um'), '--run', 'D00043']);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/2053 of 2695 barcodes have no row in the spatial positions file/);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    },
    120_000,
  );

  it('a missing path and a bad run id', () => {
    const missing = run(['/nonexistent/run.h5ad', '--run', 'D00044']);
    expect([missing.status, missing.stderr.trim()]).toEqual([
      1,
      'D00044: nothing imported. Nothing to import at /nonexistent/run.h5ad',
    ]);
    const usage = run(['/nonexistent/run.h5ad', '--run', 'X1']);
    expect(usage.status).toBe(64);
    expect(usage.stderr).toMatch(/^Usage: npm run import/);
  }, 120_000);
});
