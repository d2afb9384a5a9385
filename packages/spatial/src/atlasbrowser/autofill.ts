/**
 * Autofill of AtlasXbrowser (spec 02 §4.3): a tixel is on tissue when the mean intensity of an image over its
 * quad's bounding box is below a threshold — the fixed 210 of 255 on the thresholded (black = stained) image
 * (§9), or an automatic one (Otsu's, over the tixels' own means: `otsuThreshold`). Each box is summed directly:
 * the boxes cover about a quarter of the chip, so 48,400 tixels read fewer pixels than the image has.
 */
import { tixelAt, type Roi } from '../grid/tixel-grid.js';
import type { GreyImage } from './adaptive-threshold.js';

export const AUTOFILL_THRESHOLD = 210;

/** Rows of a taller image that a band holds: image row `firstRow` is its row 0; only `rows` are its own. */
export interface ImageBand {
  firstRow: number;
  rows: { start: number; end: number };
  imageHeight: number;
}

/** Per tixel, row-major: the sum of its box's pixels and how many pixels that is. Parts of bands add up. */
export interface TixelSums {
  sums: Float64Array;
  counts: Float64Array;
}

/**
 * Box sums of a channels × channels grid over `image`, or over a band's own rows when `band` is given (a worker's
 * band: added over all bands, they are the whole image's sums).
 */
export function tixelBoxSums(image: GreyImage, roi: Roi, channels: number, band?: ImageBand): TixelSums {
  const { width, data } = image;
  const { firstRow, rows, imageHeight } = band ?? {
    firstRow: 0,
    rows: { start: 0, end: image.height },
    imageHeight: image.height,
  };
  const sums = new Float64Array(channels * channels);
  const counts = new Float64Array(channels * channels);
  for (let row = 0; row < channels; row++)
    for (let col = 0; col < channels; col++) {
      const [a, b, c, d] = tixelAt(roi, channels, row, col).corners;
      const x0 = Math.max(0, Math.min(width - 1, Math.floor(Math.min(a.x, b.x, c.x, d.x))));
      const y0 = Math.max(0, Math.min(imageHeight - 1, Math.floor(Math.min(a.y, b.y, c.y, d.y))));
      const x1 = Math.max(x0 + 1, Math.min(width, Math.ceil(Math.max(a.x, b.x, c.x, d.x))));
      const y1 = Math.max(y0 + 1, Math.min(imageHeight, Math.ceil(Math.max(a.y, b.y, c.y, d.y))));
      const top = Math.max(y0, rows.start);
      const bottom = Math.min(y1, rows.end);
      let sum = 0;
      for (let y = top; y < bottom; y++) {
        const base = (y - firstRow) * width;
        for (let x = x0; x < x1; x++) sum += data[base + x]!;
      }
      sums[row * channels + col] = sum;
      counts[row * channels + col] = Math.max(0, bottom - top) * (x1 - x0);
    }
  return { sums, counts };
}

/** Each tixel's mean from its sums. */
export function tixelMeans({ sums, counts }: TixelSums): Float64Array {
  return sums.map((sum, i) => sum / counts[i]!);
}

/** 1 where a tixel's mean is below `threshold` (on tissue), else 0. */
export function maskBelow(means: ArrayLike<number>, threshold: number): Uint8Array {
  return Uint8Array.from({ length: means.length }, (_, i) => (means[i]! < threshold ? 1 : 0));
}

/** Row-major mask (1 = on tissue) of a channels × channels grid over `image`. */
export function autofill(image: GreyImage, roi: Roi, channels: number, threshold = AUTOFILL_THRESHOLD): Uint8Array {
  return maskBelow(tixelMeans(tixelBoxSums(image, roi, channels)), threshold);
}
