import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG } from '@atlas/contracts';
import { errorBody, HttpError } from '../../http/errors.js';
import { rawRoute } from '../../http/route.js';
import type { Infra } from '../../infra/index.js';
import {
  guessContentType,
  InvalidKeyError,
  ObjectNotFoundError,
  ObjectTooLargeError,
  RangeNotSatisfiableError,
  SIGNED_URL_PATH,
  verifySignedUrl,
  type GetResult,
} from '../../infra/storage/index.js';
import { contentRange, resolveRangeHeader } from '../../http/range.js';
import { guardStoredObject } from '../../http/security-headers.js';

const LINK_INVALID = MSG.storageLinkInvalid;
const LINK_EXPIRED = MSG.storageLinkExpired;
const RANGE_NOT_SATISFIABLE = MSG.rangeNotSatisfiable;

const ZSignedQuery = z.object({
  expires: z.coerce.number().int(),
  signature: z.string().min(1),
  download: z.string().optional(),
});

interface SignedTarget {
  bucket: string;
  key: string;
  query: z.infer<typeof ZSignedQuery>;
}

type StorageInfra = Pick<Infra, 'config' | 'storage'>;

/**
 * The filesystem driver's signed URLs (S3 URLs point at S3 itself, so with that driver these answer 404).
 * The signature is the authorisation, hence access 'anonymous'.
 */
export function registerStorageRoutes(app: FastifyInstance, infra: StorageInfra): void {
  // A scope of its own: uploads stream through untouched without changing body parsing of the JSON routes.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    const url = `${SIGNED_URL_PATH}/:bucket/*`;
    // Our own HEAD, registered before GET: Fastify's automatic one would read the whole file to discard it.
    rawRoute(
      scope,
      { method: 'HEAD', url, access: 'anonymous', summary: 'Size and type of an object through a signed GET URL.' },
      (request, reply) => serveObject(infra, request, reply),
    );
    rawRoute(
      scope,
      { method: 'GET', url, access: 'anonymous', summary: 'Download an object through a signed URL (HTTP ranges).' },
      (request, reply) => serveObject(infra, request, reply),
    );
    rawRoute(
      scope,
      { method: 'PUT', url, access: 'anonymous', summary: 'Upload an object through a signed URL (streamed).' },
      (request, reply) => receiveObject(infra, request, reply),
    );
  });
}

async function serveObject(infra: StorageInfra, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const { bucket, key, query } = signedTarget(infra, request, 'GET');
  const info = await infra.storage.head(bucket, key).catch(toHttpError);
  if (!info) throw new HttpError(404, MSG.notFound);
  const wanted = resolveRangeHeader(request.headers.range, info.size);
  if (wanted.kind === 'unsatisfiable') {
    // Sent here rather than thrown: a 416 must carry `Content-Range: bytes */size`.
    return reply
      .code(416)
      .header('Content-Range', contentRange(undefined, info.size))
      .send(errorBody(416, RANGE_NOT_SATISFIABLE));
  }
  const range = wanted.kind === 'partial' ? { start: wanted.start, end: wanted.end } : undefined;
  reply.header('Accept-Ranges', 'bytes').header('Last-Modified', info.lastModified.toUTCString());
  if (query.download === '1') reply.header('Content-Disposition', attachment(key));
  if (request.method === 'HEAD') {
    const size = range ? range.end - range.start + 1 : info.size;
    describeBody(reply, { size, totalSize: info.size, range, contentType: guessContentType(key) }, key);
    return reply.send();
  }
  const object = await infra.storage.get(bucket, key, range ? { range } : {}).catch(toHttpError);
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

async function receiveObject(infra: StorageInfra, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const { bucket, key } = signedTarget(infra, request, 'PUT');
  // Fastify skips the parser for an empty body.
  const body = request.body instanceof Readable ? request.body : Buffer.alloc(0);
  const info = await infra.storage.put(bucket, key, body).catch(toHttpError);
  return reply.send({ key: info.key, size: info.size, lastModified: info.lastModified.toISOString() });
}

/** Bucket, key and query of a signed URL whose signature matches this method and has not expired. */
function signedTarget(infra: StorageInfra, request: FastifyRequest, method: 'GET' | 'PUT'): SignedTarget {
  if (infra.storage.driver !== 'fs') throw new HttpError(404, MSG.notFound);
  const params = request.params as { bucket: string; '*': string };
  const query = ZSignedQuery.safeParse(request.query);
  if (!query.success) throw new HttpError(403, LINK_INVALID);
  const check = verifySignedUrl(infra.config.jwtSecret, {
    method,
    bucket: params.bucket,
    key: params['*'],
    expires: query.data.expires,
    signature: query.data.signature,
  });
  if (!check.ok) throw new HttpError(403, check.reason === 'expired' ? LINK_EXPIRED : LINK_INVALID);
  return { bucket: params.bucket, key: params['*'], query: query.data };
}

function toHttpError(error: unknown): never {
  if (error instanceof ObjectNotFoundError) throw new HttpError(404, MSG.notFound);
  if (error instanceof RangeNotSatisfiableError) throw new HttpError(416, RANGE_NOT_SATISFIABLE);
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
