import { Readable } from 'node:stream';
import { Server as TusServer } from '@tus/server';
import type { Upload } from '@tus/utils';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_MSG, UPLOAD_PATH } from '@atlas/contracts';
import { errorBody, HttpError, notFound } from '../../http/errors.js';
import { rawRoute } from '../../http/route.js';
import type { Runs } from '../runs/index.js';
import { createUploadService, metadataOf, type UploadsInfra } from './service.js';

/** Largest upload: sequencing runs and stitched images reach tens of GB. */
export const UPLOAD_MAX_BYTES = 64 * 1024 ** 3;
const CLEANUP_EVERY_MS = 3600 * 1000;
const TUS_CONTENT_TYPE = 'application/offset+octet-stream';

/** tus `Upload-Metadata`: comma-separated `key base64value` pairs (tus 1.0.0, creation extension). */
function parseMetadataHeader(header: string | undefined): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) pairs[key] = Buffer.from(value ?? '', 'base64').toString('utf8');
  }
  return pairs;
}

/**
 * The Uploader's resumable uploads (spec 03 §2.7, issue 14) on the tus protocol, admin only. Every request is checked
 * here before tus sees it: the caller's token (route rule), the metadata naming run and slot, and the runs domain's
 * write check on the destination key — at creation and again on every later request for the same upload. When the
 * last byte arrives the service checks the file and puts it in place (./service.ts).
 */
export function registerUploadRoutes(app: FastifyInstance, infra: UploadsInfra, runs: Runs): void {
  const { log } = infra;
  const uploads = createUploadService({ infra, runs });
  const { datastore } = uploads.staging;

  const asTusError = (error: unknown) => {
    if (error instanceof HttpError)
      return { status_code: error.statusCode, body: JSON.stringify(errorBody(error.statusCode, error.message)) };
    log.error({ err: error }, 'upload could not be finished');
    return {
      status_code: 500,
      body: JSON.stringify(errorBody(500, 'Internal server error. The error has been logged.')),
    };
  };

  const tus = new TusServer({
    path: UPLOAD_PATH,
    datastore,
    relativeLocation: true,
    maxSize: UPLOAD_MAX_BYTES,
    // A finished upload is moved into place at once; there is nothing left for a DELETE to terminate.
    disableTerminationForFinishedUploads: true,
    async onUploadFinish(_request, upload) {
      try {
        const result = await uploads.finish(upload);
        return { status_code: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(result) };
      } catch (error) {
        throw asTusError(error);
      }
    },
  });

  /** The staged upload named by the address, after the write check of its destination. */
  const existing = async (request: FastifyRequest): Promise<Upload> => {
    const { id } = request.params as { id: string };
    const upload = await datastore.getUpload(id).catch(() => null);
    if (!upload) throw notFound(UPLOAD_MSG.notFound);
    await uploads.checkWrite(request.identity, metadataOf(upload.metadata));
    return upload;
  };

  /** Hands the request to tus as a web Request (its body streamed, never buffered) and relays the answer. */
  async function forward(request: FastifyRequest, reply: FastifyReply, body: Readable = request.raw) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const streamed = request.headers['content-type'] === TUS_CONTENT_TYPE;
    const response = await tus.handleWeb(
      new Request(`http://uploads${request.url}`, {
        method: request.method,
        headers,
        body: streamed ? (Readable.toWeb(body) as ReadableStream<Uint8Array>) : undefined,
        duplex: 'half',
      }),
    );
    reply.status(response.status);
    response.headers.forEach((value, name) => void reply.header(name, value));
    return reply.send(await response.text());
  }

  // tus PATCH bodies stay unread until tus streams them to the staging store.
  app.addContentTypeParser(TUS_CONTENT_TYPE, (_request, _payload, done) => done(null));

  const access = 'admin' as const;
  rawRoute(
    app,
    { method: 'POST', url: UPLOAD_PATH, access, summary: 'Create a resumable upload (tus) into an Uploader slot' },
    async (request, reply) => {
      const meta = metadataOf(parseMetadataHeader(request.headers['upload-metadata'] as string | undefined));
      await uploads.checkWrite(request.identity, meta);
      await uploads.staging.ready();
      return forward(request, reply);
    },
  );
  rawRoute(
    app,
    { method: 'HEAD', url: `${UPLOAD_PATH}/:id`, access, summary: 'Offset of a resumable upload (tus)' },
    async (request, reply) => {
      const upload = await existing(request);
      // Complete but not in place: the server stopped between the last byte and the copy. Finish it now.
      if (upload.size !== undefined && upload.offset === upload.size) await uploads.finish(upload);
      return forward(request, reply);
    },
  );
  rawRoute(
    app,
    { method: 'PATCH', url: `${UPLOAD_PATH}/:id`, access, summary: 'Append bytes to a resumable upload (tus)' },
    async (request, reply) => {
      const upload = await existing(request);
      if (upload.offset > 0 || request.headers['content-type'] !== TUS_CONTENT_TYPE) return forward(request, reply);
      const first = await uploads.checkFirstBytes(request.raw, upload);
      if ('body' in first) return forward(request, reply, first.body);
      // The rest of the body is not wanted: the connection closes after the answer instead of reading it.
      return reply.header('connection', 'close').status(422).send(errorBody(422, first.refusal));
    },
  );
  rawRoute(
    app,
    { method: 'DELETE', url: `${UPLOAD_PATH}/:id`, access, summary: 'Cancel a resumable upload and drop its parts' },
    async (request, reply) => {
      const upload = await existing(request);
      const answer = await forward(request, reply);
      await uploads.staging.discard(upload.id);
      return answer;
    },
  );

  const cleanUp = () =>
    tus.cleanUpExpiredUploads().catch((error: unknown) => log.warn({ err: error }, 'expired uploads not removed'));
  void cleanUp();
  const timer = setInterval(cleanUp, CLEANUP_EVERY_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
