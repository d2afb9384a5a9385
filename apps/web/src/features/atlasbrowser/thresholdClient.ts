import { ATLASBROWSER, ATLASBROWSER_MSG } from '@atlas/contracts';
import {
  addShrinkSums,
  blockSizeOf,
  shrunkPixels,
  thresholdBands,
  tixelMeans,
  type Roi,
  type ThresholdBand,
} from '@atlas/spatial/atlasbrowser';
import { BwImage, canvasOfPixels } from './bwImage';
import { context } from './imageOps';
import type { ThresholdRequest, ThresholdResponse } from './threshold.worker';

/** More bands than cores only adds overlap rows and messages. */
const MAX_WORKERS = 4;
/** Bands are read with the overlap of the widest neighbourhood, so one load serves every slider value. */
const WIDEST_BLOCK = blockSizeOf(ATLASBROWSER.threshold.max);

type LoadAnswer = Extract<ThresholdResponse, { kind: 'load' }>;
type ThresholdAnswer = Extract<ThresholdResponse, { kind: 'threshold' }>;
type TixelSumsAnswer = Extract<ThresholdResponse, { kind: 'tixelSums' }>;

interface Loaded {
  image: HTMLCanvasElement;
  token: number;
  bands: ThresholdBand[];
  /** Resolves with the time reading the image into the workers took. */
  ready: Promise<number>;
}

export interface ThresholdResult {
  image: BwImage;
  /** The slowest worker's own time. */
  ms: number;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * One pool of threshold workers per screen, one per core (up to four), each holding a horizontal band of the
 * working image in grey. Reading an image's pixels (getImageData: ~200 ms for 4,000 × 4,000) happens once per image,
 * as soon as it becomes the working image (`load`), a band per task so the page stays responsive; each Threshold
 * then costs only the workers' pass and a small image at the stage's size — a user tries several C values on
 * one image. The working images are never drawn on after they are made (each step makes a new canvas), so the
 * canvas identifies its pixels. (Sending ImageBitmaps to read the pixels in the workers measured twice as slow.)
 */
export class ThresholdClient {
  private readonly workers: Worker[];
  private next = 1;
  private tokens = 0;
  private loaded: Loaded | null = null;
  private readonly pending = new Map<number, { resolve(r: ThresholdResponse): void; reject(e: Error): void }>();

  constructor(workers = Math.min(MAX_WORKERS, Math.max(1, navigator.hardwareConcurrency || 1))) {
    this.workers = Array.from({ length: workers }, () => {
      const worker = new Worker(new URL('./threshold.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (event: MessageEvent<ThresholdResponse>) => {
        const waiting = this.pending.get(event.data.id);
        this.pending.delete(event.data.id);
        if (!waiting) return;
        if ('error' in event.data) waiting.reject(new Error(event.data.error));
        else waiting.resolve(event.data);
      };
      // A worker that cannot start or crashes: every call waiting on the pool fails with the spec's words.
      worker.onerror = () => this.failAll(ATLASBROWSER_MSG.workerFailed);
      return worker;
    });
  }

  /** Reads the image into the workers, once per image; resolves with the time it took. */
  load(image: HTMLCanvasElement): Promise<number> {
    return this.loading(image).ready;
  }

  /** The black-and-white image (spec 02 §4.3's adaptive mean threshold), shrunk for drawing to `shown`. */
  async threshold(
    image: HTMLCanvasElement,
    neighborhood: number,
    c: number,
    shown: { width: number; height: number },
  ): Promise<ThresholdResult> {
    const { token, bands, ready } = this.loading(image);
    await ready;
    const { width, height } = image;
    const size = { width, height, outWidth: shown.width, outHeight: shown.height };
    const answers = await Promise.all(
      bands.map((_, i) =>
        this.ask<ThresholdAnswer>(i, { kind: 'threshold', image: token, neighborhood, c, shrink: size }),
      ),
    );
    const bw = new Uint8Array(width * height);
    const sums = new Uint32Array(size.outWidth * size.outHeight);
    bands.forEach((band, i) => {
      const answer = answers[i]!;
      bw.set(
        answer.bw.subarray((band.start - band.readStart) * width, (band.end - band.readStart) * width),
        band.start * width,
      );
      addShrinkSums(sums, answer.shrink, size.outWidth);
    });
    const shrunk = canvasOfPixels(shrunkPixels(sums, size), size.outWidth, size.outHeight);
    return { image: new BwImage(width, height, bw, shrunk), ms: Math.max(...answers.map((a) => a.ms)) };
  }

  /** Each tixel's mean grey over its box (the automatic autofill threshold's input), row-major. */
  async tixelMeans(image: HTMLCanvasElement, roi: Roi, channels: number): Promise<Float64Array> {
    const { token, bands, ready } = this.loading(image);
    await ready;
    const request = { kind: 'tixelSums', image: token, roi, channels, imageHeight: image.height } as const;
    const parts = await Promise.all(bands.map((_, i) => this.ask<TixelSumsAnswer>(i, request)));
    const sums = new Float64Array(channels * channels);
    const counts = new Float64Array(channels * channels);
    for (const part of parts)
      for (let i = 0; i < sums.length; i++) {
        sums[i]! += part.sums[i]!;
        counts[i]! += part.counts[i]!;
      }
    return tixelMeans({ sums, counts });
  }

  close(): void {
    for (const worker of this.workers) worker.terminate();
    this.failAll('The threshold workers were closed.');
  }

  private loading(image: HTMLCanvasElement): Loaded {
    if (this.loaded?.image === image) return this.loaded;
    const token = ++this.tokens;
    const bands = thresholdBands(image.height, WIDEST_BLOCK, this.workers.length);
    const ready = (async () => {
      const started = performance.now();
      const source = context(image);
      const loads: Array<Promise<LoadAnswer>> = [];
      for (const [i, band] of bands.entries()) {
        if (i > 0) await nextTask();
        const rgba = source.getImageData(0, band.readStart, image.width, band.readEnd - band.readStart).data;
        const rows = { start: band.start, end: band.end };
        const request = {
          kind: 'load',
          image: token,
          rgba,
          width: image.width,
          firstRow: band.readStart,
          rows,
        } as const;
        loads.push(this.ask<LoadAnswer>(i, request, [rgba.buffer]));
      }
      await Promise.all(loads);
      return performance.now() - started;
    })();
    const loaded: Loaded = { image, token, bands, ready };
    this.loaded = loaded;
    // A failed read is tried again by the next call.
    ready.catch(() => {
      if (this.loaded === loaded) this.loaded = null;
    });
    return loaded;
  }

  private ask<R extends ThresholdResponse>(
    worker: number,
    request: DistributiveOmit<ThresholdRequest, 'id'>,
    transfer: Transferable[] = [],
  ): Promise<R> {
    const id = this.next++;
    return new Promise<R>((resolve, reject) => {
      this.pending.set(id, { resolve: (r) => resolve(r as R), reject });
      this.workers[worker]!.postMessage({ id, ...request }, transfer);
    });
  }

  private failAll(message: string): void {
    for (const waiting of this.pending.values()) waiting.reject(new Error(message));
    this.pending.clear();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
