/// <reference lib="webworker" />
/**
 * Adaptive threshold off the main thread (spec 02 §4.3). The page cuts the working image into bands, one per worker
 * (thresholdClient.ts). A band arrives once per image (`load`): its RGBA pixels, transferred, become a grey band
 * (as OpenCV's RGB2GRAY) kept here, with the rows the widest neighbourhood reads around its own. Each Threshold
 * (`threshold`) then runs OpenCV's adaptive mean threshold on the kept band (packages/spatial, equal to OpenCV bit
 * for bit) and answers its black-and-white rows plus their box sums at the size the stage draws, so the page
 * never handles a full-size RGBA image again.
 */
import {
  adaptiveMeanThreshold,
  blockSizeOf,
  rgbaToGrey,
  shrinkSums,
  type ShrinkPart,
  type ShrinkSize,
} from '@atlas/spatial/atlasbrowser';

interface Rows {
  start: number;
  end: number;
}

export type ThresholdRequest =
  | {
      id: number;
      kind: 'load';
      /** Which working image this band belongs to: a threshold names it. */
      image: number;
      /** The band's RGBA pixels (transferred: the page no longer has them). */
      rgba: Uint8ClampedArray<ArrayBuffer>;
      width: number;
      /** The first image row in `rgba`, and this band's own rows (image rows). */
      firstRow: number;
      rows: Rows;
    }
  | { id: number; kind: 'threshold'; image: number; neighborhood: number; c: number; shrink: ShrinkSize };

export type ThresholdResponse =
  | { id: number; kind: 'load'; ms: number }
  /** `bw` holds the band's rows from `firstRow` of the load on, 0 / 255, computed on its own rows only. */
  | { id: number; kind: 'threshold'; bw: Uint8Array; shrink: ShrinkPart; ms: number }
  | { id: number; error: string };

let band: { image: number; grey: Uint8Array; width: number; height: number; firstRow: number; rows: Rows } | null =
  null;

function answer(request: ThresholdRequest): { response: ThresholdResponse; transfer: Transferable[] } {
  const started = performance.now();
  if (request.kind === 'load') {
    const { image, rgba, width, firstRow, rows } = request;
    const height = rgba.length / 4 / width;
    band = { image, grey: rgbaToGrey(rgba, width, height).data, width, height, firstRow, rows };
    return { response: { id: request.id, kind: 'load', ms: performance.now() - started }, transfer: [] };
  }
  if (band?.image !== request.image) throw new Error('The image was not loaded into this worker.');
  const { grey, width, height, firstRow, rows } = band;
  const own = { start: rows.start - firstRow, end: rows.end - firstRow };
  const bw = adaptiveMeanThreshold({ width, height, data: grey }, blockSizeOf(request.neighborhood), request.c, {
    rows: own,
  }).data;
  const shrink = shrinkSums(bw, firstRow, rows, request.shrink);
  return {
    response: { id: request.id, kind: 'threshold', bw, shrink, ms: performance.now() - started },
    transfer: [bw.buffer, shrink.sums.buffer],
  };
}

self.onmessage = (event: MessageEvent<ThresholdRequest>) => {
  try {
    const { response, transfer } = answer(event.data);
    (self as unknown as Worker).postMessage(response, transfer);
  } catch (error) {
    (self as unknown as Worker).postMessage({ id: event.data.id, error: (error as Error).message });
  }
};
