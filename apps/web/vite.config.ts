import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';
import { leanContracts } from './leanContracts.ts';
// The explorer's cold open has its build plugins beside its code (src/features/explorer/boot/index.ts says how the
// parts fit); the two above serve every page.
import { createChunkNamer } from './src/features/explorer/boot/build/chunks.ts';
import { explorerPreload } from './src/features/explorer/boot/build/explorer-preload.ts';

/** Chunk names by what a page's first frame needs (boot/build/chunks.ts); caches its answers for one build. */
const chunks = createChunkNamer();

/**
 * The `lab` build (bench and e2e) also holds the bench's two reference pages beside the app: floor.html (the run's
 * binary tixel table drawn with bare deck.gl) and peer.html (the same with regl-scatterplot). `npm run build` has neither.
 */
const LAB_PAGES = { main: 'index.html', floor: 'floor.html', peer: 'peer.html' };

/**
 * The SPA is served by the API server from apps/web/dist in production; in development Vite serves it
 * and forwards /api to the API server (npm run dev starts both).
 */
export default defineConfig(({ mode }) => ({
  plugins: [react(), leanContracts(), explorerPreload(), precompress()],
  // Workspaces may hoist a second React copy; two copies break hooks.
  resolve: { dedupe: ['react', 'react-dom'] },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Two chunks are large by design: the explorer's first frame (deck.gl, ~800 kB) and igv.js (~1.5 MB, loaded only
    // when the track browser opens). A chunk past them is worth the warning.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      ...(mode === 'lab' && { input: LAB_PAGES }),
      output: {
        // Long-lived vendor chunks cache across releases; screens are lazy routes on top of them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
            // MUI split by what a first render needs (boot/build/chunks.ts). TablePagination builds an Intl number format
            // when it loads (~20–60 ms on a 2-core machine): it goes with the admin tables that use it.
            {
              name: (id, ctx) => chunks.mui(id, ctx),
              debugName: 'mui',
              test: /node_modules[\\/](@mui|@emotion)[\\/](?!material[\\/](TablePagination|locale)[\\/])/,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // The shared contracts (zod schemas, messages, rules) change with every feature; zod does not.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'contracts', test: /packages[\\/]contracts[\\/]/ },
            // The app's own modules and the libraries they add, by what a run's first frame needs (boot/build/chunks.ts). Their
            // dependencies are named the same way, not pulled into the same chunk.
            { name: (id, ctx) => chunks.app(id, ctx), debugName: 'app', includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
}));
