import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DOWNLOAD_MSG, DOWNLOAD_PATH, DOWNLOAD_REDIRECT_SECONDS } from '@atlas/contracts';
import { HttpError } from '../../http/errors.js';
import { rawRoute } from '../../http/route.js';
import { sendStoredObject } from '../../http/stored-object.js';
import type { ObjectStore } from '../../infra/storage/index.js';
import { baseName, type Downloads } from './service.js';

const ZParams = z.object({ token: z.string().min(1), name: z.string() });
const ZQuery = z.object({ download: z.string().optional() });

/**
 * `GET|HEAD /api/v1/downloads/:token/:name`: anyone holding the URL (access 'anonymous': the signed token is the
 * authorisation, and it is checked against its holder's access on every request). The file name at the end is the
 * object's, for browsers and igv.js, which read a file's kind from its URL.
 *
 * How the bytes are served: the filesystem store streams them from here, with HTTP ranges (igv.js reads its track
 * files in ranges). With S3 the answer is a redirect to a URL presigned for DOWNLOAD_REDIRECT_SECONDS (60 s): the
 * bytes of a multi-gigabyte download never pass through an API process, S3 serves the ranges (the browser sends
 * the Range header again to the new address), and what outlives the check is a 60-second URL, not an hour's.
 */
export function registerDownloadRoutes(
  app: FastifyInstance,
  deps: { downloads: Downloads; storage: ObjectStore },
): void {
  const url = `${DOWNLOAD_PATH}/:token/:name`;
  // Our own HEAD, registered before GET: Fastify's automatic one would read the whole file to discard it.
  rawRoute(
    app,
    { method: 'HEAD', url, access: 'anonymous', summary: 'Size and type of an object through a download link.' },
    (request, reply) => serve(deps, request, reply),
  );
  rawRoute(
    app,
    {
      method: 'GET',
      url,
      access: 'anonymous',
      summary: 'An object through a download link, while its run stays visible to whom the link was made for (ranges).',
    },
    (request, reply) => serve(deps, request, reply),
  );
}

async function serve(
  deps: { downloads: Downloads; storage: ObjectStore },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<unknown> {
  const params = ZParams.safeParse(request.params);
  if (!params.success) throw new HttpError(403, DOWNLOAD_MSG.linkInvalid);
  const target = await deps.downloads.open(params.data.token);
  if (params.data.name !== baseName(target.key)) throw new HttpError(403, DOWNLOAD_MSG.linkInvalid);
  // Each answer follows a check made now: no cache may answer for us later.
  reply.header('cache-control', 'private, no-store');
  if (deps.storage.driver === 's3') {
    const location = await deps.storage.presign(target.bucket, target.key, {
      method: 'GET',
      expiresInSeconds: DOWNLOAD_REDIRECT_SECONDS,
    });
    return reply.code(302).header('location', location).send();
  }
  const download = ZQuery.safeParse(request.query).data?.download === '1';
  return sendStoredObject(request, reply, deps.storage, { ...target, download, notFound: DOWNLOAD_MSG.linkClosed });
}
