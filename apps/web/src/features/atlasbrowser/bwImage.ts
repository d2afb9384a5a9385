import { shrinkSums, shrunkPixels, type ShrinkSize } from '@atlas/spatial/atlasbrowser';
import { canvasOf, context } from './imageOps';

/** Grey RGBA pixels (as `shrunkPixels` gives) on a canvas of their size. */
export function canvasOfPixels(rgba: Uint8ClampedArray<ArrayBuffer>, width: number, height: number): HTMLCanvasElement {
  const canvas = canvasOf(width, height);
  context(canvas).putImageData(new ImageData(rgba, width, height), 0, 0);
  return canvas;
}

/**
 * The thresholded image: one byte per pixel (0 / 255) for autofill, and drawn only at the stage's size. A
 * full-size black-and-white canvas would cost a 64 MB putImageData for a 4,000 × 4,000 image just to be shrunk;
 * the workers send the shrunk image's box sums with the threshold instead, and another scale shrinks `data` here.
 */
export class BwImage {
  private shown: HTMLCanvasElement;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly data: Uint8Array,
    shrunk: HTMLCanvasElement,
  ) {
    this.shown = shrunk;
  }

  /** The image at `outWidth` × `outHeight` (no larger than itself), box-averaged. */
  scaled(outWidth: number, outHeight: number): HTMLCanvasElement {
    if (this.shown.width !== outWidth || this.shown.height !== outHeight) {
      const size: ShrinkSize = { width: this.width, height: this.height, outWidth, outHeight };
      // Every row at once: the one part's sums are the whole image's.
      const { sums } = shrinkSums(this.data, 0, { start: 0, end: this.height }, size);
      this.shown = canvasOfPixels(shrunkPixels(sums, size), outWidth, outHeight);
    }
    return this.shown;
  }
}
