/// <reference lib="webworker" />
/**
 * Adaptive threshold off the main thread (spec 02 §4.3): grey from RGBA as OpenCV, then OpenCV's adaptive mean
 * threshold (packages/spatial, equal to OpenCV bit for bit). Answers the black-and-white image and its timing.
 * The page cuts an image into bands, one per worker (thresholdClient.ts): a band carries the rows its
 * neighbourhood reads around its own, and only its own rows are thresholded.
 *
 * Nothing is copied across the thread boundary: the page transfers the pixels' buffer here, the threshold paints
 * its black-and-white RGBA into that same buffer (its colours are not needed once the grey image is made), and both
 * buffers are transferred back, ready to become the canvas's ImageData.
 */
import { adaptiveMeanThreshold, blockSizeOf, rgbaToGrey } from '@atlas/spatial/atlasbrowser';

export interface ThresholdRequest {
  id: number;
  /** The image's RGBA pixels (transferred: the page no longer has them). */
  rgba: Uint8ClampedArray<ArrayBuffer>;
  width: number;
  height: number;
  /** The rows of this image to threshold; the others are only read as neighbours. */
  rows: { start: number; end: number };
  neighborhood: number;
  c: number;
}
export type ThresholdResponse =
  /** `bw` one byte per pixel (0 / 255) where `rows` asked; `rgba` the same as opaque RGBA pixels, in the request's buffer. */
  { id: number; bw: Uint8Array; rgba: Uint8ClampedArray<ArrayBuffer>; ms: number } | { id: number; error: string };

// The grey image is scratch: kept between requests (a user re-thresholds the same image with another C).
let grey = new Uint8Array(0);

self.onmessage = (event: MessageEvent<ThresholdRequest>) => {
  const { id, rgba, width, height, rows, neighborhood, c } = event.data;
  try {
    const started = performance.now();
    if (grey.length !== width * height) grey = new Uint8Array(width * height);
    const image = rgbaToGrey(rgba, width, height, grey);
    const bw = adaptiveMeanThreshold(image, blockSizeOf(neighborhood), c, { rgba, rows }).data;
    const response: ThresholdResponse = { id, bw, rgba, ms: performance.now() - started };
    (self as unknown as Worker).postMessage(response, [bw.buffer, rgba.buffer]);
  } catch (error) {
    (self as unknown as Worker).postMessage({ id, error: (error as Error).message } satisfies ThresholdResponse);
  }
};
