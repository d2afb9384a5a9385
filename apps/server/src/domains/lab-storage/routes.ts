import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  CSV_MAX_MB,
  LAB_MSG,
  LAB_RAW_PATHS,
  labCalls,
  MSG,
  ZBucketFile,
  ZCropQuery,
  ZImageQuery,
  ZJsonCsvQuery,
  type Identity,
} from '@atlas/contracts';
import { readCsvRows, sniffDelimiter } from '@atlas/spatial/formats/csv-read';
import { dataBucket as dataBucketOf } from '../../config.js';
import { errorBody, HttpError } from '../../http/errors.js';
import { parsePart, rawRoute, route } from '../../http/route.js';
import type { Infra } from '../../infra/index.js';
import { ObjectNotFoundError, type ObjectStore } from '../../infra/storage/index.js';
import { uploadStagingDir } from '../../infra/temp-files.js';
import { recordAudit } from '../audit/index.js';
import { createLabService } from '../lab/index.js';
import type { Downloads } from '../downloads/index.js';
import type { Runs } from '../runs/index.js';
import { contentRange, resolveRangeHeader } from '../../http/range.js';
import { guardStoredObject } from '../../http/security-headers.js';
import { createImageCache, createImageConverter, isImageKey } from './images.js';
import { createLabStorageService, type LabStorageService, type StorageTarget } from './service.js';
import { receiveUpload } from './upload.js';

type LabStorageInfra = Pick<Infra, 'db' | 'storage' | 'config' | 'log'>;

/** Largest single upload through the multipart route. */
const UPLOAD_MAX_BYTES = 64 * 1024 ** 3;

const actorOf = (identity: Identity) => (identity.kind === 'user' ? identity.username : null);

/**
 * The storage calls of spec 02 §7.2. Access (spec 02 §6): reads serve the image tool and the run viewer, used by
 * admins and users ('user'); uploads, QC entries and PUT URLs are admin. Buckets are the configured ones only, and
 * every key is checked against its run's visibility (./service.ts).
 */
export function registerLabStorageRoutes(
  app: FastifyInstance,
  infra: LabStorageInfra,
  runs: Runs,
  downloads: Downloads,
): void {
  const files = createLabStorageService({ storage: infra.storage, config: infra.config, runs, downloads });
  registerListingsAndLinks(app, infra, files);
  registerObjectReads(app, infra, files);
  registerUpload(app, infra, files);
}

/** Buckets, folder listings, QC entries and presigned URLs. */
function registerListingsAndLinks(app: FastifyInstance, infra: LabStorageInfra, files: LabStorageService): void {
  const { storage, config } = infra;
  const lab = createLabService({ db: infra.db, storage, dataBucket: dataBucketOf(config), log: infra.log });

  route(
    app,
    labCalls.qcEntry,
    ({ query, identity }) => lab.createQcEntry(query.qc_dir.trim(), actorOf(identity)) as never,
  );

  route(app, labCalls.fetchBuckets, async () => [...config.buckets]);

  route(app, labCalls.listFiles, ({ body, identity }) => files.list(identity, body));
  route(app, labCalls.subFolders, ({ body, identity }) => files.subFolders(identity, body));
  route(app, labCalls.spatialRuns, ({ query, identity }) => files.spatialRuns(identity, query.bucket));

  const presign = (
    request: FastifyRequest,
    identity: Identity,
    bucket: string,
    key: string,
    method: 'GET' | 'PUT',
    expires: number,
  ) =>
    files.presign(
      { identity, apiTokenId: request.apiTokenId },
      {
        bucket,
        key,
        method,
        expires,
        origin: config.publicUrl ?? `${request.protocol}://${request.host}`,
      },
    );
  route(app, labCalls.presignOne, async ({ body, identity, request }) => ({
    url: await presign(request, identity, body.bucket_name, body.key, body.method, body.expires_in),
  }));
  route(app, labCalls.presignMany, async ({ body, identity, request }) => ({
    urls: await Promise.all(
      body.keys.map((k) => presign(request, identity, body.bucket_name, k, body.method, body.expires_in)),
    ),
  }));
}

