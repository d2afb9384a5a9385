import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG } from '@atlas/contracts';
import { HttpError } from '../../http/errors.js';
import { rawRoute } from '../../http/route.js';
import { sendStoredObject, toHttpError } from '../../http/stored-object.js';
import type { Infra } from '../../infra/index.js';
import { SIGNED_URL_PATH, verifySignedUrl } from '../../infra/storage/index.js';

const LINK_INVALID = MSG.storageLinkInvalid;
const LINK_EXPIRED = MSG.storageLinkExpired;

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
  return sendStoredObject(request, reply, infra.storage, { bucket, key, download: query.download === '1' });
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
