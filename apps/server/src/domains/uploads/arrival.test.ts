import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '@atlas/contracts';
import { h5adBomb } from '@atlas/spatial/testing';
import { ArrivalError, checkArrival } from './arrival.js';
import { stagedAt } from '../../../test/staged-file.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-arrival-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

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
