import type { Server } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import { errorBody, HttpError } from './http/errors.js';
import { installCors } from './http/cors.js';
import { installIdentity } from './http/identity.js';
import { installInputGuard } from './http/input-guard.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { installObservability, requestIdOf } from './http/observability.js';
import { createTokenService, type TokenService } from './http/tokens.js';
import type { Infra } from './infra/index.js';
import { registerAppRoutes } from './domains/app/index.js';
import {
  createAccountStore,
  createApiTokenService,
  createReviewerLinks,
  createShareNotices,
  isApiToken,
  registerApiTokenRoutes,
  registerAuthRoutes,
  registerReviewerLinkRoutes,
} from './domains/auth/index.js';
import { createTaskService, registerTaskRoutes } from './domains/tasks/index.js';
import { createRuns, registerRunAdminRoutes, type Runs } from './domains/runs/index.js';
import { registerImportRoutes } from './domains/imports/index.js';
import { registerStorageRoutes } from './domains/storage/index.js';
import { createDownloads, registerDownloadRoutes } from './domains/downloads/index.js';
import { registerDocsRoutes } from './domains/docs/index.js';
import { registerCatalogueRoutes } from './domains/catalogue/index.js';
import { registerWebApp } from './web.js';
import { registerLabRoutes } from './domains/lab/index.js';
import { registerLabStorageRoutes } from './domains/lab-storage/index.js';
import { createRunDataStore, registerGenesRoutes } from './domains/genes/index.js';
import { registerAtlasBrowserRoutes } from './domains/atlasbrowser/index.js';
import { registerFrontpageRoutes } from './domains/catalogue-frontpage/index.js';
import { registerUploadRoutes } from './domains/uploads/index.js';
import { registerAnnotationRoutes } from './domains/annotations/index.js';
import { createExports, registerExportRoutes } from './domains/exports/index.js';
import { registerSystemRoutes } from './domains/system/index.js';
import { installCompatAdapters, registerCompatRoutes } from './domains/compat/index.js';
import { dataBucket } from './config.js';
import { taskRegistry } from './tasks/index.js';

/**
 * Builds the HTTP app over ready infrastructure: identity hook, one error handler, then every domain's routes.
 * Tests call this directly and use `app.inject`.
 */
