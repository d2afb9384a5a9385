import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON answer serialised once and kept: its bytes, the same gzipped, and an ETag of the bytes. */
export interface SerialisedJson {
  body: Buffer;
  gzipped: Buffer;
  etag: string;
}

export function serialiseJson(value: unknown): SerialisedJson {
  const body = Buffer.from(JSON.stringify(value));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  return { body, gzipped: gzipSync(body), etag };
}

/**
 * Sends a kept answer to one caller: 304 when the caller holds the same ETag, gzipped when it accepts gzip (what
 * browsers ask), the plain bytes otherwise. `private, no-cache`: each caller's answer depends on what it may see.
 */
export function sendSerialisedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  json: SerialisedJson,
  /** Request headers besides these two that chose this answer (`accept` where a route also answers binary). */
  vary: readonly string[] = [],
): FastifyReply {
  reply
    .header('etag', json.etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', ['authorization', 'accept-encoding', ...vary].join(', '));
  if (request.headers['if-none-match'] === json.etag) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? ''))
    return reply.header('content-encoding', 'gzip').send(json.gzipped);
  return reply.send(json.body);
}
