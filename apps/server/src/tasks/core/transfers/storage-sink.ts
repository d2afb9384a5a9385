import type { PassThrough } from 'node:stream';

/**
 * The storage end of a transfer task: a PassThrough that `storage.put` reads from while the provider's bytes are
 * written into it, one connection after another when a dropped transfer is resumed.
 */

export class StorageStopped extends Error {
  constructor() {
    super('storage stopped taking data');
  }
}

/** Resolves once `out` takes more (backpressure), rejects when it was destroyed (storage failed). */
export function writeTo(out: PassThrough, chunk: Buffer): Promise<void> {
  if (out.destroyed) return Promise.reject(new StorageStopped());
  if (out.write(chunk)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      out.off('drain', done);
      out.off('close', closed);
      if (error) reject(error);
      else resolve();
    };
    const closed = () => done(new StorageStopped());
    out.once('drain', done);
    out.once('close', closed);
  });
}