export async function buildApp(infra: Infra): Promise<FastifyInstance> {
  const options: FastifyHttpOptions<Server> = {
    loggerInstance: infra.log as FastifyBaseLogger,
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: infra.config.trustProxy,
    genReqId: requestIdOf,
    // A path parameter may be a sealed public link (the original client's `genes/gmnames/:token`, issue 20).
    routerOptions: { maxParamLength: 8192 },
  };
  const app = Fastify(options);
  installObservability(app, infra.metrics);
  app.decorate('atlasRoutes', []);
  app.decorate('atlasValidateResponses', infra.config.environment !== 'production');
  const tokens = createTokenService(infra.config.jwtSecret);
  const accounts = createAccountStore(infra.db);
  const apiTokens = createApiTokenService({ db: infra.db, accounts });
  // The one owner of runs: every route that touches a run or a storage key asks it.
  const runs = createRuns(infra);
  const { notices, reviewers, testClock } = createSharing(infra, runs, tokens);
  // Before identity: a browser's preflight carries no token and must be answered first.
  installCors(app, infra.config.corsOrigins);
  const lookupAccount = installIdentity(
    app,
    tokens,
    (username) => accounts.activeUserGroups(username),
    { isApiToken, resolve: (token) => apiTokens.resolve(token) },
    (linkId, sessionKey) => reviewers.resolve(linkId, sessionKey),
  );
  installInputGuard(app);
  installSecurityHeaders(app, {
    production: infra.config.environment === 'production',
    processName: infra.config.processName,
  });
  // The original portal's calls on native paths: reshaped before and after the native handlers (issue 20).
  installCompatAdapters(app, { dataBucket: dataBucket(infra.config), buckets: infra.config.compatBuckets });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ ...errorBody(error.statusCode, error.message), ...error.extra });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own 4xx (bad JSON, body too large, unsupported media type): its message is safe to show.
      return reply.status(status).send(errorBody(status, (error as Error).message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody(500, 'Internal server error. The error has been logged.'));
  });
  // Every URL that reads a stored object is a download link, checked against its holder on each request.
  const downloads = createDownloads({
    facts: runs.facts,
    secret: infra.config.jwtSecret,
    lookupAccount,
    apiTokenLive: (id) => apiTokens.isLive(id),
    reviewerNow: (linkId, sessionKey) => reviewers.resolve(linkId, sessionKey),
  });
  registerAppRoutes(app, infra);
  registerAuthRoutes(app, infra, { tokens, accounts });
  registerApiTokenRoutes(app, apiTokens);
  registerReviewerLinkRoutes(app, reviewers, notices, testClock);
  // Tasks posted by members and by public viewers' gene routes, checked one way.
  const tasks = createTaskService({ infra, runs, registry: taskRegistry });
  registerTaskRoutes(app, infra.queue, tasks);
  registerStorageRoutes(app, infra);
  registerDownloadRoutes(app, { downloads, storage: infra.storage });
  registerCatalogueRoutes(app, infra, runs, downloads, reviewers);
  registerRunAdminRoutes(app, runs, {
    files: { storage: infra.storage, buckets: infra.config.buckets },
    notices,
    liveReviewerLinks: () => reviewers.liveCounts(),
  });
  // Runs' parsed web files, one cache for the run-data reads and the annotations' index checks.
  const runData = createRunDataStore(infra.storage, { cacheBytes: infra.config.runDataCacheBytes });
  registerGenesRoutes(app, infra, { runs, downloads, data: runData, tasks });
  registerImportRoutes(app, infra);
  registerFrontpageRoutes(app, infra, runs);
  const annotations = registerAnnotationRoutes(app, infra, runs, runData);
  registerExportRoutes(app, createExports({ storage: infra.storage, runs, data: runData, annotations }));
  registerLabRoutes(app, infra);
  registerLabStorageRoutes(app, infra, runs, downloads);
  registerUploadRoutes(app, infra, runs);
  registerAtlasBrowserRoutes(app, infra, runs);
  registerSystemRoutes(app, infra);
  registerCompatRoutes(app, { dataBucket: dataBucket(infra.config) });
  registerDocsRoutes(app);
  await registerWebApp(app, infra.config);
  return app;
}

/**
 * Reviewer links and share notices (issue 35), over the runs owner's run states. On test servers the clock of link
 * expiry can be moved (the browser spec's expired link); everywhere else it is the real one.
 */
function createSharing(infra: Infra, runs: Runs, tokens: TokenService) {
  let offsetMs = 0;
  const now = () => Date.now() + offsetMs;
  const notices = createShareNotices({
    db: infra.db,
    mailer: infra.mailer,
    log: infra.log,
    portalUrl: infra.config.publicUrl,
    groupsOf: async (runIds) => {
      const groups = new Map<string, string>();
      for (const [runId, state] of await runs.store.runStates(runIds)) if (state.group) groups.set(runId, state.group);
      return groups;
    },
  });
  const reviewers = createReviewerLinks({
    db: infra.db,
    secret: infra.config.jwtSecret,
    limits: infra.limits,
    tokens,
    existingRuns: async (runIds) => new Set((await runs.store.runStates(runIds)).keys()),
    notify: (runIds, actor) => notices.notify({ kind: 'reviewer', runIds: [...runIds] }, actor),
    now,
  });
  const testClock =
    infra.config.environment === 'test'
      ? {
          set: (ms: number) => {
            offsetMs = ms;
          },
        }
      : undefined;
  return { notices, reviewers, testClock };
}
