import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
      { test: { name: 'web', root: 'apps/web', environment: 'jsdom' } },
    ],
  },
});
