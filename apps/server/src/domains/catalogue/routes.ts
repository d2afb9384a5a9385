import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CATALOGUE_MSG,
  catalogueCalls as c,
  sharingCalls as s,
  SHARING_MSG,
  FRONTPAGE_PATH,
  frontpageKey,
  type Call,
  type Identity,
} from '@atlas/contracts';
import { HttpError, notFound } from '../../http/errors.js';
import { callRoute, checkResponse, rawRoute, route } from '../../http/route.js';
import { sendSerialisedJson } from '../../http/serialised-json.js';
import type { Infra } from '../../infra/index.js';
import { ObjectNotFoundError } from '../../infra/storage/index.js';
import { dataBucket as dataBucketOf } from '../../config.js';
import { callerKey, callerOf, mayUseRun, type Caller, type Runs } from '../runs/index.js';
import type { Downloads } from '../downloads/index.js';
import type { ReviewerLinks } from '../auth/index.js';
import { createListCache, type ListCache } from './list-cache.js';
import { createCatalogueService, type CatalogueService } from './service.js';
import { createThumbnailSigner, type ThumbnailSigner } from './thumbnails.js';

/** The catalogue calls of contracts/catalogue/calls.ts, plus the thumbnail images. */
export function registerCatalogueRoutes(
  app: FastifyInstance,
  infra: Infra,
  runs: Runs,
  downloads: Downloads,
  reviewers: Pick<ReviewerLinks, 'recordOpen'>,
): void {
  const store = runs.store;
  const thumbnails = createThumbnailSigner(infra.config.jwtSecret);
  const dataBucket = dataBucketOf(infra.config);
  const catalogue = createCatalogueService({
    runs,
    storage: infra.storage,
    thumbnails,
    secret: infra.config.jwtSecret,
    dataBucket,
    downloads,
  });
  const cache = createListCache(() => store.version());

  // The two catalogue lists are read on every landing-page visit: served from the versioned cache.
  cachedListRoute(app, cache, c.getRunsPublic, () => ({ kind: 'public' }), { publicOnly: true }, catalogue, thumbnails);
  cachedListRoute(app, cache, c.getRuns, callerOf, {}, catalogue, thumbnails);

  route(app, c.searchByPublication, async ({ query, identity }) =>
    (await store.searchByPublication(callerOf(identity), query.query)).map((results_id) => ({ results_id })),
  );
  route(app, c.searchAuthors, async ({ query, identity }) =>
    (await store.searchAuthors(callerOf(identity), query.query)).map((results_id) => ({ results_id })),
  );
  route(app, c.getDownloadableFiles, ({ identity }) => catalogue.filesByRun(callerOf(identity)));
  route(app, c.generatePresignedUrl, ({ body, identity, request }) =>
    catalogue.presign(
      { identity, apiTokenId: request.apiTokenId },
      body.bucket,
      body.path,
      infra.config.publicUrl ?? originOf(request),
    ),
  );
  route(app, c.encodeLink, async ({ body, identity }) => {
    // A reviewer opens its link's runs through links only it can open; each open is audited (issue 35).
    if (identity.kind === 'reviewer') {
      const link = await catalogue.encodeLink(callerOf(identity), body.run_id, 'reviewer');
      await reviewers.recordOpen(identity, body.run_id);
      return link;
    }
    return catalogue.encodeLink(callerOf(identity), body.run_id, body.audience);
  });
  route(app, c.decodeMeta, ({ query, identity }) => catalogue.decodeMeta(identity, query.encoded));
  registerReviewerDownloads(app, catalogue, infra.config.publicUrl);
  route(app, c.getRunRecords, ({ identity }) => store.listRunRecords(callerOf(identity)));
  route(app, c.getFieldOptions, ({ identity }) => store.fieldOptions(callerOf(identity)));

  registerThumbnailRoute(app, infra, runs, thumbnails, dataBucket);
}

/**
 * Downloads of a reviewer link's runs (issue 35): only for a reviewer session whose link allows them (403 says so
 * otherwise); the URLs close when the link is rotated, revoked or expires (domains/downloads).
 */
