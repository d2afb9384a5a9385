import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { h5adBomb, hasSharedData, pngBomb, sharedData, tenxH5Bomb, zarrZipBomb } from '@atlas/spatial/testing';
import { useTestApp } from '../../../test/harness.js';
import { probeBomb } from '../../../test/bombs.js';

/**
 * Decompression bombs through `POST /api/v1/run_db/import` (issue 33 §2): each is uploaded to storage and sent to
 * the admin route, which answers 413 naming what was declared and the setting, leaving no run and no stored
 * object; how fast is measured by the bench (bench/guards.ts, `npm run bench -- guards`). Before, the archive answered 422 after 56.5 s, 24 s of CPU and a 5.7 GB peak.
 */
const BUCKET = 'atx-data';

const t = useTestApp();

async function importing(runId: string, source: string) {
  const reply = await t.api<{ msg: string }>('POST', '/api/v1/run_db/import', {
    token: t.admin,
    body: { run_id: runId, source },
  });
  const runs = await t.infra.db.selectFrom('tissues').select('run_id').where('run_id', '=', runId).execute();
  const stored = (await t.infra.storage.list(BUCKET, { prefix: `data/${runId}/` })).objects;
  return { ...reply, runs: runs.length, stored: stored.length };
}

describe('bombs through the admin import route', () => {
  const files: [string, string, () => Buffer | Promise<Uint8Array>, RegExp][] = [
    [
      'the issue’s .zarr.zip (1 MB, a 1 GiB chunk, X 1e8 × 1e8)',
      'bomb.zarr.zip',
      () => zarrZipBomb(),
      /^bomb\.zarr\.zip: the archive declares 1,025 MB uncompressed/,
    ],
    [
      'a .zarr.zip declaring X 1e8 × 1e8 with a small chunk',
      'shape.zarr.zip',
      () => zarrZipBomb({ chunkBytes: 1 << 20 }),
      /X declares 100,000,000 observations; at most 10,000,000 are imported \(ATLAS_IMPORT_MAX_OBS\)/,
    ],
    [
      'a .zarr.zip whose zlib chunk inflates to 64 MiB',
      'codec.zarr.zip',
      () => zarrZipBomb({ shape: [100, 100], chunks: [100, 100], chunkBytes: 64 << 20, compressedBy: 'zarr' }),
      /a chunk of X inflates to more than the 110,536 bytes it can hold/,
    ],
    ['an h5ad declaring 1e8 observations', 'bomb.h5ad', () => h5adBomb(), /X declares 100,000,000 observations/],
  ];
  files.forEach(([what, name, make, message], i) => {
    it(`refuses ${what}: 413, nothing stored`, async () => {
      const runId = `D0091${i}`;
      await t.infra.storage.put(BUCKET, `uploads/bombs/${name}`, Buffer.from(await make()));
      const reply = await importing(runId, `uploads/bombs/${name}`);
      expect(reply.status, reply.body.msg).toBe(413);
      expect(reply.body.msg).toMatch(message);
      expect([reply.runs, reply.stored]).toEqual([0, 0]);
    });
  });

  it('refuses a 10x .h5 declaring 500 million values in a 3 × 3 matrix (422: the file contradicts itself)', async () => {
    await t.infra.storage.put(BUCKET, 'uploads/bombs/bomb.h5', Buffer.from(await tenxH5Bomb()));
    const reply = await importing('D00915', 'uploads/bombs/bomb.h5');
    expect([reply.status, reply.body.msg]).toEqual([
      422,
      'bomb.h5: /matrix declares 500000000 values and 500000000 indices for 9 cells',
    ]);
    expect([reply.runs, reply.stored]).toEqual([0, 0]);
  });

  it.skipIf(!hasSharedData('visium-spaceranger2-csv'))(
    'refuses a Space Ranger folder whose hires image is a 25000 × 25000 PNG, from the image header',
    async () => {
      const outs = sharedData('visium-spaceranger2-csv/sfe-sample01/outs');
      for (const name of fs.readdirSync(outs, { recursive: true }) as string[]) {
        const file = path.join(outs, name);
        if (!fs.statSync(file).isFile()) continue;
        const bytes = name === 'spatial/tissue_hires_image.png' ? pngBomb() : fs.readFileSync(file);
        await t.infra.storage.put(BUCKET, `uploads/bomb-outs/${name}`, bytes);
      }
      const reply = await importing('D00916', 'uploads/bomb-outs');
      expect(reply.status, reply.body.msg).toBe(413);
      expect(reply.body.msg).toBe(
        'spatial/tissue_hires_image.png is 25000 × 25000 pixels, more than the 200 megapixels this server decodes ' +
          '(ATLAS_IMAGE_MAX_MEGAPIXELS): give a smaller image',
      );
      expect([reply.runs, reply.stored]).toEqual([0, 0]);
    },
  );

  it('the issue’s archive costs megabytes in a process of its own (was 88 s, +2.9 GB)', () => {
    const figures = probeBomb('zarr-zip');
    expect(figures.outcome).toMatch(/^ImportError: bomb\.zarr\.zip: the archive declares/);
    expect(figures.peakMB).toBeLessThan(300);
  }, 120_000);
});
