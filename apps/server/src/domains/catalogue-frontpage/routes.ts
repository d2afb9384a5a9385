import type { FastifyInstance } from 'fastify';
import type { OutputInfo } from 'sharp';
import { FRONTPAGE_PATH, frontpageKey, LAB_MSG } from '@atlas/contracts';
import { HttpError } from '../../http/errors.js';
import { createImageGuard, ImageRefusedError } from '../../infra/images.js';
import { enforceAccess, rawRoute } from '../../http/route.js';
import type { Infra } from '../../infra/index.js';
import { recordAudit } from '../audit/index.js';
import { dataBucket as dataBucketOf } from '../../config.js';
import type { Runs } from '../runs/index.js';

/** Largest PNG an admin may send; the stored thumbnail is far smaller after re-encoding. */
const FRONTPAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The stored thumbnail fits inside this square (the catalogue card shows it small). */
const FRONTPAGE_MAX_SIDE = 200;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A thumbnail's source needs no more: a larger image is refused from its header. */
const FRONTPAGE_MAX_PIXELS = 40_000_000;

export const FRONTPAGE_MSG = {
  notPng: 'The front-page image must be a PNG',
  tooLarge: `The front-page image must be at most ${FRONTPAGE_MAX_BYTES / 1024 / 1024} MB`,
  runNotFound: (runId: string) => `Run ${runId} was not found`,
  unreadable: 'The front-page image could not be read',
  tooManyPixels: `The front-page image must be at most ${FRONTPAGE_MAX_PIXELS / 1_000_000} megapixels`,
} as const;

/**
 * Save Display → FrontPage (spec 03 §2.1, §6 admin only): `PUT /api/v1/run_db/frontpage/:run_id` with a PNG
 * body. The body is checked by its magic bytes (not by its content type), re-encoded with sharp to fit
 * 200×200 (which also drops anything that is not pixels), and stored at `frontpage/{run}.png`, where the
 * catalogue's thumbnail route serves it.
 */
export function registerFrontpageRoutes(
  app: FastifyInstance,
  infra: Pick<Infra, 'db' | 'storage' | 'config'>,
  runs: Runs,
): void {
  const dataBucket = dataBucketOf(infra.config);
  // The guarded image path (infra/images.ts): header checked first, one decode per core, busy beyond a few more.
  const images = createImageGuard({
    maxPixels: Math.min(FRONTPAGE_MAX_PIXELS, infra.config.imageMaxPixels),
    refuseWhenBusy: true,
  });

  // A scope of its own, so the raw body parser does not change the JSON routes.
  void app.register(async (scope) => {
    // Refuse before reading up to 2 MB of body from someone who may not upload.
    scope.addHook('onRequest', async (request) => enforceAccess(request, 'admin'));
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FRONTPAGE_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    // Fastify's own "body too large" becomes our message; everything else goes on to the app's error handler.
    scope.setErrorHandler((error) => {
      if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        throw new HttpError(413, FRONTPAGE_MSG.tooLarge);
      throw error;
    });

    rawRoute(
      scope,
      {
        method: 'PUT',
        url: `${FRONTPAGE_PATH}/:run_id`,
        access: 'admin',
        summary: 'Stores a run’s catalogue thumbnail (PNG ≤ 2 MB, re-encoded ≤ 200×200).',
      },
      async (request, reply) => {
        const runId = (request.params as { run_id: string }).run_id.replace(/\.png$/i, '');
        if (!/^D[0-9]{5,}$/.test(runId) || !(await runs.store.runStates([runId])).has(runId))
          throw new HttpError(404, FRONTPAGE_MSG.runNotFound(runId));
        const body = request.body;
        if (
          !Buffer.isBuffer(body) ||
          body.length < PNG_MAGIC.length ||
          !body.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)
        ) {
          throw new HttpError(422, FRONTPAGE_MSG.notPng);
        }
        let png: Buffer;
        let info: OutputInfo;
        try {
          ({ data: png, info } = await images.decode(body, (image) =>
            image
              .resize(FRONTPAGE_MAX_SIDE, FRONTPAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
              .png()
              .toBuffer({ resolveWithObject: true }),
          ));
        } catch (error) {
          if (error instanceof ImageRefusedError && error.reason === 'too-large')
            throw new HttpError(413, FRONTPAGE_MSG.tooManyPixels);
          if (error instanceof ImageRefusedError && error.reason === 'busy')
            throw new HttpError(429, LAB_MSG.imagesBusy);
          throw new HttpError(422, FRONTPAGE_MSG.unreadable);
        }
        await infra.storage.put(dataBucket, frontpageKey(runId), png, { contentType: 'image/png' });
        const identity = request.identity;
        await recordAudit(infra.db, {
          actor: identity.kind === 'user' ? identity.username : null,
          action: 'run.frontpage',
          target: `run:${runId}`,
          after: { width: info.width, height: info.height, bytes: png.length },
        });
        return reply.send({
          run_id: runId,
          key: frontpageKey(runId),
          width: info.width,
          height: info.height,
          size: png.length,
        });
      },
    );
  });
}
