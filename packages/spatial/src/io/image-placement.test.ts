import { describe, expect, it } from 'vitest';
import { columnsExtent, imageCoversSpots, placeImage, spotsExtent } from './image-placement.js';
import { readH5ad } from './h5ad-reader.js';
import { readUnsSpatial } from './uns-spatial.js';
import { hasSharedData, sharedData } from '../testing.js';

describe('placing a tissue image under its spots', () => {
  const spots = spotsExtent([200, 200, 750, 1517, 400, NaN]);

  it('the extent is the largest x and y of the spots', () => {
    expect(spots).toEqual({ maxX: 750, maxY: 1517 });
    expect(spotsExtent([1, 2, 3, 9, 9, 4], 3)).toEqual({ maxX: 9, maxY: 9 });
    expect(columnsExtent([200, 750, 400], [1517, 200, 300])).toEqual({ maxX: 750, maxY: 1517 });
  });

  it('an image covers the spots when its full-resolution span reaches them, with a 2 % edge', () => {
    expect(imageCoversSpots({ width: 49, height: 88 }, 0.051, spots)).toBe(true); // 961 × 1725
    expect(imageCoversSpots({ width: 100, height: 100 }, 0.17, spots)).toBe(false); // 588 × 588
    expect(imageCoversSpots({ width: 76, height: 150 }, 0.1, spots)).toBe(true); // 1517 ≤ 1500 × 1.02
    expect(imageCoversSpots({ width: 76, height: 148 }, 0.1, spots)).toBe(false);
    expect(imageCoversSpots({ width: 49, height: 88 }, 0, spots)).toBe(false);
  });

  it('takes its own scale factor, else the other one, else none', () => {
    const factors = { hires: 0.17, lowres: 0.051 };
    expect(placeImage({ width: 49, height: 88 }, 'lowres', factors, spots)).toBe('lowres');
    expect(placeImage({ width: 49, height: 88 }, 'hires', factors, spots)).toBe('lowres');
    expect(placeImage({ width: 100, height: 100 }, 'hires', factors, spots)).toBe('lowres');
    expect(placeImage({ width: 100, height: 100 }, 'hires', { hires: 0.17, lowres: 0.5 }, spots)).toBeNull();
    expect(placeImage({ width: 49, height: 88 }, 'lowres', { hires: 0.17, lowres: undefined }, spots)).toBeNull();
  });
});

describe.skipIf(!hasSharedData('visium-squidpy-tests'))("squidpy's test_data.h5ad", () => {
  it('its lowres H&E lies under the 49 spots at the lowres factor; the 100 × 100 hires frame only at that one too', async () => {
    const file = sharedData('visium-squidpy-tests/test_data.h5ad');
    const uns = (await readUnsSpatial(file))!;
    const { obsm } = await readH5ad(file, { obsm: ['spatial'] });
    const extent = spotsExtent(obsm.spatial!.data, obsm.spatial!.nCols);
    const factors = { hires: uns.scalefactors.tissue_hires_scalef, lowres: uns.scalefactors.tissue_lowres_scalef };
    expect(placeImage(uns.images.lowres!, 'lowres', factors, extent)).toBe('lowres');
    expect(placeImage(uns.images.hires!, 'hires', factors, extent)).toBe('lowres');
  });
});
