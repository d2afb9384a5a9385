import { blockSizeOf, thresholdBands } from '@atlas/spatial/atlasbrowser';
import { canvasOf, context } from './imageOps';
import type { ThresholdRequest, ThresholdResponse } from './threshold.worker';

/** More bands than cores only adds overlap rows and messages. */
const MAX_WORKERS = 4;

export interface ThresholdResult {
  /** One byte per pixel, 0 or 255, row-major over the whole image. */
  bw: Uint8Array;
  /** The same as a black-and-white canvas of the image's size. */
  canvas: HTMLCanvasElement;
  /** The slowest worker's own time (grey + threshold of its band). */
  ms: number;
}

/**
 * One pool of threshold workers per screen, one per core (up to four): an image is cut into horizontal bands, each
 * read from the canvas into its own buffer and transferred (not copied) to its worker, so the pass runs on every
 * core. (Sending ImageBitmaps instead, to read and write the pixels in the workers, measured twice as slow:
 * OffscreenCanvas reads and createImageBitmap cost more there than getImageData and putImageData on the page.)
 */
export class ThresholdClient {
  private readonly workers: Worker[];
  private next = 1;
  private readonly pending = new Map<number, (r: ThresholdResponse) => void>();

  constructor(workers = Math.min(MAX_WORKERS, Math.max(1, navigator.hardwareConcurrency || 1))) {
    this.workers = Array.from({ length: workers }, () => {
      const worker = new Worker(new URL('./threshold.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (event: MessageEvent<ThresholdResponse>) => {
        this.pending.get(event.data.id)?.(event.data);
        this.pending.delete(event.data.id);
      };
      return worker;
    });
  }

  /** The black-and-white image of a canvas (spec 02 §4.3's adaptive mean threshold). */
  async threshold(image: HTMLCanvasElement, neighborhood: number, c: number): Promise<ThresholdResult> {
    const { width, height } = image;
    const source = context(image);
    const bands = thresholdBands(height, blockSizeOf(neighborhood), this.workers.length);
    // Each band is posted as soon as it is read, so the first worker runs while the next band is read.
    const answers = await Promise.all(
      bands.map((band, i) => {
        const rgba = source.getImageData(0, band.readStart, width, band.readEnd - band.readStart).data;
        const rows = { start: band.start - band.readStart, end: band.end - band.readStart };
        return this.ask(this.workers[i]!, {
          rgba,
          width,
          height: band.readEnd - band.readStart,
          rows,
          neighborhood,
          c,
        });
      }),
    );
    const bw = new Uint8Array(width * height);
    const canvas = canvasOf(width, height);
    // A CPU-side canvas: putImageData there is a third cheaper than into a GPU one, and the stage reads it only once
    // per scale (it draws a scaled copy).
    const out = context(canvas);
    bands.forEach((band, i) => {
      const answer = answers[i]!;
      const own = band.start - band.readStart;
      bw.set(answer.bw.subarray(own * width, (band.end - band.readStart) * width), band.start * width);
      const pixels = new ImageData(answer.rgba, width, band.readEnd - band.readStart);
      out.putImageData(pixels, 0, band.readStart, 0, own, width, band.end - band.start);
    });
    return { bw, canvas, ms: Math.max(...answers.map((a) => a.ms)) };
  }

  private ask(
    worker: Worker,
    request: Omit<ThresholdRequest, 'id'>,
  ): Promise<{ bw: Uint8Array; rgba: Uint8ClampedArray<ArrayBuffer>; ms: number }> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (r) => ('error' in r ? reject(new Error(r.error)) : resolve(r)));
      worker.postMessage({ id, ...request } satisfies ThresholdRequest, [request.rgba.buffer]);
    });
  }

  close(): void {
    for (const worker of this.workers) worker.terminate();
  }
}
