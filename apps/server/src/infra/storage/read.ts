import type { ObjectStore } from './port.js';

/** Reads a whole stored object (or an inclusive byte range of it) into memory. */
export async function readObject(
  storage: ObjectStore,
  bucket: string,
  key: string,
  range?: { start: number; end: number },
): Promise<Uint8Array> {
  const { body, size } = await storage.get(bucket, key, range ? { range } : undefined);
  const out = new Uint8Array(size);
  let at = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer>) {
    if (at + chunk.length <= out.length) out.set(chunk, at);
    else chunks.push(chunk);
    at += chunk.length;
  }
  if (chunks.length)
    return new Uint8Array(Buffer.concat([Buffer.from(out.buffer, 0, out.length), ...chunks]).subarray(0, at));
  return at === out.length ? out : out.subarray(0, at);
}
