import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isBlankImage } from './blank-image.js';
import { readUnsSpatial } from './uns-spatial.js';
import { hasSharedData, sharedData } from '../testing.js';

describe('isBlankImage', () => {
  const image = (pixels: number[], channels: number) => ({
    width: pixels.length / channels,
    height: 1,
    channels,
    pixels: Uint8Array.from(pixels),
  });
  it('one flat colour is blank, with a little noise too; alpha is ignored', () => {
    expect(isBlankImage(image([0, 0, 0, 0, 0, 0], 3))).toBe(true);
    expect(isBlankImage(image([200, 10, 30, 255, 201, 11, 29, 0], 4))).toBe(true);
  });
  it('a near-black frame (levels 0–4) is blank; a few stray pixels do not make a blank frame real', () => {
    const frame = Array.from({ length: 3 * 10_000 }, (_, i) => i % 5);
    expect(isBlankImage(image(frame, 3))).toBe(true);
    const withScaleBar = frame.map((v, i) => (i < 3 * 5 ? 255 : v));
    expect(isBlankImage(image(withScaleBar, 3))).toBe(true);
    const dimFluorescence = frame.map((v, i) => (i % 300 < 60 ? 40 + (i % 7) : v));
    expect(isBlankImage(image(dimFluorescence, 3))).toBe(false);
  });
  it('any real variation in a colour channel is not blank', () => {
    expect(isBlankImage(image([0, 0, 0, 0, 40, 0], 3))).toBe(false);
    expect(isBlankImage(image([10, 200], 1))).toBe(false);
  });
});

describe.skipIf(!hasSharedData('visium-squidpy-tests'))("uns['spatial'] of real files", () => {
  it('squidpy test_data.h5ad: the library, its float images as 8-bit, its four scale factors', async () => {
    const uns = await readUnsSpatial(sharedData('visium-squidpy-tests/test_data.h5ad'));
    expect(uns?.library).toBe('V1_Adult_Mouse_Brain');
    expect([uns?.images.hires?.height, uns?.images.hires?.width, uns?.images.hires?.channels]).toEqual([100, 100, 3]);
    expect([uns?.images.lowres?.height, uns?.images.lowres?.width]).toEqual([88, 49]);
    expect(isBlankImage(uns!.images.lowres!)).toBe(false);
    // Its hires image is a near-black placeholder: its pixels span levels 0–4 only.
    expect(isBlankImage(uns!.images.hires!)).toBe(true);
    expect(Object.keys(uns!.scalefactors).sort()).toEqual([
      'fiducial_diameter_fullres',
      'spot_diameter_fullres',
      'tissue_hires_scalef',
      'tissue_lowres_scalef',
    ]);
  });

  it("stLearn's .h5 with empty images: scale factors only; pbmc68k_reduced has no uns['spatial']", async () => {
    const uns = await readUnsSpatial(sharedData('h5ad-format-variants/test_data.h5'));
    expect(uns?.images).toEqual({});
    expect(await readUnsSpatial(sharedData('scanpy-pbmc68k-reduced/10x_pbmc68k_reduced.h5ad'))).toBeNull();
  });

  it("the all-black hires placeholder of squidpy's spatial/ folder is blank; its lowres H&E is not", async () => {
    const sharp = (await import('sharp')).default;
    const decode = async (file: string) => {
      const { data, info } = await sharp(fs.readFileSync(sharedData('visium-squidpy-tests/spatial', file)))
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, channels: info.channels, pixels: data };
    };
    expect(isBlankImage(await decode('tissue_hires_image.png'))).toBe(true);
    expect(isBlankImage(await decode('tissue_lowres_image.png'))).toBe(false);
  });
});
