import type { SelectionRequest, SelectionResponse } from '../workers/selection-protocol';
import { selectInPolygon } from './selectInPolygon';

/**
 * Page-side handle on the selection worker. Each positions array is copied to the worker once, at its first
 * selection (then indexed there once); later lassos over it send only the polygon. Falls back to the main thread
 * where Worker is absent.
 */
export class SelectionClient {
  private worker: Worker | null = null;
  private keys = new WeakMap<Float32Array, number>();
  private nextKey = 1;
  private nextId = 1;
  private pending = new Map<number, { resolve: (r: Uint32Array) => void; reject: (e: Error) => void }>();

  constructor() {
    if (typeof Worker === 'undefined') return;
    this.worker = new Worker(new URL('../workers/selection.worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (event: MessageEvent<SelectionResponse>) => {
      const msg = event.data;
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.type === 'selected') p.resolve(msg.indices);
      else p.reject(new Error(msg.message));
    };
  }

  /** Indices (ascending) of the points of `positions` (x,y interleaved) inside `polygon` (data coordinates). */
  select(positions: Float32Array, polygon: Float32Array): Promise<Uint32Array> {
    const worker = this.worker;
    if (!worker) return Promise.resolve(selectInPolygon(positions, polygon));
    let key = this.keys.get(positions);
    if (key === undefined) {
      key = this.nextKey++;
      this.keys.set(positions, key);
      // A view on a larger buffer (the explorer's positions view the tixel table's response) would be cloned with
      // all of that buffer: the worker gets a copy of the view's bytes alone, transferred.
      const own = positions.byteLength === positions.buffer.byteLength ? positions : positions.slice();
      worker.postMessage(
        { type: 'points', key, positions: own } satisfies SelectionRequest,
        own === positions ? [] : [own.buffer],
      );
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ type: 'select', id, key, polygon } satisfies SelectionRequest);
    });
  }

  /** Drops a point set from the worker (call when the positions array is replaced). */
  forget(positions: Float32Array): void {
    const key = this.keys.get(positions);
    if (key === undefined) return;
    this.keys.delete(positions);
    this.worker?.postMessage({ type: 'forget', key } satisfies SelectionRequest);
  }

  /** Stops the worker; pending selections reject. */
  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.reject(new Error('Selection worker stopped'));
    this.pending.clear();
  }
}