function registerReviewerDownloads(app: FastifyInstance, catalogue: CatalogueService, publicUrl: string | undefined) {
  const reviewerMayDownload = (identity: Identity) => {
    if (identity.kind !== 'reviewer') throw new HttpError(400, SHARING_MSG.reviewerOnly);
    if (!identity.allowDownloads) throw new HttpError(403, SHARING_MSG.noDownloads);
  };
  route(app, s.reviewerFiles, async ({ identity }) => {
    reviewerMayDownload(identity);
    return catalogue.filesByRun(callerOf(identity));
  });
  route(app, s.reviewerDownload, async ({ body, identity, request }) => {
    reviewerMayDownload(identity);
    const signer = { identity, apiTokenId: null };
    return catalogue.presign(signer, body.bucket, body.path, publicUrl ?? originOf(request));
  });
}

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Like `route()` for a list call without input, but the answer is the cached serialised JSON of the viewer's
 * list (with an ETag, so an unchanged list costs a 304). The contract's response schema is checked when an
 * entry is built, outside production, as `route()` checks every answer.
 */
function cachedListRoute(
  app: FastifyInstance,
  cache: ListCache,
  call: Call,
  toCaller: (identity: Identity) => Caller,
  options: { publicOnly?: boolean },
  catalogue: CatalogueService,
  thumbnails: ThumbnailSigner,
): void {
  callRoute(app, call, async (request, reply) => {
    const caller = toCaller(request.identity);
    const key = `${call.path}\n${callerKey(caller)}\n${thumbnails.day()}`;
    const entry = await cache.get(key, async () => {
      const runs = await catalogue.listRuns(caller, options);
      checkResponse(app, call, runs);
      return runs;
    });
    return sendSerialisedJson(request, reply, entry);
  });
}

const ZThumbnailQuery = z.object({ expires: z.coerce.number().int().optional(), signature: z.string().optional() });

/**
 * `GET {FRONTPAGE_PATH}/{run_id}.png`: the run's front-page image from the data bucket. Public runs' images are
 * served to anyone; a private run's to a signed address from the catalogue list, or to a request whose token
 * may see the run. Anything else, including a missing image, is a 404 (the web shows its placeholder).
 */
function registerThumbnailRoute(
  app: FastifyInstance,
  infra: Infra,
  runs: Runs,
  thumbnails: ThumbnailSigner,
  dataBucket: string,
): void {
  rawRoute(
    app,
    {
      method: 'GET',
      url: `${FRONTPAGE_PATH}/:file`,
      access: 'anonymous',
      summary: 'A run’s catalogue thumbnail (PNG).',
    },
    async (request, reply) => {
      const file = (request.params as { file: string }).file;
      const runId = /^(D[0-9]{5,})\.png$/.exec(file)?.[1];
      if (!runId) throw notFound(CATALOGUE_MSG.thumbnailNotFound);
      const run = (await runs.store.runStates([runId])).get(runId);
      if (!run) throw notFound(CATALOGUE_MSG.thumbnailNotFound);
      if (!run.public) {
        const query = ZThumbnailQuery.safeParse(request.query);
        const signed =
          query.success &&
          query.data.expires !== undefined &&
          query.data.signature !== undefined &&
          thumbnails.verify(runId, query.data.expires, query.data.signature);
        if (!signed && !mayUseRun(callerOf(request.identity), 'read', runId, run))
          throw notFound(CATALOGUE_MSG.thumbnailNotFound);
      }
      try {
        const object = await infra.storage.get(dataBucket, frontpageKey(runId));
        return reply
          .header('content-type', 'image/png')
          .header('content-length', object.size)
          .header('cache-control', `${run.public ? 'public' : 'private'}, max-age=300`)
          .send(object.body);
      } catch (error) {
        if (error instanceof ObjectNotFoundError) throw new HttpError(404, CATALOGUE_MSG.thumbnailNotFound);
        throw error;
      }
    },
  );
}
