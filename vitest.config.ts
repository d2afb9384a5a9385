import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on our 2-core machines. Most server test files wait
    // (child processes, PGlite start, sockets, timers) more than they compute, so two run in about 0.6 of the time,
    // and a third worker on two cores takes the embedded suite from 330 to 285 s (same machine, same hour): CI's
    // 30 minutes hold the whole suite only with it.
    maxWorkers: 3,
    projects: [
      // `isolate: false` below: a worker runs its test files one after another in one module graph instead of a fresh
      // one per file. Importing the server (fastify, kysely, the AWS SDK) and compiling PGlite's WebAssembly once per
      // worker instead of once per file takes the server suite from ~460 to ~310 s, and its PostgreSQL run from ~200
      // to ~110 s. Every file builds its own infrastructure (database, storage folder, queue), so none leans on
      // another's state.
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node', isolate: false } },
      // The science runs whole analyses (PCA, UMAP, DE), and the web tests render lists of 60,000 names, beside the
      // server suite on two cores: Vitest's 5 s default was too tight for one of them under that load.
      { test: { name: 'spatial', root: 'packages/spatial', environment: 'node', isolate: false, testTimeout: 30_000 } },
      { test: { name: 'viz', root: 'packages/viz', environment: 'node', passWithNoTests: true, isolate: false } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          isolate: false,
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The repository's own scripts (npm start's build check) and its install policy.
      { test: { name: 'scripts', root: 'scripts', environment: 'node' } },
      // Logic tests run in Node; a file that renders components asks for jsdom itself (`@vitest-environment jsdom`).
      { test: { name: 'web', root: 'apps/web', environment: 'node', testTimeout: 15_000 } },
    ],
  },
});
