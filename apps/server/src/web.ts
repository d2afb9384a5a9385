import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { appPolicy } from './http/content-security-policy.js';
import { errorBody } from './http/errors.js';

const DEFAULT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * Serves the built single-page app and answers unknown non-API paths with index.html, so that
 * /login, /public and /visualization/... load the app. Without a build the API still runs.
 */
export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const dist = config.webDist ? path.resolve(config.webDist) : DEFAULT_DIST;
  const hasBuild = fs.existsSync(path.join(dist, 'index.html'));
  const policy = policyOfBuild(path.join(dist, 'index.html'), config);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies beside each file (apps/web/precompress.ts).
      preCompressed: true,
      maxAge: '1h',
      setHeaders: (reply, file) => {
        // Files under assets/ carry a content hash in their name: they never change.
        if (file.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send(errorBody(404, `Not found: ${request.method} ${pathname}`));
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does this for you).');
    }
    const asset = path.join(dist, pathname);
    if (asset.startsWith(dist + path.sep) && fs.existsSync(asset) && fs.statSync(asset).isFile()) {
      return reply.sendFile(path.relative(dist, asset), { maxAge: pathname.startsWith('/assets/') ? 31536000000 : 0 });
    }
    // A hashed file the build no longer has (a tab opened before a rebuild asks for its old chunk) is missing, not a
    // page: answered with the page, the browser would report a wrong MIME type instead of a missing module.
    if (pathname.startsWith('/assets/')) {
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .send(errorBody(404, `Not found: ${pathname}`));
    }
    return reply.header('cache-control', 'no-cache').header('content-security-policy', policy()).sendFile('index.html');
  });
}

/**
 * The page's policy, for the index.html on disk now: a build made while the server runs (npm run dev, a redeploy in
 * place) changes the inline preload script, and a hash taken at start would block it (the page then loads its run
 * data only after its modules, ~0.4 s later). Re-read when the file's modification time changes.
 */
function policyOfBuild(indexHtml: string, config: Config): () => string {
  let cached = { mtimeMs: -1, policy: '' };
  return () => {
    const mtimeMs = fs.statSync(indexHtml, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (mtimeMs !== cached.mtimeMs) {
      const html = mtimeMs ? fs.readFileSync(indexHtml, 'utf8') : '';
      cached = { mtimeMs, policy: appPolicy(html, config) };
    }
    return cached.policy;
  };
}
