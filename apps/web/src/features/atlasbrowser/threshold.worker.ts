/// <reference lib="webworker" />
/**
 * Adaptive threshold off the main thread (spec 02 §4.3): grey from RGBA as OpenCV, then OpenCV's adaptive mean
 * threshold (packages/spatial, equal to OpenCV bit for bit). Answers the black-and-white image and its timing.
 */
import { adaptiveMeanThreshold, blockSizeOf, rgbaToGrey } from '@atlas/spatial/atlasbrowser';

export interface ThresholdRequest {
  id: number;
  rgba: Uint8ClampedArray;
  width: number;
  height: number;
  neighborhood: number;
  c: number;
}
export type ThresholdResponse = { id: number; bw: Uint8Array; ms: number } | { id: number; error: string };

self.onmessage = (event: MessageEvent<ThresholdRequest>) => {
  const { id, rgba, width, height, neighborhood, c } = event.data;
  try {
    const started = performance.now();
    const grey = rgbaToGrey(rgba, width, height);
    const bw = adaptiveMeanThreshold(grey, blockSizeOf(neighborhood), c).data;
    const response: ThresholdResponse = { id, bw, ms: performance.now() - started };
    (self as unknown as Worker).postMessage(response, [bw.buffer]);
  } catch (error) {
    (self as unknown as Worker).postMessage({ id, error: (error as Error).message } satisfies ThresholdResponse);
  }
};
