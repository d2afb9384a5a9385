/**
 * Autofill of AtlasXbrowser (spec 02 §4.3): a tixel is on tissue when the mean intensity of the thresholded
 * (black = stained) image over its quad is below the intensity threshold (210 of 255 by default, §9). Means come
 * from a summed-area table over each quad's bounding box, so 48,400 tixels cost one pass over the image.
 */
import { tixelAt, type Point, type Roi } from '../grid/tixel-grid.js';
import type { GreyImage } from './adaptive-threshold.js';

export const AUTOFILL_THRESHOLD = 210;

/** Summed-area table with a zero first row and column: (width + 1) × (height + 1). */
export function summedArea(image: GreyImage): Float64Array {
  const { width, height, data } = image;
  const stride = width + 1;
  const table = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x]!;
      table[(y + 1) * stride + x + 1] = table[y * stride + x + 1]! + row;
    }
  }
  return table;
}

function boxMeanAt(table: Float64Array, image: GreyImage, corners: readonly Point[]): number {
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const x0 = Math.max(0, Math.min(image.width - 1, Math.floor(Math.min(...xs))));
  const y0 = Math.max(0, Math.min(image.height - 1, Math.floor(Math.min(...ys))));
  const x1 = Math.max(x0 + 1, Math.min(image.width, Math.ceil(Math.max(...xs))));
  const y1 = Math.max(y0 + 1, Math.min(image.height, Math.ceil(Math.max(...ys))));
  const stride = image.width + 1;
  const sum = table[y1 * stride + x1]! - table[y0 * stride + x1]! - table[y1 * stride + x0]! + table[y0 * stride + x0]!;
  return sum / ((x1 - x0) * (y1 - y0));
}

/** Row-major mask (1 = on tissue) of a channels × channels grid over `image`. */
export function autofill(image: GreyImage, roi: Roi, channels: number, threshold = AUTOFILL_THRESHOLD): Uint8Array {
  const table = summedArea(image);
  const mask = new Uint8Array(channels * channels);
  for (let row = 0; row < channels; row++)
    for (let col = 0; col < channels; col++) {
      const { corners } = tixelAt(roi, channels, row, col);
      mask[row * channels + col] = boxMeanAt(table, image, corners) < threshold ? 1 : 0;
    }
  return mask;
}
