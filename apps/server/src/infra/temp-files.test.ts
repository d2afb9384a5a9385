import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestInfra } from '../../test/harness.js';
import { STALE_TEMP_MS, startTempSweeper, sweepStale, tempFolders, uploadStagingDir } from './temp-files.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-sweep-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const age = (file: string, ms: number) => {
  const then = new Date(Date.now() - ms);
  fs.utimesSync(file, then, then);
};

describe('temporary upload files', () => {
  it('sweeps entries untouched for an hour, keeps fresh ones, and takes a missing folder as empty', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'cut-off'), 'x');
    fs.mkdirSync(path.join(dir, 'old-parts'));
    fs.writeFileSync(path.join(dir, 'old-parts', 'part-1'), 'x');
    fs.writeFileSync(path.join(dir, 'live'), 'x');
    age(path.join(dir, 'cut-off'), STALE_TEMP_MS + 60_000);
    age(path.join(dir, 'old-parts'), STALE_TEMP_MS + 60_000);
    expect(await sweepStale(dir)).toBe(2);
    expect(fs.readdirSync(dir)).toEqual(['live']);
    expect(await sweepStale(path.join(dir, 'missing'))).toBe(0);
  });

  it('sweeps again on its interval, not only at start', async () => {
    const dir = tempDir();
    const sweeper = startTempSweeper([dir], pino({ level: 'silent' }), 50);
    await sweeper.ready;
    fs.writeFileSync(path.join(dir, 'later'), 'x');
    age(path.join(dir, 'later'), STALE_TEMP_MS + 1);
    await expect.poll(() => fs.readdirSync(dir), { timeout: 2000 }).toEqual([]);
    sweeper.stop();
  });

  // A limit, not a timing: the infrastructure (PGlite, migrations) took over 30 s to start beside the browser specs
  // on a loaded 2-core machine.
  it('covers the upload staging folder and the filesystem store’s .tmp, swept when the server starts', async () => {
    const dataDir = tempDir();
    const stale = (folder: string) => {
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, 'left-by-a-crash'), 'x');
      age(path.join(folder, 'left-by-a-crash'), STALE_TEMP_MS + 60_000);
    };
    const folders = [uploadStagingDir({ dataDir }), path.join(dataDir, 'storage', '.tmp')];
    folders.forEach(stale);
    const infra = await createTestInfra({ ATLAS_DATA_DIR: dataDir });
    try {
      expect(tempFolders(infra.config)).toEqual(folders);
      for (const folder of folders) expect(fs.readdirSync(folder)).toEqual([]);
    } finally {
      await infra.cleanup();
    }
  }, 120_000);
});