/** Reads of one object named by bucket_name + filename, checked against the caller before anything is read. */
function registerObjectReads(app: FastifyInstance, infra: LabStorageInfra, files: LabStorageService): void {
  const { storage, config } = infra;
  const { toJpeg, toPng } = createImageConverter({ maxPixels: config.imageMaxPixels });
  const cache = createImageCache(path.join(config.dataDir, 'cache', 'images'));

  /** `required`: a refused key is a 404 like a missing one; otherwise the handler gets null (and answers `false`). */
  const readRoute = <S extends z.ZodType<{ bucket_name: string; filename: string }>>(
    spec: { url: string; summary: string; schema: S; required: boolean },
    handler: (
      q: z.infer<S>,
      target: StorageTarget | null,
      request: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<unknown>,
  ) =>
    rawRoute(app, { method: 'GET', url: spec.url, access: 'user', summary: spec.summary }, async (request, reply) => {
      const q = parsePart(spec.schema, request.query);
      const target = spec.required
        ? await files.readable(request.identity, q.bucket_name, q.filename)
        : await files.visible(request.identity, q.bucket_name, q.filename);
      return handler(q, target, request, reply);
    });
  /** The target of a `required` read (never null there; a 404 guards the types). */
  const need = (target: StorageTarget | null): StorageTarget => {
    if (!target) throw new HttpError(404, MSG.notFound);
    return target;
  };
  /** An image object of a checked target, or 400 naming the key. */
  const imageOf = (target: StorageTarget | null): StorageTarget => {
    const image = need(target);
    if (!isImageKey(image.key)) throw new HttpError(400, LAB_MSG.notAnImage(image.key));
    return image;
  };
  const readImage = async (target: StorageTarget) =>
    (await storage.get(target.bucket, target.key).catch(notFound)).body;

  readRoute(
    { url: LAB_RAW_PATHS.blob, summary: 'An object as a blob (HTTP ranges).', schema: ZBucketFile, required: true },
    (_q, target, request, reply) => serveObject(storage, request, reply, need(target).bucket, need(target).key),
  );

  readRoute(
    {
      url: LAB_RAW_PATHS.png,
      summary: 'An image as PNG (PNG files as stored, other formats converted).',
      schema: ZBucketFile,
      required: true,
    },
    async (_q, target, request, reply) => {
      const image = imageOf(target);
      if (/\.png$/i.test(image.key)) return serveObject(storage, request, reply, image.bucket, image.key);
      const png = await toPng(await readImage(image));
      return reply.type('image/png').header('cache-control', 'private, max-age=60').send(png);
    },
  );

  // JSON and CSV answer `false` on any failure (spec 02 §7.2): a refused key answers it too, as a missing one does.
  readRoute(
    {
      url: LAB_RAW_PATHS.json,
      summary: 'A JSON file parsed; false on failure.',
      schema: ZJsonCsvQuery,
      required: false,
    },
    async (_q, target, _request, reply) => {
      const value = target ? await readJsonAny(storage, target.bucket, target.key) : undefined;
      return reply.type('application/json').send(JSON.stringify(value === undefined ? false : value));
    },
  );

  readRoute(
    {
      url: LAB_RAW_PATHS.csv,
      summary: 'A CSV file as rows of cells; false on failure.',
      schema: ZJsonCsvQuery,
      required: false,
    },
    async (_q, target, _request, reply) => {
      const text = target ? await readText(storage, target.bucket, target.key, CSV_MAX_MB * 1024 * 1024) : null;
      let rows: string[][] | false = false;
      try {
        if (text !== null) rows = readCsvRows(text, sniffDelimiter(text)).map((r) => r.cells);
      } catch {
        rows = false;
      }
      return reply.type('application/json').send(JSON.stringify(rows));
    },
  );

  readRoute(
    {
      url: LAB_RAW_PATHS.imageAsJpg,
      summary: 'An image as JPEG, rotated, cached on disk.',
      schema: ZImageQuery,
      required: true,
    },
    async (q, target, _request, reply) => {
      const image = imageOf(target);
      const info = await storage.head(image.bucket, image.key);
      if (!info) throw new HttpError(404, MSG.notFound);
      const cacheKey = ['image_as_jpg', image.bucket, image.key, info.size, info.lastModified.getTime(), q.rotation];
      let jpeg = q.use_cache ? await cache.read(cacheKey) : null;
      const hit = jpeg !== null;
      if (!jpeg) {
        jpeg = await toJpeg(await readImage(image), { rotation: q.rotation });
        if (q.use_cache) await cache.write(cacheKey, jpeg);
      }
      return reply
        .type('image/jpeg')
        .header('x-atlas-cache', hit ? 'hit' : 'miss')
        .header('cache-control', 'private, max-age=60')
        .send(jpeg);
    },
  );

  readRoute(
    {
      url: LAB_RAW_PATHS.grayscaleCrop,
      summary: 'An image rotated, cropped to (x1,y1)-(x2,y2) and in grayscale, as JPEG.',
      schema: ZCropQuery,
      required: true,
    },
    async (q, target, _request, reply) => {
      const crop = { x1: q.x1, y1: q.y1, x2: q.x2, y2: q.y2 };
      const jpeg = await toJpeg(await readImage(imageOf(target)), { rotation: q.rotation, grayscale: true, crop });
      return reply.type('image/jpeg').header('cache-control', 'private, max-age=60').send(jpeg);
    },
  );
}

/** Uploads: one file per request, streamed into storage and committed when complete (./upload.ts). */
function registerUpload(app: FastifyInstance, infra: LabStorageInfra, files: LabStorageService): void {
  const upload = {
    storage: infra.storage,
    stagingDir: uploadStagingDir(infra.config),
    dataBucket: dataBucketOf(infra.config),
    target: files.target,
  };
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 20, parts: 25 } });
    rawRoute(
      scope,
      {
        method: 'POST',
        url: LAB_RAW_PATHS.storageUpload,
        access: 'admin',
        summary:
          'Uploads one file (multipart: file, meta JSON, output_filename = key; bucket_name optional), streamed and atomic.',
      },
      async (request) => {
        const { bucket, key, size, fields } = await receiveUpload(request, upload);
        await recordAudit(infra.db, {
          actor: actorOf(request.identity),
          action: 'storage.upload',
          target: `object:${bucket}/${key}`,
          after: { size, meta: fields.meta },
        });
        return { bucket_name: bucket, key, size, meta: fields.meta };
      },
    );
  });
}

