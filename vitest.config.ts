import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on our 2-core machines. Most server test files wait
    // (child processes, PGlite start, sockets, timers) more than they compute, so two run in about 0.6 of the time.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node' } },
      { test: { name: 'spatial', root: 'packages/spatial', environment: 'node' } },
      { test: { name: 'viz', root: 'packages/viz', environment: 'node', passWithNoTests: true } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Logic tests run in Node; a file that renders components asks for jsdom itself (`@vitest-environment jsdom`).
      { test: { name: 'web', root: 'apps/web', environment: 'node' } },
    ],
  },
});
