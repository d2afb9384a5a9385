/**
 * Autofill of AtlasXbrowser (spec 02 §4.3): a tixel is on tissue when the mean intensity of the thresholded
 * (black = stained) image over its quad's bounding box is below the intensity threshold (210 of 255, §9). Each
 * box is summed directly: the boxes cover about a quarter of the chip, so 48,400 tixels read fewer pixels than
 * the image has.
 */
import { tixelAt, type Roi } from '../grid/tixel-grid.js';
import type { GreyImage } from './adaptive-threshold.js';

export const AUTOFILL_THRESHOLD = 210;

/** Row-major mask (1 = on tissue) of a channels × channels grid over `image`. */
export function autofill(image: GreyImage, roi: Roi, channels: number, threshold = AUTOFILL_THRESHOLD): Uint8Array {
  const { width, height, data } = image;
  const mask = new Uint8Array(channels * channels);
  for (let row = 0; row < channels; row++)
    for (let col = 0; col < channels; col++) {
      const [a, b, c, d] = tixelAt(roi, channels, row, col).corners;
      const x0 = Math.max(0, Math.min(width - 1, Math.floor(Math.min(a.x, b.x, c.x, d.x))));
      const y0 = Math.max(0, Math.min(height - 1, Math.floor(Math.min(a.y, b.y, c.y, d.y))));
      const x1 = Math.max(x0 + 1, Math.min(width, Math.ceil(Math.max(a.x, b.x, c.x, d.x))));
      const y1 = Math.max(y0 + 1, Math.min(height, Math.ceil(Math.max(a.y, b.y, c.y, d.y))));
      let sum = 0;
      for (let y = y0; y < y1; y++) {
        const base = y * width;
        for (let x = x0; x < x1; x++) sum += data[base + x]!;
      }
      mask[row * channels + col] = sum / ((x1 - x0) * (y1 - y0)) < threshold ? 1 : 0;
    }
  return mask;
}
