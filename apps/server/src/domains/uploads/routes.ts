import { Readable } from 'node:stream';
import { Server as TusServer } from '@tus/server';
import type { Upload } from '@tus/utils';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SIGNATURE_BYTES,
  signatureProblem,
  UPLOAD_MSG,
  UPLOAD_PATH,
  UPLOAD_SLOTS,
  uploadKey,
  ZUploadMetadata,
  type Identity,
  type UploadMetadata,
  type TusUploadResult,
} from '@atlas/contracts';
import { dataBucket as dataBucketOf, tracksBucket as tracksBucketOf } from '../../config.js';
import { errorBody, HttpError, notFound } from '../../http/errors.js';
import { rawRoute } from '../../http/route.js';
import type { Infra } from '../../infra/index.js';
import { callerOf, NotVisibleError, type Runs } from '../runs/index.js';
import { ArrivalError, checkArrival } from './arrival.js';
import { peekHead } from './head.js';
import { createStaging } from './staging.js';

type UploadsInfra = Pick<Infra, 'storage' | 'config' | 'log'>;

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

function metadataOf(raw: Record<string, string | null | undefined> | undefined): UploadMetadata {
  const parsed = ZUploadMetadata.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new HttpError(400, UPLOAD_MSG.badMetadata(`${issue.path.join('.') || 'metadata'}: ${issue.message}`));
}

/**
 * The Uploader's resumable uploads (spec 03 §2.7, issue 14) on the tus protocol, admin only. Every request is checked
 * here before tus sees it: the caller's token (route rule), the metadata naming run and slot, and the runs domain's
 * write check on the destination key — at creation and again on every later request for the same upload. When the
 * last byte arrives the file is checked (arrival.ts) and put in place through the storage port (atomic), and the
 * staged parts are removed; a refused file leaves nothing behind.
 */
