/**
 * What the lab build's `/viz-lab/atlasbrowser` page leaves in `window.__atlasBrowserLab` for the bench: the tool's
 * own threshold worker, autofill and stage timed in the browser on a 4,000 × 4,000 image.
 */
export interface AtlasBrowserLabTimings {
  side: number;
  /** Threshold → black-and-white canvas ready: pixels read, worker round trip, canvas drawn (median of 5). */
  thresholdMs: number;
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
