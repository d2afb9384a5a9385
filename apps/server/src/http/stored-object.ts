import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@atlas/contracts';
import {
  guessContentType,
  InvalidKeyError,
  ObjectNotFoundError,
  ObjectTooLargeError,
  RangeNotSatisfiableError,
  type GetResult,
  type ObjectStore,
} from '../infra/storage/index.js';
import { errorBody, HttpError } from './errors.js';
import { contentRange, resolveRangeHeader } from './range.js';
import { guardStoredObject } from './security-headers.js';

/**
 * Sends a stored object to a request that may read it (the caller checked that): GET streams the bytes, HEAD only
 * describes them, and one `Range: bytes=` range is answered with a 206 (igv.js reads its track files so), a range
 * past the end with a 416. `notFound` is the message of a missing object. Shared by the filesystem store's signed
 * URLs and the download links.
 */
export async function sendStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: ObjectStore,
  target: { bucket: string; key: string; download?: boolean; notFound?: string },
): Promise<unknown> {
  const { bucket, key } = target;
  const missing = target.notFound ?? MSG.notFound;
  const info = await storage.head(bucket, key).catch(toHttpError);
  if (!info) throw new HttpError(404, missing);
  const wanted = resolveRangeHeader(request.headers.range, info.size);
  if (wanted.kind === 'unsatisfiable') {
    // Sent here rather than thrown: a 416 must carry `Content-Range: bytes */size`.
    return reply
      .code(416)
      .header('Content-Range', contentRange(undefined, info.size))
      .send(errorBody(416, MSG.rangeNotSatisfiable));
  }
  const range = wanted.kind === 'partial' ? { start: wanted.start, end: wanted.end } : undefined;
  reply.header('Accept-Ranges', 'bytes').header('Last-Modified', info.lastModified.toUTCString());
  if (target.download) reply.header('Content-Disposition', attachment(key));
  if (request.method === 'HEAD') {
    const size = range ? range.end - range.start + 1 : info.size;
    describeBody(reply, { size, totalSize: info.size, range, contentType: guessContentType(key) }, key);
    return reply.send();
  }
  const object = await storage.get(bucket, key, range ? { range } : {}).catch((error: unknown) => {
    if (error instanceof ObjectNotFoundError) throw new HttpError(404, missing);
    return toHttpError(error);
  });
  describeBody(reply, object, key);
  return reply.send(object.body);
}

/** Status and entity headers from what is actually served (the object may have changed since `head`). */
function describeBody(reply: FastifyReply, body: Omit<GetResult, 'body'>, key: string): void {
  guardStoredObject(reply, body.contentType, key.slice(key.lastIndexOf('/') + 1));
  reply
    .code(body.range ? 206 : 200)
    .header('Content-Type', body.contentType ?? 'application/octet-stream')
    .header('Content-Length', body.size);
  if (body.range) reply.header('Content-Range', contentRange(body.range, body.totalSize));
}

/** The storage drivers' errors as answers. */
export function toHttpError(error: unknown): never {
  if (error instanceof ObjectNotFoundError) throw new HttpError(404, MSG.notFound);
  if (error instanceof RangeNotSatisfiableError) throw new HttpError(416, MSG.rangeNotSatisfiable);
  if (error instanceof ObjectTooLargeError) throw new HttpError(413, error.message);
  if (error instanceof InvalidKeyError) throw new HttpError(400, error.message);
  throw error;
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / RFC 8187). */
function attachment(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
