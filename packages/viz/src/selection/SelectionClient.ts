import type { SelectionRequest, SelectionResponse } from '../workers/selection-protocol';
import { copyInSlices } from './copyInSlices';
import { buildGrid, selectInPolygon, type GridIndex } from './selectInPolygon';

/**
 * Page-side handle on the selection worker. Each positions array is copied to the worker once, at its first
 * selection or grid request (then indexed there once); later lassos over it send only the polygon. Falls back to
 * the main thread where Worker is absent. A request is posted once its positions are in the worker.
 */
export class SelectionClient {
  private worker: Worker | null = null;
  private keys = new WeakMap<Float32Array, Promise<number>>();
  private nextKey = 1;
  private nextId = 1;
  private pending = new Map<number, { resolve: (r: Uint32Array | GridIndex) => void; reject: (e: Error) => void }>();

  constructor() {
    if (typeof Worker === 'undefined') return;
    this.worker = new Worker(new URL('../workers/selection.worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (event: MessageEvent<SelectionResponse>) => {
      const msg = event.data;
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.type === 'selected') p.resolve(msg.indices);
      else if (msg.type === 'grid') p.resolve(msg.grid);
      else p.reject(new Error(msg.message));
    };
  }

  /** Indices (ascending) of the points of `positions` (x,y interleaved) inside `polygon` (data coordinates). */
  select(positions: Float32Array, polygon: Float32Array): Promise<Uint32Array> {
    const worker = this.worker;
    if (!worker) return Promise.resolve(selectInPolygon(positions, polygon));
    const id = this.nextId++;
    return this.keyOf(worker, positions).then((key) =>
      this.ask<Uint32Array>(worker, { type: 'select', id, key, polygon }),
    );
  }

  /**
   * The grid index of `positions`, built in the worker (O(n): ~120 ms of a 2-core machine's main thread for a 5M-cell
   * run, a hitch at the first hover otherwise); the worker keeps its own for the lassos.
   */
  grid(positions: Float32Array): Promise<GridIndex> {
    const worker = this.worker;
    if (!worker) return Promise.resolve(buildGrid(positions));
    const id = this.nextId++;
    return this.keyOf(worker, positions).then((key) => this.ask<GridIndex>(worker, { type: 'grid', id, key }));
  }

  private ask<T extends Uint32Array | GridIndex>(
    worker: Worker,
    request: Extract<SelectionRequest, { id: number }>,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // Stopped while its positions were being copied.
      if (this.worker !== worker) return reject(new Error('Selection worker stopped'));
      this.pending.set(request.id, { resolve: resolve as (r: Uint32Array | GridIndex) => void, reject });
      worker.postMessage(request satisfies SelectionRequest);
    });
  }

  /** The worker's key for `positions`, once the worker has them: sent at the first request for them. */
  private keyOf(worker: Worker, positions: Float32Array): Promise<number> {
    let key = this.keys.get(positions);
    if (key === undefined) this.keys.set(positions, (key = this.send(worker, positions)));
    return key;
  }

  private async send(worker: Worker, positions: Float32Array): Promise<number> {
    const key = this.nextKey++;
    // A view on a larger buffer (the explorer's positions view the tixel table's response) would be cloned with
    // all of that buffer: the worker gets a copy of the view's bytes alone, made in slices (./copyInSlices), and
    // transferred.
    const whole = positions.byteLength === positions.buffer.byteLength;
    const own = whole ? positions : await copyInSlices(positions);
    if (this.worker !== worker) throw new Error('Selection worker stopped');
    worker.postMessage({ type: 'points', key, positions: own } satisfies SelectionRequest, whole ? [] : [own.buffer]);
    return key;
  }

  /** Drops a point set from the worker (call when the positions array is replaced). */
  forget(positions: Float32Array): void {
    const key = this.keys.get(positions);
    if (key === undefined) return;
    this.keys.delete(positions);
    void key.then(
      (k) => this.worker?.postMessage({ type: 'forget', key: k } satisfies SelectionRequest),
      () => {},
    );
  }

  /** Stops the worker; pending selections reject. */
  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.reject(new Error('Selection worker stopped'));
    this.pending.clear();
  }
}
