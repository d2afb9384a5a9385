/// <reference lib="webworker" />
/**
 * Adaptive threshold off the main thread (spec 02 §4.3). The page cuts the working image into bands, one per worker
 * (thresholdClient.ts). A band arrives once per image (`load`): its RGBA pixels, transferred, become a grey band
 * (as OpenCV's RGB2GRAY) kept here, with the rows the widest neighbourhood reads around its own. Each Threshold
 * (`threshold`) then runs OpenCV's adaptive mean threshold on the kept band (packages/spatial, equal to OpenCV bit
 * for bit) and answers its black-and-white rows plus their box sums at the size the stage draws, so the page
 * never handles a full-size RGBA image again. The automatic autofill threshold (`tixelSums`) reads the same grey
 * band: each worker sums its own rows of every tixel's box, and the page adds the parts.
 */
import {
  adaptiveMeanThreshold,
  blockSizeOf,
  rgbaToGrey,
  shrinkSums,
  tixelBoxSums,
  type Roi,
  type ShrinkPart,
  type ShrinkSize,
  type TixelSums,
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
  | { id: number; kind: 'threshold'; image: number; neighborhood: number; c: number; shrink: ShrinkSize }
  /** The grey sums of each tixel's box over this band's own rows; `imageHeight` is the whole image's. */
  | { id: number; kind: 'tixelSums'; image: number; roi: Roi; channels: number; imageHeight: number };

export type ThresholdResponse =
  | { id: number; kind: 'load'; ms: number }
  /** `bw` holds the band's rows from `firstRow` of the load on, 0 / 255, computed on its own rows only. */
  | { id: number; kind: 'threshold'; bw: Uint8Array; shrink: ShrinkPart; ms: number }
  | ({ id: number; kind: 'tixelSums'; ms: number } & TixelSums)
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
  if (request.kind === 'tixelSums') {
    const { roi, channels, imageHeight } = request;
    const { sums, counts } = tixelBoxSums({ width, height, data: grey }, roi, channels, {
      firstRow,
      rows,
      imageHeight,
    });
    return {
      response: { id: request.id, kind: 'tixelSums', sums, counts, ms: performance.now() - started },
      transfer: [sums.buffer, counts.buffer],
    };
  }
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