function notFound(error: unknown): never {
  if (error instanceof ObjectNotFoundError) throw new HttpError(404, MSG.notFound);
  throw error;
}

async function serveObject(
  storage: ObjectStore,
  request: FastifyRequest,
  reply: FastifyReply,
  bucket: string,
  key: string,
): Promise<unknown> {
  const info = await storage.head(bucket, key);
  if (!info) throw new HttpError(404, MSG.notFound);
  const wanted = resolveRangeHeader(request.headers.range, info.size);
  if (wanted.kind === 'unsatisfiable')
    return reply
      .code(416)
      .header('Content-Range', contentRange(undefined, info.size))
      .send(errorBody(416, MSG.rangeNotSatisfiable));
  const range = wanted.kind === 'partial' ? { start: wanted.start, end: wanted.end } : undefined;
  const object = await storage.get(bucket, key, range ? { range } : {}).catch(notFound);
  reply
    .code(object.range ? 206 : 200)
    .header('Accept-Ranges', 'bytes')
    .header('Last-Modified', info.lastModified.toUTCString())
    .header('Content-Type', object.contentType ?? 'application/octet-stream')
    .header('Content-Length', object.size);
  if (object.range) reply.header('Content-Range', contentRange(object.range, object.totalSize));
  guardStoredObject(reply, object.contentType, key.slice(key.lastIndexOf('/') + 1));
  return reply.send(object.body);
}

async function readText(storage: ObjectStore, bucket: string, key: string, maxBytes: number): Promise<string | null> {
  try {
    const object = await storage.get(bucket, key);
    if (object.size > maxBytes) {
      object.body.destroy();
      return null;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of object.body as AsyncIterable<Buffer>) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    return null;
  }
}

/** Any JSON value of a file, or undefined when missing or invalid. */
async function readJsonAny(storage: ObjectStore, bucket: string, key: string): Promise<unknown> {
  const text = await readText(storage, bucket, key, 50 * 1024 * 1024);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
