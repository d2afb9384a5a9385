import type { ThresholdRequest, ThresholdResponse } from './threshold.worker';

/** One worker per screen; requests are answered in order, each by its id. */
export class ThresholdClient {
  private readonly worker = new Worker(new URL('./threshold.worker.ts', import.meta.url), { type: 'module' });
  private next = 1;
  private readonly pending = new Map<number, (r: ThresholdResponse) => void>();

  constructor() {
    this.worker.onmessage = (event: MessageEvent<ThresholdResponse>) => {
      this.pending.get(event.data.id)?.(event.data);
      this.pending.delete(event.data.id);
    };
  }

  /**
   * The black-and-white image (0 / 255 per pixel) of an RGBA image, and the same as ImageData to draw. The image's
   * pixel buffer is transferred to the worker, not copied (64 MB at 4000 × 4000): `image` is unusable afterwards.
   */
  threshold(
    image: ImageData,
    neighborhood: number,
    c: number,
  ): Promise<{ bw: Uint8Array; imageData: ImageData; ms: number }> {
    const id = this.next++;
    const { width, height } = image;
    const rgba = image.data;
    const request: ThresholdRequest = { id, rgba, width, height, neighborhood, c };
    return new Promise((resolve, reject) => {
      this.pending.set(id, (r) =>
        'error' in r
          ? reject(new Error(r.error))
          : resolve({ bw: r.bw, imageData: new ImageData(r.rgba, width, height), ms: r.ms }),
      );
      this.worker.postMessage(request, [rgba.buffer]);
    });
  }

  close(): void {
    this.worker.terminate();
  }
}