export function registerUploadRoutes(app: FastifyInstance, infra: UploadsInfra, runs: Runs): void {
  const { storage, config, log } = infra;
  /** Where a slot's upload lands: its run's folder in the data bucket, or in the tracks bucket for tracks. */
  const destination = (meta: UploadMetadata) => ({
    bucket: UPLOAD_SLOTS[meta.slot].kind === 'track' ? tracksBucketOf(config) : dataBucketOf(config),
    key: uploadKey(meta.run_id, meta.slot, meta.filename),
  });
  const staging = createStaging(config, storage);
  const { datastore } = staging;
  const finishing = new Map<string, Promise<TusUploadResult>>();

  /** Checks, copies into place and removes the staged upload; one run per upload even when asked twice. */
  const finish = (upload: Upload): Promise<TusUploadResult> => {
    const running = finishing.get(upload.id);
    if (running) return running;
    const done = commit(upload).finally(() => finishing.delete(upload.id));
    finishing.set(upload.id, done);
    return done;
  };

  async function commit(upload: Upload): Promise<TusUploadResult> {
    const meta = metadataOf(upload.metadata);
    const { bucket, key } = destination(meta);
    const staged = await staging.open(upload.id);
    try {
      let description: string;
      try {
        description = await checkArrival(UPLOAD_SLOTS[meta.slot].kind, staged, meta.filename, config.importLimits);
      } catch (error) {
        await staging.discard(upload.id);
        if (error instanceof ArrivalError) throw new HttpError(422, UPLOAD_MSG.refused(meta.filename, error.message));
        throw error;
      }
      const stored = await staged.commit(bucket, key);
      await staging.discard(upload.id);
      log.info({ key, size: stored.size, description }, 'upload stored');
      return { key, size: stored.size, description };
    } finally {
      await staged.release();
    }
  }

  const tus = new TusServer({
    path: UPLOAD_PATH,
    datastore,
    relativeLocation: true,
    maxSize: UPLOAD_MAX_BYTES,
    // A finished upload is moved into place at once; there is nothing left for a DELETE to terminate.
    disableTerminationForFinishedUploads: true,
    async onUploadFinish(_request, upload) {
      try {
        const result = await finish(upload);
        return { status_code: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(result) };
      } catch (error) {
        throw asTusError(error);
      }
    },
  });

  const asTusError = (error: unknown) => {
    if (error instanceof HttpError)
      return { status_code: error.statusCode, body: JSON.stringify(errorBody(error.statusCode, error.message)) };
    log.error({ err: error }, 'upload could not be finished');
    return {
      status_code: 500,
      body: JSON.stringify(errorBody(500, 'Internal server error. The error has been logged.')),
    };
  };

  /** The runs domain decides whether this caller may write the slot's destination. */
  const checkWrite = async (identity: Identity, meta: UploadMetadata) => {
    try {
      await runs.objects.check(callerOf(identity), 'write', [destination(meta)]);
    } catch (error) {
      if (error instanceof NotVisibleError) throw notFound(error.message);
      throw error;
    }
  };

  /** The staged upload named by the address, after the write check of its destination. */
  const existing = async (request: FastifyRequest): Promise<Upload> => {
    const { id } = request.params as { id: string };
    const upload = await datastore.getUpload(id).catch(() => null);
    if (!upload) throw notFound(UPLOAD_MSG.notFound);
    await checkWrite(request.identity, metadataOf(upload.metadata));
    return upload;
  };

  // tus PATCH bodies stay unread until tus streams them to the staging store.
  app.addContentTypeParser(TUS_CONTENT_TYPE, (_request, _payload, done) => done(null));

  const access = 'admin' as const;
  rawRoute(
    app,
    { method: 'POST', url: UPLOAD_PATH, access, summary: 'Create a resumable upload (tus) into an Uploader slot' },
    async (request, reply) => {
      const meta = metadataOf(parseMetadataHeader(request.headers['upload-metadata'] as string | undefined));
      await checkWrite(request.identity, meta);
      await staging.ready();
      return forward(request, reply);
    },
  );
  rawRoute(
    app,
    { method: 'HEAD', url: `${UPLOAD_PATH}/:id`, access, summary: 'Offset of a resumable upload (tus)' },
    async (request, reply) => {
      const upload = await existing(request);
      // Complete but not in place: the server stopped between the last byte and the copy. Finish it now.
      if (upload.size !== undefined && upload.offset === upload.size) await finish(upload);
      return forward(request, reply);
    },
  );
  rawRoute(
    app,
    { method: 'PATCH', url: `${UPLOAD_PATH}/:id`, access, summary: 'Append bytes to a resumable upload (tus)' },
    async (request, reply) => {
      const upload = await existing(request);
      if (upload.offset > 0 || request.headers['content-type'] !== TUS_CONTENT_TYPE) return forward(request, reply);
      const first = await checkedFirstBytes(request, upload);
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
      await staging.discard(upload.id);
      return answer;
    },
  );

  /**
   * The first request of an upload carries the file's first bytes: a file that cannot be what its slot takes is
   * refused now (422, the staged upload removed) rather than after its last byte has arrived.
   */
  async function checkedFirstBytes(
    request: FastifyRequest,
    upload: Upload,
  ): Promise<{ body: Readable } | { refusal: string }> {
    const meta = metadataOf(upload.metadata);
    const { head, body } = await peekHead(request.raw, SIGNATURE_BYTES);
    const problem = signatureProblem(UPLOAD_SLOTS[meta.slot].kind, head, meta.filename);
    // A first request shorter than the signature's reach (a client's tiny chunk) is left to the arrival check.
    const seenEnough = head.length >= Math.min(SIGNATURE_BYTES, upload.size ?? Infinity);
    if (!problem || !seenEnough) return { body };
    await staging.discard(upload.id);
    return { refusal: UPLOAD_MSG.refused(meta.filename, problem) };
  }

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

  const cleanUp = () =>
    tus.cleanUpExpiredUploads().catch((error: unknown) => log.warn({ err: error }, 'expired uploads not removed'));
  void cleanUp();
  const timer = setInterval(cleanUp, CLEANUP_EVERY_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
