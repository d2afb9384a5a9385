import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '@atlas/contracts';
import { h5adBomb } from '@atlas/spatial/testing';
import { ArrivalError, checkArrival } from './arrival.js';
import type { StagedFile } from './staging.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-arrival-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A staged upload lying in a local file, as the filesystem staging keeps one. */
function stagedAt(file: string): StagedFile {
  return {
    size: fs.statSync(file).size,
    readAt: async (offset, length) => {
      const fd = fs.openSync(file, 'r');
      try {
        const buffer = new Uint8Array(length);
        return buffer.subarray(0, fs.readSync(fd, buffer, 0, length, offset));
      } finally {
        fs.closeSync(fd);
      }
    },
    localPath: async () => file,
    commit: () => Promise.reject(new Error('not committed in this test')),
    release: async () => {},
  };
}

describe('the arrival check of an uploaded AnnData', () => {
  // How fast, beside a real file's check: bench/guards.ts (`npm run bench -- guards`).
  it('refuses one declaring 1e8 observations from its shapes, before reading its 1e8 names', async () => {
    const file = path.join(dir, 'bomb.h5ad');
    fs.writeFileSync(file, await h5adBomb());
    const error = await checkArrival('h5ad', stagedAt(file), 'bomb.h5ad', IMPORT_LIMITS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArrivalError);
    expect((error as Error).message).toContain('X declares 100,000,000 observations');
  });
});
