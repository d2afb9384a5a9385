/**
 * What the lab build's `/viz-lab/atlasbrowser` page leaves in `window.__atlasBrowserLab` for the bench: the tool's
 * own threshold worker, autofill and stage timed in the browser on a 4,000 × 4,000 image.
 */
export interface AtlasBrowserLabTimings {
  side: number;
  /** Threshold button → black-and-white image at the stage's size, on a new working image (median of 3). */
  thresholdMs: number;
  /** The same on an image thresholded before, with another C (median of 5). */
  againMs: number;
  /** Reading a new working image's pixels into the workers, done when the image is made (median of 3). */
  loadMs: number;
  /** The worker's own share of it. */
  workerMs: number;
  autofillMs: number;
  /** Reference in the same page: one bare pass summing the image's RGBA bytes (median of 5). */
  bareLoopMs: number;
  /** Animation frames while the bench drags an ROI corner: start, drag, stop. */
  startFrames(): void;
  stopFrames(): { frames: number; ms: number };
  /** Where the dragged corner is, in page pixels. */
  corner: { x: number; y: number };
}
