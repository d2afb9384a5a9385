import { Readable } from 'node:stream';

/**
 * Reads the first `bytes` of a request body without losing them: answers them and a stream that yields the whole
 * body again, head first, then the rest as it arrives (never buffered beyond the head).
 */
export async function peekHead(
  source: AsyncIterable<Buffer>,
  bytes: number,
): Promise<{ head: Uint8Array; body: Readable }> {
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks).subarray(0, bytes);
  async function* whole() {
    yield* chunks;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head: new Uint8Array(head), body: Readable.from(whole()) };
}
