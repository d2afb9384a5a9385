import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LAB_MSG } from '@atlas/contracts';
import { pngBomb } from '@atlas/spatial/testing';
import { HttpError } from '../../http/errors.js';
import { createImageConverter } from './images.js';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 30 } } })
    .png()
    .toBuffer();

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: unknown) => (error instanceof HttpError ? error.statusCode : 500),
  );

describe('the guarded image path', () => {
  // How fast, beside a small image's conversion: bench/guards.ts (`npm run bench -- guards`).
  it('refuses an image over the pixel limit from its header, with a 413 naming the limit', async () => {
    // 25000 × 25000 black: 608 KB on disk, 625 MB once decoded (made in milliseconds by the bomb factory).
    const bomb = pngBomb();
    const converter = createImageConverter({ maxPixels: 200_000_000 });
    await expect(converter.toJpeg(bomb, { rotation: 0 })).rejects.toMatchObject({
      statusCode: 413,
      message: LAB_MSG.imageTooLarge(200),
    });
    expect((await converter.toPng(await png(40, 20))).subarray(1, 4).toString()).toBe('PNG');
  });

  it('runs at most `concurrency` conversions, queues a few, and answers 429 beyond that', async () => {
    const converter = createImageConverter({ maxPixels: 100_000_000, concurrency: 1, waiting: 1 });
    const image = await png(2000, 2000);
    const results = await Promise.all([0, 1, 2].map(() => statusOf(converter.toJpeg(image, { rotation: 90 }))));
    expect(results).toEqual([200, 200, 429]);
    expect(await statusOf(converter.toJpeg(image, { rotation: 0 }))).toBe(200);
  });

  it('ends the file stream it was given whether the conversion succeeds, fails or is refused', async () => {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'atlas-images-'));
    try {
      const file = path.join(dir, 'image.png');
      await fsp.writeFile(file, await png(600, 400));
      const converter = createImageConverter({ maxPixels: 100_000, concurrency: 1, waiting: 0 });
      const converted = async (convert: (input: fs.ReadStream) => Promise<unknown>) => {
        const input = fs.createReadStream(file);
        const status = await statusOf(convert(input));
        return { status, destroyed: input.destroyed };
      };
      // Over the pixel limit (sharp stops reading at the header), a crop with no area, a converter busy with
      // another: each stream is ended, its file closed.
      expect(await converted((input) => converter.toJpeg(input, { rotation: 0 }))).toEqual({
        status: 413,
        destroyed: true,
      });
      expect(
        await converted((input) => converter.toJpeg(input, { rotation: 0, crop: { x1: 5, y1: 5, x2: 5, y2: 9 } })),
      ).toEqual({ status: 400, destroyed: true });
      const busy = converter.toPng(await png(200, 200));
      expect(await converted((input) => converter.toPng(input))).toEqual({ status: 429, destroyed: true });
      await busy;
      const roomy = createImageConverter({ maxPixels: 10_000_000 });
      expect(await converted((input) => roomy.toJpeg(input, { rotation: 90 }))).toEqual({
        status: 200,
        destroyed: true,
      });
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  });
});
