import {
  isBlankImage,
  placeImage,
  type ImageResolution,
  type RawPixels,
  type Scalefactors,
  type SpotsExtent,
} from '@atlas/spatial/io';
import { createImageGuard } from '../../infra/images.js';

/**
 * The tissue images an import keeps (issue 32 §1): an image that carries no picture (a flat or near-black
 * placeholder) is left out, and each other one is stored under the name of the resolution whose scale factor puts
 * it under the spots — its own, else the other one's (a writer that mixed them up) — or left out when neither
 * does, with a warning saying why. The explorer then shows the other resolution, or the spots alone.
 */
export const SPATIAL_IMAGES = { hires: 'tissue_hires_image.png', lowres: 'tissue_lowres_image.png' } as const;

export interface TissueImageCandidate {
  /** The resolution its writer labelled it with. */
  resolution: ImageResolution;
  /** Where it came from, for warnings: `uns/spatial/lib/images/hires`, `spatial/tissue_hires_image.png`. */
  label: string;
  pixels: RawPixels;
  /** The image as PNG bytes (the source file itself when it is a PNG already). */
  png(): Promise<Uint8Array>;
}

/** Stored name (`tissue_hires_image.png` …) → PNG bytes of the images kept; warnings for those left out. */
export async function keepTissueImages(
  candidates: readonly TissueImageCandidate[],
  scalefactors: Partial<Scalefactors> | undefined,
  spots: SpotsExtent,
  warnings: string[],
): Promise<Map<string, Uint8Array>> {
  const factors = { hires: scalefactors?.tissue_hires_scalef, lowres: scalefactors?.tissue_lowres_scalef };
  const kept = new Map<string, Uint8Array>();
  const byOwnLabelFirst = [...candidates].sort(
    (a, b) => Number(placed(b) === b.resolution) - Number(placed(a) === a.resolution),
  );
  for (const image of byOwnLabelFirst) {
    if (isBlankImage(image.pixels)) {
      warnings.push(`${image.label} has no picture (a flat or near-black placeholder): not used`);
      continue;
    }
    const resolution = placed(image);
    if (!resolution) {
      warnings.push(
        `${image.label} (${sizeOf(image)}) does not lie under the spots with either scale factor: not used`,
      );
      continue;
    }
    if (kept.has(SPATIAL_IMAGES[resolution])) {
      warnings.push(
        `${image.label} (${sizeOf(image)}) fits the spots only at the ${resolution} scale factor, which the ${resolution} image has: not used`,
      );
      continue;
    }
    if (resolution !== image.resolution)
      warnings.push(
        `${image.label} (${sizeOf(image)}) matches the ${resolution} scale factor: used as the ${resolution} image`,
      );
    kept.set(SPATIAL_IMAGES[resolution], await image.png());
  }
  if (candidates.length && kept.size === 0) warnings.push('no usable tissue image: the spots are drawn without one');
  return kept;

  function placed(image: TissueImageCandidate): ImageResolution | null {
    return placeImage(image.pixels, image.resolution, factors, spots);
  }
}

const sizeOf = ({ pixels }: TissueImageCandidate): string => `${pixels.width}×${pixels.height} px`;

/**
 * Decoded pixels (an AnnData's uns images, a SpatialData image level) as PNG bytes, encoded in a slot of the guarded
 * image path (one image per core; refused past the pixel limit). Loaded on first use: the import CLI must start fast.
 */
export async function pngOf(image: RawPixels, maxPixels: number): Promise<Uint8Array> {
  const { default: sharp } = await import('sharp');
  const guard = createImageGuard({ maxPixels });
  const png = await guard.raw(image, () =>
    sharp(Buffer.from(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength), {
      raw: { width: image.width, height: image.height, channels: image.channels as 1 | 2 | 3 | 4 },
    })
      .png()
      .toBuffer(),
  );
  return new Uint8Array(png);
}
